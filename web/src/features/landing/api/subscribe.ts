import {
  checkoutResponseSchema,
  finalizeSubscriptionResponseSchema,
  startSubscriptionResponseSchema,
} from "@contracts/subscribe";
import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { ApiError, apiRequest } from "@/lib/api-client";

export const SUBSCRIBER_STORAGE_KEY = "subscriberId";

/** The card path of the payment model, as the browser runs it. Returns the subscriber id. */
export async function subscribeByCard(input: {
  stripe: Stripe;
  card: StripeCardElement;
  customUrl: string;
  name: string;
  email: string;
  attemptId: string;
}): Promise<string> {
  const { paymentMethod, error } = await input.stripe.createPaymentMethod({
    type: "card",
    card: input.card,
    billing_details: { name: input.name, email: input.email },
  });
  if (error || !paymentMethod)
    throw new Error(error?.message ?? "Payment failed. Please try again.");
  const started = await apiRequest("/api/public/subscribe", {
    method: "POST",
    body: {
      customUrl: input.customUrl,
      attemptId: input.attemptId,
      name: input.name,
      email: input.email,
      paymentMethodId: paymentMethod.id,
    },
    schema: startSubscriptionResponseSchema,
  });
  if (started.clientSecret) {
    // 3-D Secure happens here when the bank asks for it.
    const confirmation = await input.stripe.confirmCardPayment(started.clientSecret, {
      payment_method: paymentMethod.id,
    });
    if (confirmation.error)
      throw new Error(confirmation.error.message ?? "Payment failed. Please try again.");
  }
  const { subscriberId } = await apiRequest("/api/public/subscribe/finalize", {
    method: "POST",
    body: { customUrl: input.customUrl, subscriptionId: started.subscriptionId },
    schema: finalizeSubscriptionResponseSchema,
  });
  return subscriberId;
}

export async function startHostedCheckout(customUrl: string) {
  const { url } = await apiRequest("/api/public/checkout", {
    method: "POST",
    body: { customUrl },
    schema: checkoutResponseSchema,
  });
  window.location.assign(url);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
