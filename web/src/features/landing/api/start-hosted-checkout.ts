import { type CheckoutRequest, checkoutResponseSchema } from "@contracts/subscribe";
import { apiRequest } from "@/lib/api-client";

/**
 * The alternative path: Stripe's hosted Checkout page, which comes back to /success. Step 1's
 * name and e-mail go with it, so the page shows that e-mail and the subscriber is recorded
 * under the name they typed.
 */
export async function startHostedCheckout(input: CheckoutRequest) {
  const { url } = await apiRequest("/api/public/checkout", {
    method: "POST",
    body: input,
    schema: checkoutResponseSchema,
  });
  window.location.assign(url);
}
