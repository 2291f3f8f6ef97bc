import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../../contracts/api-error";
import {
  liveSubscriberCountSchema,
  type Offering,
  offeringListSchema,
  offeringResponseSchema,
} from "../../../contracts/offerings";
import { asCreator } from "../../../tests/factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../../../tests/factories/offering-factory";
import { advanceEmulatorClock } from "../../../tests/factories/stripe-browser";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { jsonRequest, TEST_ORIGIN, type TestApp } from "../../../tests/setup/test-app";
import { readJson } from "../../../tests/support/read-json";
import { startCreatorAppPerFile } from "../../../tests/support/test-app-per-file";
import { subscribers } from "../../db/schema/app";

let app: TestApp;
let creator: OnboardedCreator;

startCreatorAppPerFile((started) => {
  ({ app, creator } = started);
});

const portalPath = (offering: Offering, manageKey: string) =>
  `/api/public/customers/${offering.customUrl}/${manageKey}`;

function setStatus(offering: Offering, body: Record<string, unknown>, as = creator) {
  return app.request(
    `/api/offerings/${offering.id}/status`,
    asCreator(as, jsonRequest("PATCH", body)),
  );
}

async function liveSubscriberCount(offering: Offering, as = creator) {
  const response = await app.request(
    `/api/offerings/${offering.id}/live-subscribers`,
    asCreator(as),
  );
  const schema = response.ok ? liveSubscriberCountSchema : apiErrorSchema;
  return { status: response.status, body: await readJson(response, schema) };
}

/** Moves Stripe's clock past a monthly period's end and lets its webhooks land. */
async function passPeriodEnd() {
  await advanceEmulatorClock(app, 32);
  await app.flushWebhooks();
}

async function cancelViaPortal(offering: Offering, manageKey: string) {
  return app.request(
    "/api/cancel-subscription",
    jsonRequest("POST", { customUrl: offering.customUrl, manageKey }),
  );
}

describe("the deactivate confirmation's live-subscriber count", () => {
  it("counts active and past-due subscribers, not cancelled ones, of this offering only", async () => {
    const offering = await createOffering(app, creator, { title: "Counted" });
    const elsewhere = await createOffering(app, creator, { title: "Elsewhere" });
    expect(await liveSubscriberCount(offering)).toEqual({
      status: 200,
      body: { liveSubscriberCount: 0 },
    });
    const first = await subscribeWithCard(app, offering);
    const second = await subscribeWithCard(app, offering);
    const third = await subscribeWithCard(app, offering);
    await subscribeWithCard(app, elsewhere);
    expect((await cancelViaPortal(offering, third.manageKey)).status).toBe(200);
    await passPeriodEnd();
    await app.runtime.deps.db
      .update(subscribers)
      .set({ paymentStatus: "past_due" })
      .where(eq(subscribers.id, second.subscriberId));

    expect((await liveSubscriberCount(offering)).body).toEqual({ liveSubscriberCount: 2 });
    expect(first.subscriberId).toBeTruthy();
  });

  it("is another creator's secret: not found for them", async () => {
    const offering = await createOffering(app, creator, { title: "Private count" });
    const other = await createOnboardedCreator(app);
    expect((await liveSubscriberCount(offering, other)).status).toBe(404);
  });
});

