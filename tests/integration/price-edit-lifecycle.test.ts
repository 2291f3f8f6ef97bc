import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerPortalSchema } from "../../contracts/customer-portal";
import { analyticsSchema } from "../../contracts/dashboard";
import type { Offering } from "../../contracts/offerings";
import { subscribers } from "../../server/db/schema/app";
import { asCreator } from "../factories/creator-factory";
import { createOffering, type OnboardedCreator } from "../factories/offering-factory";
import { advanceEmulatorClock } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { jsonRequest, type TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";
import { startCreatorAppPerFile } from "../support/test-app-per-file";

// Issue 10, defect 2: after a price edit, existing subscribers keep (and see) their own price,
// and per-offering revenue sums what live subscribers actually pay.

let app: TestApp;
let creator: OnboardedCreator;

startCreatorAppPerFile((started) => {
  ({ app, creator } = started);
});

async function editPrice(offering: Offering, priceCents: number) {
  const response = await app.request(
    `/api/offerings/${offering.id}`,
    asCreator(
      creator,
      jsonRequest("PATCH", {
        title: offering.title,
        description: offering.description,
        priceCents,
      }),
    ),
  );
  expect(response.status).toBe(200);
}

async function portalOf(offering: Offering, manageKey: string) {
  const response = await app.request(`/api/public/customers/${offering.customUrl}/${manageKey}`);
  expect(response.status).toBe(200);
  return readJson(response, customerPortalSchema);
}

async function performanceOf(offering: Offering) {
  const response = await app.request("/api/dashboard/analytics", asCreator(creator));
  expect(response.status).toBe(200);
  const analytics = await readJson(response, analyticsSchema);
  return analytics.offerings.find((o) => o.id === offering.id);
}

describe("a price edit", () => {
  it("leaves existing subscribers on their price, on their page and in the revenue", async () => {
    const offering = await createOffering(app, creator, { title: "Dog Walks", priceCents: 2500 });
    const early = await subscribeWithCard(app, offering, { name: "Early Ed" });
    await editPrice(offering, 4000);
    const late = await subscribeWithCard(app, offering, { name: "Late Lu" });

    // Stripe keeps charging each subscriber their own price.
    const stripe = app.runtime.deps.stripe;
    const earlySubscription = await stripe.subscriptions.retrieve(early.subscriptionId);
    expect(earlySubscription.items.data[0]!.price.unit_amount).toBe(2500);

    // Each self-service page shows what that subscriber pays.
    expect((await portalOf(offering, early.manageKey)).subscriber.priceCents).toBe(2500);
    expect((await portalOf(offering, late.manageKey)).subscriber.priceCents).toBe(4000);

    // Revenue is the sum of the actual prices, not 2 × the new price.
    expect(await performanceOf(offering)).toMatchObject({
      priceCents: 4000,
      liveSubscriberCount: 2,
      revenueCents: 6500,
      livePriceRange: { minCents: 2500, maxCents: 4000 },
    });

    // A cancel ends the subscription at the paid period's end: until then it still counts.
    const cancelled = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: offering.customUrl, manageKey: early.manageKey }),
    );
    expect(cancelled.status).toBe(200);
    expect(await performanceOf(offering)).toMatchObject({
      liveSubscriberCount: 2,
      revenueCents: 6500,
    });
    // Once it has ended, it no longer counts towards revenue.
    await advanceEmulatorClock(app, 32);
    await app.flushWebhooks();
    expect(await performanceOf(offering)).toMatchObject({
      liveSubscriberCount: 1,
      revenueCents: 4000,
      livePriceRange: { minCents: 4000, maxCents: 4000 },
    });
  });

  it("counts a free subscriber at $0 and a past-due one at their price", async () => {
    const offering = await createOffering(app, creator, { title: "Tips", priceCents: 0 });
    const response = await app.request(
      "/api/public/subscribe/free",
      jsonRequest("POST", {
        customUrl: offering.customUrl,
        attemptId: randomUUID(),
        name: "Free Fay",
        email: `fay-${randomUUID().slice(0, 6)}@example.com`,
      }),
    );
    expect(response.status).toBe(201);
    await editPrice(offering, 900);
    const paying = await subscribeWithCard(app, offering, { name: "Paying Pat" });
    // Past due is still live: Stripe keeps trying to collect it.
    await app.runtime.deps.db
      .update(subscribers)
      .set({ paymentStatus: "past_due" })
      .where(eq(subscribers.id, paying.subscriberId));
    expect(await performanceOf(offering)).toMatchObject({
      liveSubscriberCount: 2,
      revenueCents: 900,
      livePriceRange: { minCents: 0, maxCents: 900 },
    });
  });
});
