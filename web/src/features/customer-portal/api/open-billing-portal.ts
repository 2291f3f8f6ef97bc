import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { SubscriberRef } from "./subscriber-ref";

/** Stripe's billing portal, which brings the customer back to this very page. */
async function openBillingPortal(ref: SubscriberRef) {
  const { urlResponseSchema } = await import("../lib/portal-rules");
  const { url } = await apiRequest("/api/create-billing-portal", {
    method: "POST",
    body: {
      customUrl: ref.customUrl,
      manageKey: ref.manageKey,
      returnUrl: window.location.href,
    },
    schema: urlResponseSchema,
  });
  window.location.assign(url);
}

export function useOpenBillingPortal(ref: SubscriberRef) {
  return useMutation({ mutationFn: () => openBillingPortal(ref) });
}
