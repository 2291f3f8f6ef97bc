import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import type { JobQueue } from "../../integrations/jobs/job-queue";
import type { Metrics } from "../../integrations/metrics/metrics";
import { AppError } from "../../lib/errors";

function isSameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN. Without a
 * token configured the endpoint doesn't exist: the figures name routes and volumes, which are
 * nobody else's business.
 */
export function metricsRoutes(options: {
  metrics: Metrics;
  queue: JobQueue;
  token: string | undefined;
}) {
  const { metrics, queue, token } = options;
  return new Hono<AppEnv>().get("/", async (c) => {
    if (!token) throw new AppError("not_found", "There is no such page.");
    const given = c.req.header("authorization")?.replace(/^Bearer /, "") ?? "";
    if (!isSameSecret(given, token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new AppError("unauthenticated", "A valid metrics token is required.");
    }
    // Queue figures are read when scraped, so they are as fresh as the scrape.
    metrics.jobsWaiting.reset();
    metrics.jobsOldestAge.reset();
    metrics.jobsFailed.reset();
    for (const stats of await queue.stats()) {
      metrics.jobsWaiting.set({ queue: stats.queue }, stats.waiting);
      metrics.jobsOldestAge.set({ queue: stats.queue }, stats.oldestSeconds);
      metrics.jobsFailed.set({ queue: stats.queue }, stats.failed);
    }
    c.header("Content-Type", metrics.registry.contentType);
    c.header("Cache-Control", "no-store");
    return c.body(await metrics.registry.metrics());
  });
}
