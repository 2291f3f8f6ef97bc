import { checkoutResponseSchema } from "@contracts/subscribe";
import { apiRequest } from "@/lib/api-client";

/** The alternative path: Stripe's hosted Checkout page, which comes back to /success. */
export async function startHostedCheckout(customUrl: string) {
  const { url } = await apiRequest("/api/public/checkout", {
    method: "POST",
    body: { customUrl },
    schema: checkoutResponseSchema,
  });
  window.location.assign(url);
}
