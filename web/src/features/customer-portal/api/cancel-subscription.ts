import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { customerPortalKey, type SubscriberRef } from "./subscriber-ref";

/** The server cancels in Stripe first, so "cancelled" on screen means no further charge. */
async function cancelSubscription(ref: SubscriberRef) {
  const { okSchema } = await import("../lib/portal-rules");
  return apiRequest("/api/cancel-subscription", {
    method: "POST",
    body: { customUrl: ref.customUrl, manageKey: ref.manageKey },
    schema: okSchema,
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
