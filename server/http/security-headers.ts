import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

const stripeScriptOrigins = ["https://js.stripe.com", "https://connect-js.stripe.com"];
const stripeFrameOrigins = [
  "https://js.stripe.com",
  "https://hooks.stripe.com",
  "https://connect-js.stripe.com",
  "https://connect.stripe.com",
];
const stripeConnectOrigins = [
  "https://api.stripe.com",
  "https://connect-js.stripe.com",
  "https://merchant-ui-api.stripe.com",
];

/** CSP allowing Stripe's script, frame and API origins, plus the emulator's origin in emulator mode. */
export function securityHeaders(extraOrigin: string | null, isHttps: boolean): MiddlewareHandler {
  const extra = extraOrigin ? [extraOrigin] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...stripeScriptOrigins, ...extra],
      frameSrc: ["'self'", ...stripeFrameOrigins, ...extra],
      connectSrc: ["'self'", ...stripeConnectOrigins, ...extra],
      imgSrc: ["'self'", "data:", "https://*.stripe.com"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", "data:"],
      formAction: ["'self'", ...extra],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
    strictTransportSecurity: isHttps ? "max-age=31536000; includeSubDomains" : false,
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    xFrameOptions: "DENY",
    // A route may set its own header first (the framed Connect return page does).
    overwrite: false,
  });
}
