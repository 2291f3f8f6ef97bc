// Not hono/csrf: it checks only form and text bodies and answers a plain "Forbidden"; this refuses a foreign Origin on every mutation, JSON included, in our error shape (ADR 029).
import type { MiddlewareHandler } from "hono";
import { AppError } from "../lib/errors";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF guard: a browser always sends Origin on a cross-site mutation, so a mutation whose
 * Origin is not ours is refused. Server-to-server calls (Stripe webhooks) carry no Origin.
 */
export function originCheck(allowedOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (!safeMethods.has(c.req.method)) {
      const origin = c.req.header("origin");
      if (origin && origin !== allowedOrigin) {
        throw new AppError("forbidden", "This request came from another site and was refused.");
      }
    }
    await next();
  };
}