describe("deactivating an offering with live subscribers", () => {
  it("keep billing: new sign-ups stop, the subscriber can still manage and cancel", async () => {
    const offering = await createOffering(app, creator, { title: "Kept", priceCents: 3000 });
    const { subscriberId, manageKey, subscriptionId } = await subscribeWithCard(app, offering);

    const response = await setStatus(offering, {
      isActive: false,
      liveSubscribers: "keep_billing",
    });
    expect(response.status).toBe(200);
    expect((await readJson(response, offeringResponseSchema)).offering.isActive).toBe(false);

    // The landing page and sign-ups are closed.
    expect((await app.request(`/api/public/offerings/${offering.customUrl}`)).status).toBe(404);
    // Billing goes on untouched.
    const stripe = app.runtime.deps.stripe;
    const kept = await stripe.subscriptions.retrieve(subscriptionId);
    expect(kept.status).toBe("active");
    expect(kept.cancel_at_period_end).toBe(false);

    // The self-service page still answers, and its actions still work.
    const portal = await app.request(portalPath(offering, manageKey));
    expect(portal.status).toBe(200);
    expect(await portal.json()).toMatchObject({
      offering: { title: "Kept" },
      subscriber: { id: subscriberId, paymentStatus: "active" },
    });
    const billingPortal = await app.request(
      "/api/create-billing-portal",
      jsonRequest("POST", {
        customUrl: offering.customUrl,
        manageKey,
        returnUrl: `${TEST_ORIGIN}/customer/${offering.customUrl}/${manageKey}`,
      }),
    );
    expect(billingPortal.status).toBe(200);
    expect((await cancelViaPortal(offering, manageKey)).status).toBe(200);
    const ending = await stripe.subscriptions.retrieve(subscriptionId);
    expect(ending).toMatchObject({ status: "active", cancel_at_period_end: true });
    const endsAt = new Date(ending.items.data[0]!.current_period_end * 1000).toISOString();
    const set = await app.request(portalPath(offering, manageKey));
    expect(await set.json()).toMatchObject({
      subscriber: { paymentStatus: "active" },
      controls: { endsAt },
    });
    await passPeriodEnd();
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("canceled");
    const after = await app.request(portalPath(offering, manageKey));
    expect(await after.json()).toMatchObject({ subscriber: { paymentStatus: "cancelled" } });
  });

  it("without a choice, deactivating keeps billing (it only stops new sign-ups)", async () => {
    const offering = await createOffering(app, creator, { title: "Default" });
    const { manageKey, subscriptionId } = await subscribeWithCard(app, offering);
    expect((await setStatus(offering, { isActive: false })).status).toBe(200);
    const subscription = await app.runtime.deps.stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.cancel_at_period_end).toBe(false);
    expect((await app.request(portalPath(offering, manageKey))).status).toBe(200);
  });

  it("cancel at period end: every live Stripe subscription ends with its period, once", async () => {
    const offering = await createOffering(app, creator, { title: "Winding down" });
    const live = [await subscribeWithCard(app, offering), await subscribeWithCard(app, offering)];
    const cancelled = await subscribeWithCard(app, offering);
    expect((await cancelViaPortal(offering, cancelled.manageKey)).status).toBe(200);
    // Ended before the deactivation: it has nothing left to schedule.
    await passPeriodEnd();

    const body = { isActive: false, liveSubscribers: "cancel_at_period_end" };
    const response = await setStatus(offering, body);
    expect(response.status).toBe(200);
    expect((await readJson(response, offeringResponseSchema)).offering.isActive).toBe(false);

    const stripe = app.runtime.deps.stripe;
    for (const { subscriptionId } of live) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      expect(subscription.status).toBe("active");
      expect(subscription.cancel_at_period_end).toBe(true);
    }
    expect((await stripe.subscriptions.retrieve(cancelled.subscriptionId)).status).toBe("canceled");

    // Idempotent: the same request again changes nothing and still succeeds.
    expect((await setStatus(offering, body)).status).toBe(200);

    // Until the period ends they are still subscribers, with a page that works.
    for (const { manageKey } of live) {
      const portal = await app.request(portalPath(offering, manageKey));
      expect(portal.status).toBe(200);
      expect(await portal.json()).toMatchObject({ subscriber: { paymentStatus: "active" } });
    }
    expect((await cancelViaPortal(offering, live[0]!.manageKey)).status).toBe(200);

    // With their period they end, uncharged again.
    await passPeriodEnd();
    for (const { subscriptionId, manageKey } of live) {
      expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe("canceled");
      const invoices = await stripe.invoices.list({ subscription: subscriptionId });
      expect(invoices.data).toHaveLength(2);
      const portal = await app.request(portalPath(offering, manageKey));
      expect(await portal.json()).toMatchObject({ subscriber: { paymentStatus: "cancelled" } });
    }

    // Reactivating works as before and reopens sign-ups.
    const reactivated = await setStatus(offering, { isActive: true });
    expect(reactivated.status).toBe(200);
    expect((await app.request(`/api/public/offerings/${offering.customUrl}`)).status).toBe(200);
  });

  it("if Stripe refuses, says so and leaves the offering active to retry", async () => {
    const offering = await createOffering(app, creator, { title: "Stripe down" });
    const { subscriptionId } = await subscribeWithCard(app, offering);
    const faults = `${app.runtime.emulator!.url}/_emulator/faults`;
    await fetch(faults, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mode: "http500", paths: ["/v1/subscriptions"] }),
    });
    let response: Response;
    try {
      response = await setStatus(offering, {
        isActive: false,
        liveSubscribers: "cancel_at_period_end",
      });
    } finally {
      await fetch(faults, { method: "DELETE" });
    }
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: {
        code: "payment_provider_error",
        message:
          "Stripe could not schedule the cancellation of 1 of 1 subscriber. " +
          "The subscription is still active. Please try again.",
      },
    });
    const list = await app.request("/api/offerings", asCreator(creator));
    const { offerings } = await readJson(list, offeringListSchema);
    expect(offerings.find((o) => o.id === offering.id)?.isActive).toBe(true);

    // The retry goes through.
    const retry = await setStatus(offering, {
      isActive: false,
      liveSubscribers: "cancel_at_period_end",
    });
    expect(retry.status).toBe(200);
    const subscription = await app.runtime.deps.stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.cancel_at_period_end).toBe(true);
  });

  it("refuses a choice of what to do with subscribers when activating, or an unknown one", async () => {
    const offering = await createOffering(app, creator, { title: "Strict" });
    const activating = await setStatus(offering, {
      isActive: true,
      liveSubscribers: "cancel_at_period_end",
    });
    expect(activating.status).toBe(400);
    expect(await activating.json()).toEqual({
      error: {
        code: "validation_failed",
        message: "liveSubscribers applies only when deactivating",
      },
    });
    const unknown = await setStatus(offering, { isActive: false, liveSubscribers: "refund" });
    expect(unknown.status).toBe(400);
  });

  it("another creator cannot cancel someone else's subscribers", async () => {
    const offering = await createOffering(app, creator, { title: "Not yours" });
    const { subscriptionId } = await subscribeWithCard(app, offering);
    const other = await createOnboardedCreator(app);
    const response = await setStatus(
      offering,
      { isActive: false, liveSubscribers: "cancel_at_period_end" },
      other,
    );
    expect(response.status).toBe(404);
    const subscription = await app.runtime.deps.stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.cancel_at_period_end).toBe(false);
  });
});
