import { timingSafeEqual } from "node:crypto";
import { declaredRouter } from "../../http/declared-router";
import type { JobQueue } from "../../integrations/jobs/job-queue";
import type { Metrics } from "../../integrations/metrics/metrics";
import { AppError } from "../../lib/errors";
import { metricsRoute } from "./health-api";

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
  return declaredRouter().openapi(metricsRoute, async (c) => {
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
    c.header("Cache-Control", "no-store");
    return c.text(await metrics.registry.metrics(), 200, {
      "Content-Type": metrics.registry.contentType,
    });
  });
}
