import { waitlistEntrySchema } from "@contracts/waitlist";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { sharedQueryKeys } from "@/lib/query-keys";
import { waitlistQueryKey } from "./query-keys";
import type { WaitlistEntryRef } from "./remove-waitlist-entry";

/** The entry as invited: its invitation's end is what the sheet says. */
const invitedSchema = z.object({ entry: waitlistEntrySchema });

function inviteWaitlistEntry({ offeringId, entryId }: WaitlistEntryRef) {
  return apiRequest(
    `/api/offerings/${encodeURIComponent(offeringId)}/waitlist/${encodeURIComponent(entryId)}/invite`,
    { method: "POST", schema: invitedSchema },
  );
}

/**
 * "Invite now": e-mails them the link holding a free seat for 48 hours. Refused (409) when
 * every seat is taken or held; the message says what to do.
 */
export function useInviteWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteWaitlistEntry,
    onSettled: (_data, _error, { offeringId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistQueryKey(offeringId) }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.offerings }),
      ]),
  });
}
