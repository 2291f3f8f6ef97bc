import Stripe from "stripe";

/**
 * Stripe's `Stripe-Signature` header, `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`, made
 * by the SDK's own test helper rather than our copy of the scheme: whatever the SDK's
 * `constructEvent` verifies is, by construction, what it signs here.
 */
export function signPayload(payload: string, secret: string, timestamp: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
