import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../../contracts/offerings";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../../../tests/factories/offering-factory";
import {
  advanceEmulatorClock,
  createPaymentMethod,
  testCards,
} from "../../../tests/factories/stripe-browser";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { creatorEarnings, subscribers, webhookEvents } from "../../db/schema/app";
import { EMULATOR_WEBHOOK_SECRET } from "../../runtime";

let app: TestApp;
let creator: OnboardedCreator;
let offering: Offering;

beforeAll(async () => {
  app = await createTestApp();
  creator = await createOnboardedCreator(app);
  offering = await createOffering(app, creator, { priceCents: 2000 });
});
afterAll(async () => {
  await app?.close();
});

function signedDelivery(event: Record<string, unknown>, secret = EMULATOR_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = app.runtime.deps.stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.request("/api/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

function subscriptionEvent(type: string, subscriptionId: string) {
  return {
    id: `evt_test_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    type,
    api_version: "2025-07-30.basil",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: subscriptionId, object: "subscription" } },
  };
}

async function earningsFor(subscriberId: string) {
  const [row] = await app.runtime.deps.db
    .select({ n: count() })
    .from(creatorEarnings)
    .where(eq(creatorEarnings.subscriberId, subscriberId));
  return row?.n ?? 0;
}

async function statusOf(subscriberId: string) {
  const [row] = await app.runtime.deps.db
    .select()
    .from(subscribers)
    .where(eq(subscribers.id, subscriberId));
  return row?.paymentStatus;
}

describe("the Stripe webhook endpoint", () => {
  it("refuses a missing or bad signature with a 400 and changes nothing", async () => {
    const before = await app.runtime.deps.db.select({ n: count() }).from(webhookEvents);
    const missing = await app.request("/api/webhooks/stripe", { method: "POST", body: "{}" });
    expect(missing.status).toBe(400);
    const bad = await signedDelivery(
      subscriptionEvent("customer.subscription.updated", "sub_x"),
      "whsec_wrong",
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { code: "bad_request", message: "Invalid webhook signature." },
    });
    const after = await app.runtime.deps.db.select({ n: count() }).from(webhookEvents);
    expect(after).toEqual(before);
  });

  it("acknowledges and ignores an unknown event type", async () => {
    const response = await signedDelivery({
      ...subscriptionEvent("balance.available", "x"),
      data: { object: {} },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "ignored" });
  });

  it("handles the same event once, however often and in parallel it arrives", async () => {
    const { subscriberId, subscriptionId } = await subscribeWithCard(app, offering);
    const event = subscriptionEvent("customer.subscription.updated", subscriptionId);
    const responses = await Promise.all(Array.from({ length: 3 }, () => signedDelivery(event)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    // Parallel copies may all be processed (handlers are idempotent); the state changes once.
    expect(await earningsFor(subscriberId)).toBe(1);
    // Once processed, a later copy is acknowledged without being handled again.
    const later = await signedDelivery(event);
    expect(await later.json()).toEqual({ received: true, duplicate: true });
  });

  it("converges on Stripe's state whatever the order of events", async () => {
    const { subscriberId, subscriptionId } = await subscribeWithCard(app, offering);
    await app.runtime.deps.stripe.subscriptions.cancel(subscriptionId);
    // An old "updated" arrives after the "deleted": the subscriber stays cancelled.
    await signedDelivery(subscriptionEvent("customer.subscription.deleted", subscriptionId));
    await signedDelivery(subscriptionEvent("customer.subscription.updated", subscriptionId));
    expect(await statusOf(subscriberId)).toBe("cancelled");
  });

  it("records renewals from the emulator's own signed webhooks as the clock advances", async () => {
    const { subscriberId } = await subscribeWithCard(app, offering);
    for (let month = 0; month < 3; month += 1) {
      await advanceEmulatorClock(app, 31);
    }
    await app.flushWebhooks();
    expect(await earningsFor(subscriberId)).toBe(4);
    expect(await statusOf(subscriberId)).toBe("active");
  });

  it("marks a subscriber past due when a renewal fails", async () => {
    const { subscriberId, subscriptionId } = await subscribeWithCard(app, offering);
    // The customer swaps to a card that attaches but fails when charged (as in the portal).
    const stripe = app.runtime.deps.stripe;
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const failing = await createPaymentMethod(app, testCards.failsWhenCharged);
    await stripe.paymentMethods.attach(failing, { customer: subscription.customer as string });
    await stripe.subscriptions.update(subscriptionId, { default_payment_method: failing });
    await advanceEmulatorClock(app, 31);
    await app.flushWebhooks();
    expect(await statusOf(subscriberId)).toBe("past_due");
    expect(await earningsFor(subscriberId)).toBe(1);
  });
});
