import { createHmac } from "node:crypto";

/**
 * Stripe's scheme: `t=<unix>,v1=hex(HMAC-SHA256(secret, "<t>.<payload>"))`, keyed with the
 * whole "whsec_…" string (not base64-decoded), so `stripe.webhooks.constructEvent` accepts it.
 */
export function signPayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}
