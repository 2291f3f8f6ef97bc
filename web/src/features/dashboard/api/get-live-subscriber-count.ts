import { liveSubscriberCountSchema } from "@contracts/offerings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { liveSubscriberCountQueryKey } from "./query-keys";

/** How many of an offering's subscribers are not cancelled: the deactivate dialog names it. */
function getLiveSubscriberCount(offeringId: string) {
  return apiRequest(`/api/offerings/${encodeURIComponent(offeringId)}/live-subscribers`, {
    schema: liveSubscriberCountSchema,
  });
}

function getLiveSubscriberCountQueryOptions(offeringId: string) {
  return queryOptions({
    queryKey: liveSubscriberCountQueryKey(offeringId),
    queryFn: () => getLiveSubscriberCount(offeringId),
    // Read fresh each time the dialog opens: someone may have subscribed a moment ago.
    staleTime: 0,
  });
}

export function useLiveSubscriberCount(offeringId: string, options: { enabled: boolean }) {
  return useQuery({ ...getLiveSubscriberCountQueryOptions(offeringId), ...options });
}
