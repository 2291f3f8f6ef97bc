import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type Stripe from "stripe";

/**
 * The series an operator watches (docs/operations.md lists each with its alert threshold).
 * One registry per running app, so several apps in one process (tests) don't collide.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "regulars_process_" });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  return {
    registry,
    httpRequests: new Counter({
      name: "regulars_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "regulars_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method and route pattern",
      labelNames: ["method", "route"],
      buckets: seconds,
      registers: [registry],
    }),
    webhookEvents: new Counter({
      name: "regulars_webhook_events_total",
      help: "Stripe webhook events, by type and outcome (received, processed, duplicate, failed)",
      labelNames: ["type", "outcome"],
      registers: [registry],
    }),
    stripeRequests: new Counter({
      name: "regulars_stripe_requests_total",
      help: "Stripe API calls, by operation and HTTP status (0: no answer)",
      labelNames: ["operation", "status"],
      registers: [registry],
    }),
    stripeDuration: new Histogram({
      name: "regulars_stripe_request_duration_seconds",
      help: "Stripe API call latency, by operation",
      labelNames: ["operation"],
      buckets: seconds,
      registers: [registry],
    }),
    emails: new Counter({
      name: "regulars_emails_total",
      help: "E-mail delivery attempts, by kind and outcome (sent, retry, failed; capped: unsolicited mail not written, its mailbox had its hourly share)",
      labelNames: ["kind", "outcome"],
      registers: [registry],
    }),
    reconciliationDifferences: new Counter({
      name: "regulars_reconciliation_differences_total",
      help: "Differences found between recorded earnings and Stripe, by kind and whether repaired",
      labelNames: ["kind", "repaired"],
      registers: [registry],
    }),
    jobsWaiting: new Gauge({
      name: "regulars_jobs_waiting",
      help: "Jobs queued and not yet done, by queue",
      labelNames: ["queue"],
      registers: [registry],
    }),
    jobsOldestAge: new Gauge({
      name: "regulars_jobs_oldest_waiting_seconds",
      help: "Age of the oldest job still waiting, by queue (0 when none)",
      labelNames: ["queue"],
      registers: [registry],
    }),
    jobsFailed: new Gauge({
      name: "regulars_jobs_failed",
      help: "Jobs that used up their retries and were kept for inspection, by queue",
      labelNames: ["queue"],
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** "POST /v1/subscriptions/sub_123/cancel" → "POST /v1/subscriptions/:id/cancel". */
function stripeOperationOf(method: string, path: string): string {
  const template = path
    .split("?")[0]!
    .split("/")
    .map((part) => (/^[a-z]+_[A-Za-z0-9_]+$/.test(part) && /\d/.test(part) ? ":id" : part))
    .join("/");
  return `${method} ${template}`;
}

/** Counts and times every call the SDK makes, from its own request/response events. */
export function observeStripe(stripe: Stripe, metrics: Metrics) {
  stripe.on("response", (event) => {
    const operation = stripeOperationOf(event.method, event.path);
    metrics.stripeRequests.inc({ operation, status: String(event.status) });
    metrics.stripeDuration.observe({ operation }, event.elapsed / 1000);
  });
}
