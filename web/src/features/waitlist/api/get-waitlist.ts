import { waitlistSchema } from "@contracts/waitlist";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { waitlistQueryKey } from "./query-keys";

/** An offering's waitlist: waiting and invited people in order, then the last who left it. */
function getWaitlist(offeringId: string) {
  return apiRequest(`/api/offerings/${encodeURIComponent(offeringId)}/waitlist`, {
    schema: waitlistSchema,
  });
}

function getWaitlistQueryOptions(offeringId: string) {
  return queryOptions({
    queryKey: waitlistQueryKey(offeringId),
    queryFn: () => getWaitlist(offeringId),
    // Read afresh at each opening: the list changes away from the sheet (a cancel elsewhere in
    // the dashboard invites the next person, customers join, the sweep lapses invitations).
    staleTime: 0,
  });
}

/** Read while the sheet is open (null: closed). */
export function useWaitlist(offeringId: string | null) {
  return useQuery({ ...getWaitlistQueryOptions(offeringId ?? ""), enabled: offeringId !== null });
}
