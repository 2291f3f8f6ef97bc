import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, type TestApp } from "../setup/test-app";

const METRICS_TOKEN = "metrics-token-for-tests-0123";
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ METRICS_TOKEN });
});
afterAll(() => app?.close());

const scrape = (token?: string) =>
  app.request("/metrics", token ? { headers: { Authorization: `Bearer ${token}` } } : {});

/** The value of one series, e.g. value(text, 'regulars_emails_total{kind="payment_receipt",outcome="sent"}'). */
function value(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("operator endpoints", () => {
  it("serves /metrics only to the scraper's token", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("wrong-token-wrong-token")).status).toBe(401);
    const response = await scrape(METRICS_TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
  });

  it("has no /metrics at all without a configured token", async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.request("/metrics")).status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it("exposes every listed series, and they move with the business", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator);
    await subscribeWithCard(app, offering);
    await app.flushWebhooks();
    await expect
      .poll(
        async () =>
          value(
            await (await scrape(METRICS_TOKEN)).text(),
            'regulars_emails_total{kind="payment_receipt",outcome="sent"}',
          ),
        { timeout: 15_000, interval: 250 },
      )
      .toBe(1);
    const text = await (await scrape(METRICS_TOKEN)).text();
    for (const name of [
      "regulars_http_requests_total",
      "regulars_http_request_duration_seconds",
      "regulars_webhook_events_total",
      "regulars_stripe_requests_total",
      "regulars_stripe_request_duration_seconds",
      "regulars_emails_total",
      "regulars_jobs_waiting",
      "regulars_jobs_oldest_waiting_seconds",
      "regulars_jobs_failed",
      "regulars_reconciliation_differences_total",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    // Routes are counted by pattern, never by the slug or id in the path.
    expect(
      value(
        text,
        'regulars_http_requests_total{method="POST",route="/api/public/subscribe",status="201"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(offering.customUrl);
    expect(
      value(text, 'regulars_webhook_events_total{type="invoice.paid",outcome="processed"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(
        text,
        'regulars_stripe_requests_total{operation="POST /v1/subscriptions",status="200"}',
      ),
    ).toBe(1);
    // Read from the queue itself at scrape time, per queue.
    expect(text).toMatch(/^regulars_jobs_waiting\{queue="email\.send"\} \d+$/m);
    expect(text).toMatch(/^regulars_jobs_oldest_waiting_seconds\{queue="email\.send"\} [\d.]+$/m);
  });

  it("tells readiness apart from liveness, and stops being ready when shutdown begins", async () => {
    const ready = await app.request("/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", jobs: "ok", stripe: "ok" },
    });
    const other = await createTestApp();
    try {
      other.runtime.beginShutdown();
      expect((await other.request("/api/ready")).status).toBe(503);
      // Still alive: requests in flight finish.
      expect((await other.request("/api/health")).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("says 503 to a readiness ask whose checks were still running when shutdown began", async () => {
    const other = await createTestApp();
    try {
      // A slow Stripe holds the check open, as a busy instance does.
      await fetch(`${other.runtime.emulator?.url}/_emulator/faults`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ mode: "delay", delayMs: 800, paths: ["/v1/balance"] }),
      });
      const asked = other.request("/api/ready");
      await new Promise((r) => setTimeout(r, 200));
      other.runtime.beginShutdown();
      const ready = await asked;
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "shutting_down" });
    } finally {
      await other.close();
    }
  });
});
