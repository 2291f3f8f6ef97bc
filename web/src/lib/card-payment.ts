import type { PaymentMethodCreateParams, Stripe, StripeCardElement } from "@stripe/stripe-js";
import type { z } from "zod";
import { ApiError, apiRequest } from "./api-client";

// The card path shared by a customer's subscription (the landing page) and a creator's
// platform plan (the Account tab): Stripe.js makes a PaymentMethod, our server starts the
// subscription with it, and the browser confirms the first charge when the bank asks.

export const PAYMENT_FAILED_MESSAGE = "Payment failed. Please try again.";

/** An error whose message is meant for the person paying (Stripe's or ours). */
export class PaymentError extends Error {}

/** Only our API and Stripe speak to the person paying; anything else (a bug) gets our words. */
export function paymentErrorMessage(error: unknown): string {
  if (error instanceof PaymentError || error instanceof ApiError) return error.message;
  return PAYMENT_FAILED_MESSAGE;
}

/** The card typed into the CardElement as a PaymentMethod: its id, never the card itself. */
export async function createCardPaymentMethod(
  stripe: Stripe,
  card: StripeCardElement,
  billingDetails?: PaymentMethodCreateParams.BillingDetails,
): Promise<string> {
  const { paymentMethod, error } = await stripe.createPaymentMethod({
    type: "card",
    card,
    ...(billingDetails ? { billing_details: billingDetails } : {}),
  });
  if (error || !paymentMethod) throw new PaymentError(error?.message ?? PAYMENT_FAILED_MESSAGE);
  return paymentMethod.id;
}

/**
 * A request that never reached the server (or whose answer got lost) is sent once more with
 * the same body. That is safe only because the body's attempt id (or the subscription it names)
 * makes the server idempotent.
 */
export async function postWithOneRetry<T>(path: string, body: unknown, schema: z.ZodType<T>) {
  try {
    return await apiRequest(path, { method: "POST", body, schema });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error;
    return apiRequest(path, { method: "POST", body, schema });
  }
}
