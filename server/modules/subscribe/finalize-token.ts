import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Finalize hands out the subscriber id, which is the manage link's secret. So it answers only
 * whoever started the attempt: start returns this token, an HMAC of the subscription id under
 * the server's secret, and finalize checks it. A subscription id alone is not enough: it is no
 * secret (it sits in logs, webhook payloads, the Stripe dashboard and support conversations).
 * Stateless, so a retry on another instance works, and a replay of the same start returns it.
 */
export function finalizeTokens(secret: string) {
  const sign = (subscriptionId: string) =>
    createHmac("sha256", secret).update(`regulars:finalize:${subscriptionId}`).digest("base64url");
  return {
    sign,
    isValid(subscriptionId: string, token: string): boolean {
      const expected = Buffer.from(sign(subscriptionId));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type FinalizeTokens = ReturnType<typeof finalizeTokens>;
