import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE,
  publicOfferingResponseSchema,
} from "../../contracts/landing";
import type { Offering } from "../../contracts/offerings";
import { asCreator, createCreator, type TestCreator } from "../factories/creator-factory";
import { createOffering } from "../factories/offering-factory";
import {
  advanceEmulatorClock,
  completeConnectOnboarding,
  createPaymentMethod,
  testCards,
} from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { jsonRequest, type TestApp } from "../setup/test-app";
import { readConnectedAccount, readJson } from "../support/read-json";
import { startTestAppPerFile } from "../support/test-app-per-file";

// Issue 18, first week 2 (ADR 024): a creator may leave onboarding before Stripe has verified
// them. Their offerings exist, but nothing can subscribe until Stripe enables charges, and the
// refusal says why; once account.updated enables charges, subscriptions work with no other step.

let app: TestApp;

startTestAppPerFile((started) => {
  app = started;
});

/** Past the wizard with "Finish later": a connected account Stripe hasn't enabled yet. */
async function creatorWhoFinishesLater(): Promise<TestCreator & { stripeAccountId: string }> {
  const creator = await createCreator(app);
  const created = await app.request(
    "/api/connect/account",
    asCreator(creator, jsonRequest("POST", {})),
  );
  const account = await readConnectedAccount(created);
  const saved = await app.request(
    "/api/onboarding/complete",
    asCreator(
      creator,
      jsonRequest("POST", {
        businessName: "Later Lawns",
        businessType: "services",
        monthlyRevenue: "pre-revenue",
        goals: [],
      }),
    ),
  );
  expect(saved.status).toBe(200);
  return { ...creator, stripeAccountId: account.stripeAccountId };
}

async function publicOffering(offering: Offering) {
  const response = await app.request(`/api/public/offerings/${offering.customUrl}`);
  expect(response.status).toBe(200);
  return (await readJson(response, publicOfferingResponseSchema)).offering;
}

/** Every way in: card, free, hosted Checkout. */
async function tryEveryWayToSubscribe(paid: Offering, free: Offering) {
  const email = `early-${randomUUID().slice(0, 6)}@example.com`;
  const card = await app.request(
    "/api/public/subscribe",
    jsonRequest("POST", {
      customUrl: paid.customUrl,
      attemptId: randomUUID(),
      name: "Early Eve",
      email,
      paymentMethodId: await createPaymentMethod(app, testCards.success),
    }),
  );
  const freeSubscribe = await app.request(
    "/api/public/subscribe/free",
    jsonRequest("POST", {
      customUrl: free.customUrl,
      attemptId: randomUUID(),
      name: "Early Eve",
      email,
    }),
  );
  const checkout = await app.request(
    "/api/public/checkout",
    jsonRequest("POST", { customUrl: paid.customUrl, name: "Early Eve", email }),
  );
  return [card, freeSubscribe, checkout];
}

describe("finishing payment setup later", () => {
  it("lets the creator make offerings that refuse every subscribe with a clear 409 until Stripe enables charges, then take them with no other step", async () => {
    const creator = await creatorWhoFinishesLater();
    // Offerings can be made before Stripe has enabled anything.
    const paid = await createOffering(app, creator, { title: "Lawn Care", priceCents: 2500 });
    const free = await createOffering(app, creator, { title: "Lawn Tips", priceCents: 0 });
    expect(await publicOffering(paid)).toMatchObject({ isAcceptingSubscriptions: false });

    for (const response of await tryEveryWayToSubscribe(paid, free)) {
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: { code: "conflict", message: NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE },
      });
    }
    const stripe = app.runtime.deps.stripe;
    expect((await stripe.subscriptions.list({ limit: 100 })).data).not.toContainEqual(
      expect.objectContaining({
        metadata: expect.objectContaining({ regulars_offering_id: paid.id }),
      }),
    );

    // Months later Stripe finishes verifying them: only the webhook tells us.
    await advanceEmulatorClock(app, 60);
    await completeConnectOnboarding(app, creator.stripeAccountId);
    await app.flushWebhooks();

    // The public read is cached for a second at most.
    await expect
      .poll(async () => (await publicOffering(paid)).isAcceptingSubscriptions, { timeout: 5000 })
      .toBe(true);
    const { subscriberId } = await subscribeWithCard(app, paid, { name: "Patient Pat" });
    expect(subscriberId).toBeTruthy();
    const freeSubscribe = await app.request(
      "/api/public/subscribe/free",
      jsonRequest("POST", {
        customUrl: free.customUrl,
        attemptId: randomUUID(),
        name: "Patient Pat",
        email: `pat-${randomUUID().slice(0, 6)}@example.com`,
      }),
    );
    expect(freeSubscribe.status).toBe(201);
  });

  it("counts charges, not the whole onboarding: a creator with no account at all can't be subscribed to either", async () => {
    const creator = await createCreator(app);
    const paid = await createOffering(app, creator, { title: "Dog Walks", priceCents: 3000 });
    const free = await createOffering(app, creator, { title: "Dog Tips", priceCents: 0 });
    expect(await publicOffering(free)).toMatchObject({ isAcceptingSubscriptions: false });
    for (const response of await tryEveryWayToSubscribe(paid, free)) {
      expect(response.status).toBe(409);
    }
  });
});
