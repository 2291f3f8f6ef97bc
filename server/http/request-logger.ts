import type { MiddlewareHandler } from "hono";
import type { Logger } from "../lib/logger";

/** One JSON line per request, tagged with the request id set by hono/request-id. */
export function requestLogger(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const requestId = c.get("requestId");
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const line = {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs,
    };
    if (c.res.status >= 500) logger.error(line, "request failed");
    else logger.info(line, "request");
  };
}
