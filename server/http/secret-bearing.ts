import type { MiddlewareHandler } from "hono";

/**
 * Pages and answers that carry a bearer secret: a manage link's key (in the address or the
 * answer), an e-mail change's token, a finalize token or a payment's client secret, a
 * billing-portal session link, a Checkout session id, a password-reset or verification token.
 * None may be kept by a cache (a shared computer's browser, a proxy) or leak through the
 * Referer header to another site.
 */
export const secretBearingPaths = [
  "/customer/*",
  // An e-mail change's confirm and undo pages, whose addresses carry the token, and their API.
  "/email-change/*",
  "/api/public/email-changes/*",
  "/success",
  "/reset-password",
  "/api/public/customers/*",
  "/api/create-billing-portal",
  "/api/cancel-subscription",
  "/api/public/subscribe",
  "/api/public/subscribe/*",
  "/api/auth/reset-password/*",
  "/api/auth/verify-email",
  // A subscriber's detail carries their manage link; exports carry customers' details.
  "/api/subscribers",
  "/api/subscribers/*",
] as const;

/** Cache-Control: no-store and Referrer-Policy: no-referrer, on success and error alike. */
export function keepOutOfCachesAndReferrers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
  };
}
