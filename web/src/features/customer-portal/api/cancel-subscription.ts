import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { customerPortalKey, type SubscriberRef } from "./subscriber-ref";

/**
 * The server sets the subscription to end at its paid period's end in Stripe first, and says
 * when (`endsAt`); with nothing paid ahead it ends now (`endsAt` null).
 */
async function cancelSubscription(ref: SubscriberRef) {
  const { cancelSubscriptionResponseSchema } = await import("../lib/portal-rules");
  return apiRequest("/api/cancel-subscription", {
    method: "POST",
    body: { customUrl: ref.customUrl, manageKey: ref.manageKey },
    schema: cancelSubscriptionResponseSchema,
  });
}

export function useCancelSubscription(ref: SubscriberRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(ref),
    // Refetch on failure too: a partial failure must not leave a stale status on screen.
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerPortalKey(ref) }),
  });
}
