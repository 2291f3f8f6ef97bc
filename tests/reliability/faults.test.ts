import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { confirmCardPayment, createPaymentMethod, testCards } from "../factories/stripe-browser";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { findOrphans } from "./row-invariants";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function setFaults(body: Record<string, unknown> | null) {
  await fetch(`${app.runtime.emulator!.url}/_emulator/faults`, {
    method: body ? "POST" : "DELETE",
    headers: { "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
}

describe("Stripe failing 20% of calls", () => {
  it("every subscribe completes or fails with a clear message; nothing paid is left unrecorded", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { priceCents: 1500 });
    // Cards are created before the faults start: that is the browser talking to Stripe.
    const cards = await Promise.all(
      Array.from({ length: 24 }, () => createPaymentMethod(app, testCards.success)),
    );
    await setFaults({
      failureRate: 0.2,
      mode: "http500",
      paths: ["/v1/customers", "/v1/subscriptions", "/v1/payment_methods/", "/v1/invoices"],
    });

    const outcomes = await Promise.all(
      cards.map(async (paymentMethodId, index) => {
        const start = await app.request(
          "/api/public/subscribe",
          jsonRequest("POST", {
            customUrl: offering.customUrl,
            attemptId: randomUUID(),
            name: `Fault ${index}`,
            email: `fault-${index}@example.com`,
            paymentMethodId,
          }),
        );
        const body = (await start.json()) as {
          subscriptionId?: string;
          clientSecret?: string;
          error?: { message: string };
        };
        if (start.status !== 201) return { status: start.status, message: body.error?.message };
        await confirmCardPayment(app, body.clientSecret!, paymentMethodId);
        const finalize = await app.request(
          "/api/public/subscribe/finalize",
          jsonRequest("POST", {
            customUrl: offering.customUrl,
            subscriptionId: body.subscriptionId,
          }),
        );
        const finalBody = (await finalize.json()) as { error?: { message: string } };
        return { status: finalize.status, message: finalBody.error?.message };
      }),
    );
    await setFaults(null);

    for (const outcome of outcomes) {
      // Success, or a JSON error with a sentence for the customer; never a crash.
      expect([200, 201, 402, 409, 502]).toContain(outcome.status);
      if (outcome.status >= 400) expect(outcome.message?.length).toBeGreaterThan(5);
    }
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(12);

    // Webhooks reconcile anything that was paid while our finalize call failed.
    await app.flushWebhooks();
    expect(await findOrphans(app.runtime.deps.db)).toEqual({
      subscribersWithoutPayment: 0,
      subscribersWithoutEarnings: 0,
    });
    const stripe = app.runtime.deps.stripe;
    const active = await stripe.subscriptions.list({ status: "active", limit: 100 });
    const ours = active.data.filter((s) => s.metadata.regulars_offering_id === offering.id);
    const { subscribers } = await import("../../server/db/schema/app");
    const rows = await app.runtime.deps.db.select().from(subscribers);
    const recorded = new Set(rows.map((r) => r.stripeSubscriptionId));
    expect(ours.filter((s) => !recorded.has(s.id)).map((s) => s.id)).toEqual([]);
  });

  it("the SDK retries with one idempotency key, so a retried create makes one customer", async () => {
    await setFaults({ failureRate: 0.5, mode: "http500", paths: ["/v1/customers"] });
    const stripe = app.runtime.deps.stripe;
    const email = `retry-${randomUUID().slice(0, 6)}@example.com`;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => stripe.customers.create({ email })),
    );
    await setFaults(null);
    const created = results.filter((r) => r.status === "fulfilled").length;
    const listed = await stripe.customers.list({ email, limit: 100 });
    // Each call is its own request (own key), and each retry reused its key: no extra customers.
    expect(listed.data.length).toBe(created);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(Stripe.errors.StripeAPIError);
  });
});
