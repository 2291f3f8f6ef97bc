import { offeringResponseSchema } from "@contracts/offerings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { analyticsQueryKey, offeringsQueryKey, overviewQueryKey } from "./query-keys";

export interface SetOfferingStatusVariables {
  id: string;
  isActive: boolean;
}

export function setOfferingStatus({ id, isActive }: SetOfferingStatusVariables) {
  return apiRequest(`/api/offerings/${encodeURIComponent(id)}/status`, {
    method: "PATCH",
    body: { isActive },
    schema: offeringResponseSchema,
  });
}

export function useSetOfferingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOfferingStatus,
    // Spec: update is_active, then reload the list; only active offerings count in revenue.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offeringsQueryKey }),
        queryClient.invalidateQueries({ queryKey: overviewQueryKey }),
        queryClient.invalidateQueries({ queryKey: analyticsQueryKey }),
      ]),
  });
}
