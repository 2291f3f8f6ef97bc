import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Metrics } from "../integrations/metrics/metrics";

/**
 * The pattern of the handler that answered (":customUrl", not the slug), so the number of
 * series stays bounded whatever paths people try. Middleware take `next` (two parameters);
 * the first matched route that doesn't is the one that answered.
 */
function answeringRoute(c: Context): string {
  const route = matchedRoutes(c).find((r) => r.handler.length < 2);
  return route?.path ?? "unmatched";
}

/** Counts and times each request by the route pattern it matched, never by its raw path. */
export function httpMetrics(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = { method: c.req.method, route: answeringRoute(c) };
      metrics.httpRequests.inc({ ...labels, status: String(c.res.status) });
      metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
    }
  };
}
