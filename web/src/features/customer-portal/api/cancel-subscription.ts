import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { customerPortalKey, type SubscriberRef } from "./subscriber-ref";

const okSchema = z.object({ ok: z.literal(true) });

/** The server cancels in Stripe first, so "cancelled" on screen means no further charge. */
function cancelSubscription(ref: SubscriberRef) {
  return apiRequest("/api/cancel-subscription", {
    method: "POST",
    body: { customUrl: ref.customUrl, subscriberId: ref.subscriberId },
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
