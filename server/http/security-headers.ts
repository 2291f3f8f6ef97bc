// Not hono/secure-headers: it sets headers on the finished response (a full Fetch Response on every request); these go out with the route's own (ADR 029).
import type { MiddlewareHandler } from "hono";

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

/** The CSP and hono/secure-headers' defaults (with our choices), as one fixed list. */
function securityHeaderList(extraOrigin: string | null, isHttps: boolean): [string, string][] {
  const extra = extraOrigin ? [extraOrigin] : [];
  const csp = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...stripeScriptOrigins, ...extra],
    "frame-src": ["'self'", ...stripeFrameOrigins, ...extra],
    "connect-src": ["'self'", ...stripeConnectOrigins, ...extra],
    "img-src": ["'self'", "data:", "https://*.stripe.com"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "font-src": ["'self'", "data:"],
    "form-action": ["'self'", ...extra],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
  };
  const headers: [string, string][] = [
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
    [
      "Content-Security-Policy",
      Object.entries(csp)
        .map(([directive, sources]) => `${directive} ${sources.join(" ")}`)
        .join("; "),
    ],
  ];
  if (isHttps) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/**
 * CSP allowing Stripe's script, frame and API origins, plus the emulator's origin in emulator
 * mode, and the usual hardening headers. They are set before the route runs, so they go out
 * with the response the route builds (hono's secureHeaders sets them on the finished response,
 * which on every request turns node-server's light response into a full Fetch one). A route
 * or a later middleware may set its own value (the framed Connect return page does). A
 * response a handler builds itself (better-auth's) gets the ones it lacks afterwards.
 */
export function securityHeaders(extraOrigin: string | null, isHttps: boolean): MiddlewareHandler {
  const headers = securityHeaderList(extraOrigin, isHttps);
  return async (c, next) => {
    for (const [name, value] of headers) c.header(name, value);
    await next();
    const sent = c.res.headers;
    if (sent.has("Content-Security-Policy")) return;
    for (const [name, value] of headers) if (!sent.has(name)) sent.set(name, value);
  };
}
