import { type CancelSubscriberInput, cancelSubscriberResultSchema } from "@contracts/subscribers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { sharedQueryKeys } from "@/lib/query-keys";
import { subscribersQueryKey } from "./query-keys";

function cancelSubscriber(id: string, input: CancelSubscriberInput) {
  return apiRequest(`/api/subscribers/${encodeURIComponent(id)}/cancel`, {
    method: "POST",
    body: input,
    schema: cancelSubscriberResultSchema,
  });
}

/** Changes the subscriber, every list they appear in, and the dashboard's counts. */
export function useCancelSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CancelSubscriberInput & { id: string }) =>
      cancelSubscriber(id, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscribersQueryKey }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.dashboard }),
      ]),
  });
}
