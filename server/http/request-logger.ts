// Not hono-pino or pino-http: ours writes our line (requestId, method, redacted path, status, durationMs) and runs the request inside requestContext (ADR 029).
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../lib/logger";
import { requestContext } from "../lib/request-context";

/**
 * Paths whose segments are bearer secrets: a manage link's key, a password-reset token. Query
 * strings (a Checkout session id, a verification or e-mail change token) are never logged.
 */
const secretSegments: [RegExp, string][] = [
  [/^(\/customer\/[^/]+\/)[^/]+/, "$1[redacted]"],
  [/^(\/api\/public\/customers\/[^/]+\/)[^/]+/, "$1[redacted]"],
  [/^(\/api\/auth\/reset-password\/)[^/]+/, "$1[redacted]"],
  // A creator's own subscriber, by id (the Subscribers tab): the same secret as a manage link.
  [/^(\/api\/subscribers\/)(?!export\/)[^/]+/, "$1[redacted]"],
];

function redactSecretsInPath(path: string): string {
  for (const [pattern, replacement] of secretSegments) {
    if (pattern.test(path)) return path.replace(pattern, replacement);
  }
  return path;
}

/**
 * One JSON line per request, tagged with the request id set by hono/request-id; everything the
 * request logs on its way carries the same id (requestContext).
 */
export function requestLogger(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = c.get("requestId");
    await requestContext.run({ requestId }, next);
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const line = {
      requestId,
      method: c.req.method,
      path: redactSecretsInPath(c.req.path),
      status: c.res.status,
      durationMs,
    };
    if (c.res.status >= 500) logger.error(line, "request failed");
    else logger.info(line, "request");
  };
}
