import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { sharedQueryKeys } from "@/lib/query-keys";
import { waitlistQueryKey } from "./query-keys";

export interface WaitlistEntryRef {
  offeringId: string;
  entryId: string;
}

/** The reply's body is not read: the list is fetched again, which is what the sheet shows. */
const anyReply = z.unknown();

function removeWaitlistEntry({ offeringId, entryId }: WaitlistEntryRef) {
  return apiRequest(
    `/api/offerings/${encodeURIComponent(offeringId)}/waitlist/${encodeURIComponent(entryId)}`,
    { method: "DELETE", schema: anyReply },
  );
}

/** Takes someone off the list: the list, and the offerings' waitlist counts, change. */
export function useRemoveWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWaitlistEntry,
    onSettled: (_data, _error, { offeringId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistQueryKey(offeringId) }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.offerings }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.dashboard }),
      ]),
  });
}
