import {
  type LiveSubscriberAction,
  offeringResponseSchema,
  type SetOfferingStatusInput,
} from "@contracts/offerings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { sharedQueryKeys } from "@/lib/query-keys";
import { analyticsQueryKey, overviewQueryKey } from "./query-keys";

interface SetOfferingStatusVariables {
  id: string;
  isActive: boolean;
  /** Deactivating only: keep billing the live subscribers, or end each at its period's end. */
  liveSubscribers?: LiveSubscriberAction;
}

function setOfferingStatus({ id, isActive, liveSubscribers }: SetOfferingStatusVariables) {
  const body: SetOfferingStatusInput = isActive ? { isActive } : { isActive, liveSubscribers };
  return apiRequest(`/api/offerings/${encodeURIComponent(id)}/status`, {
    method: "PATCH",
    body,
    schema: offeringResponseSchema,
  });
}

export function useSetOfferingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOfferingStatus,
    // Spec: update is_active, then reload the list; only active offerings count in revenue.
    // The offerings key also covers each offering's live-subscriber count.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.offerings }),
        queryClient.invalidateQueries({ queryKey: overviewQueryKey }),
        queryClient.invalidateQueries({ queryKey: analyticsQueryKey }),
      ]),
  });
}
