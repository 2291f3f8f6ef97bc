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
  // prom-client hashes a label object on every call; the series themselves are few (method ×
  // route pattern × status), so each one's child is looked up once and kept.
  const counters = new Map<string, ReturnType<typeof metrics.httpRequests.labels>>();
  const timers = new Map<string, ReturnType<typeof metrics.httpDuration.labels>>();
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const method = c.req.method;
      const route = answeringRoute(c);
      const status = String(c.res.status);
      const series = `${method} ${route}`;
      let timer = timers.get(series);
      if (!timer) {
        timer = metrics.httpDuration.labels(method, route);
        timers.set(series, timer);
      }
      const key = `${series} ${status}`;
      let counter = counters.get(key);
      if (!counter) {
        counter = metrics.httpRequests.labels(method, route, status);
        counters.set(key, counter);
      }
      counter.inc();
      timer.observe((performance.now() - started) / 1000);
    }
  };
}
