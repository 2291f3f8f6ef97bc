import type Stripe from "stripe";

/** The PaymentIntent that paid an invoice: basil keeps it on `payments`, present when expanded. */
export function paymentIntentIdOf(invoice: Stripe.Invoice): string | null {
  const intent = invoice.payments?.data[0]?.payment?.payment_intent;
  if (!intent) return null;
  return typeof intent === "string" ? intent : intent.id;
}
