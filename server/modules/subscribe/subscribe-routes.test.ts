import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../../contracts/offerings";
import {
  checkoutResponseSchema,
  finalizeSubscriptionResponseSchema,
  startSubscriptionResponseSchema,
} from "../../../contracts/subscribe";
import { asCreator } from "../../../tests/factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../../../tests/factories/offering-factory";
import {
  answerThreeDSecure,
  confirmCardPayment,
  createPaymentMethod,
  testCards,
} from "../../../tests/factories/stripe-browser";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { createTestApp, jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { readApiError, readJson } from "../../../tests/support/read-json";
import {
  creatorEarnings,
  emailOutbox,
  paymentSubscriptions,
  subscribers,
} from "../../db/schema/app";

let app: TestApp;
let creator: OnboardedCreator;
let offering: Offering;

beforeAll(async () => {
  app = await createTestApp();
  creator = await createOnboardedCreator(app);
  offering = await createOffering(app, creator, { priceCents: 2500 });
});
afterAll(async () => {
  await app?.close();
});

async function rowsFor(stripeSubscriptionId: string) {
  const db = app.runtime.deps.db;
  const subs = await db
    .select()
    .from(subscribers)
    .where(eq(subscribers.stripeSubscriptionId, stripeSubscriptionId));
  const payments = await db
    .select()
    .from(paymentSubscriptions)
    .where(eq(paymentSubscriptions.stripeSubscriptionId, stripeSubscriptionId));
  const earnings = subs[0]
    ? await db.select().from(creatorEarnings).where(eq(creatorEarnings.subscriberId, subs[0].id))
    : [];
  return { subs, payments, earnings };
}

async function start(body: Record<string, unknown>) {
  return app.request("/api/public/subscribe", jsonRequest("POST", body));
}

/** A card subscription's start reply: its first payment always has a client secret. */
async function readStarted(response: Response) {
  const started = await readJson(response, startSubscriptionResponseSchema);
  const { clientSecret } = started;
  if (!clientSecret) throw new Error("A card subscription's first payment has a client secret");
  return { ...started, clientSecret };
}

describe("subscribing by card", () => {
  it("writes the subscriber, payment subscription and earnings, and queues the e-mail", async () => {
    const email = `ana-${randomUUID().slice(0, 6)}@example.com`;
    const { subscriberId, manageKey, subscriptionId } = await subscribeWithCard(app, offering, {
      name: "Ana",
      email,
    });
    const { subs, payments, earnings } = await rowsFor(subscriptionId);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      id: subscriberId,
      name: "Ana",
      email,
      paymentStatus: "active",
    });
    expect(subs[0]!.stripeCustomerId).toMatch(/^cus_/);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.status).toBe("active");
    expect(payments[0]!.currentPeriodEnd!.getTime()).toBeGreaterThan(
      payments[0]!.currentPeriodStart!.getTime(),
    );
    expect(earnings).toHaveLength(1);
    expect(earnings[0]).toMatchObject({
      grossAmountCents: 2500,
      platformFeePercent: 15,
      platformFeeCents: 375,
      netAmountCents: 2125,
    });
    expect(earnings[0]!.stripePaymentIntentId).toMatch(/^pi_/);

    // A destination charge with the platform fee.
    const subscription = await app.runtime.deps.stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.transfer_data?.destination).toBe(creator.stripeAccountId);
    expect(subscription.application_fee_percent).toBe(15);

    const mail = await app.runtime.deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email));
    // The welcome and the first payment's receipt, each with the self-service link.
    expect(mail.map((m) => m.kind).sort()).toEqual([
      "payment_receipt",
      "subscription_confirmation",
    ]);
    for (const message of mail) {
      // The link's key, never the subscriber's id (ADR 022).
      expect(message.text).toContain(`/customer/${offering.customUrl}/${manageKey}`);
      expect(message.text).not.toContain(subscriberId);
    }
  });

  it("makes one customer, one subscription and one set of rows from 10 identical parallel attempts", async () => {
    const paymentMethodId = await createPaymentMethod(app, testCards.success);
    const body = {
      customUrl: offering.customUrl,
      attemptId: randomUUID(),
      name: "Double Clicker",
      email: `dc-${randomUUID().slice(0, 6)}@example.com`,
      paymentMethodId,
    };
    const responses = await Promise.all(Array.from({ length: 10 }, () => start(body)));
    const bodies = await Promise.all(responses.map((r) => readStarted(r)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = new Set(bodies.map((b) => b.subscriptionId));
    expect(ids.size).toBe(1);

    await confirmCardPayment(app, bodies[0]!.clientSecret, paymentMethodId);
    const finalizeBody = {
      customUrl: offering.customUrl,
      subscriptionId: bodies[0]!.subscriptionId,
      finalizeToken: bodies[0]!.finalizeToken,
    };
    const finals = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.request("/api/public/subscribe/finalize", jsonRequest("POST", finalizeBody)),
      ),
    );
    const subscriberIds = new Set(
      await Promise.all(
        finals.map(
          async (r) => (await readJson(r, finalizeSubscriptionResponseSchema)).subscriberId,
        ),
      ),
    );
    expect(subscriberIds.size).toBe(1);
    const { subs, payments, earnings } = await rowsFor(bodies[0]!.subscriptionId);
    expect([subs.length, payments.length, earnings.length]).toEqual([1, 1, 1]);

    const customers = await app.runtime.deps.stripe.customers.list({ email: body.email });
    expect(customers.data).toHaveLength(1);
  });

  it("passes 3-D Secure after a failed first challenge", async () => {
    const paymentMethodId = await createPaymentMethod(app, testCards.threeDSecure);
    const response = await start({
      customUrl: offering.customUrl,
      attemptId: randomUUID(),
      name: "Three Dee",
      email: "threedee@example.com",
      paymentMethodId,
    });
    const { subscriptionId, clientSecret, finalizeToken } = await readStarted(response);
    const intentId = clientSecret.split("_secret_")[0]!;

    const first = await confirmCardPayment(app, clientSecret, paymentMethodId);
    expect(first.body.status).toBe("requires_action");
    await answerThreeDSecure(app, intentId, "fail");
    const notYet = await app.request(
      "/api/public/subscribe/finalize",
      jsonRequest("POST", { customUrl: offering.customUrl, subscriptionId, finalizeToken }),
    );
    expect(notYet.status).toBe(402);

    const second = await confirmCardPayment(app, clientSecret, paymentMethodId);
    expect(second.body.status).toBe("requires_action");
    await answerThreeDSecure(app, intentId, "complete");
    const done = await app.request(
      "/api/public/subscribe/finalize",
      jsonRequest("POST", { customUrl: offering.customUrl, subscriptionId, finalizeToken }),
    );
    expect(done.status).toBe(200);
    expect((await rowsFor(subscriptionId)).subs).toHaveLength(1);
  });

  it("reports a declined card with Stripe's message and writes nothing", async () => {
    const db = app.runtime.deps.db;
    const [before] = await db.select({ n: count() }).from(subscribers);
    let paymentMethodError: unknown = null;
    let paymentMethodId: string | null = null;
    try {
      paymentMethodId = await createPaymentMethod(app, testCards.declined);
    } catch (error) {
      paymentMethodError = error;
    }
    if (paymentMethodId) {
      const response = await start({
        customUrl: offering.customUrl,
        attemptId: randomUUID(),
        name: "Declined",
        email: "declined@example.com",
        paymentMethodId,
      });
      if (response.status === 201) {
        const { clientSecret } = await readStarted(response);
        const confirm = await confirmCardPayment(app, clientSecret, paymentMethodId);
        expect(confirm.status).toBe(402);
        expect(JSON.stringify(confirm.body)).toContain("Your card was declined.");
      } else {
        expect(response.status).toBe(402);
        expect((await readApiError(response)).message).toBe("Your card was declined.");
      }
    } else {
      expect(String(paymentMethodError)).toContain("declined");
    }
    const [after] = await db.select({ n: count() }).from(subscribers);
    expect(after!.n).toBe(before!.n);
  });

  it("refuses an inactive or missing offering with a clear message", async () => {
    const paused = await createOffering(app, creator, { title: "Paused Plan" });
    await app.request(
      `/api/offerings/${paused.id}/status`,
      asCreator(creator, jsonRequest("PATCH", { isActive: false })),
    );
    const paymentMethodId = await createPaymentMethod(app, testCards.success);
    for (const customUrl of [paused.customUrl, "no-such-offering-12345678"]) {
      const response = await start({
        customUrl,
        attemptId: randomUUID(),
        name: "A",
        email: "a@example.com",
        paymentMethodId,
      });
      expect(response.status).toBe(404);
      expect((await readApiError(response)).message).toBe(
        "This subscription is not available. It may have been deactivated.",
      );
    }
  });

  it.each([
    [{}, "customUrl is required."],
    [
      {
        customUrl: "x",
        attemptId: "nope",
        name: "A",
        email: "a@example.com",
        paymentMethodId: "pm_1",
      },
      "attemptId must be a UUID",
    ],
    [
      {
        customUrl: "x",
        attemptId: randomUUID(),
        name: "",
        email: "a@example.com",
        paymentMethodId: "pm_1",
      },
      "Full Name is required",
    ],
    [
      {
        customUrl: "x",
        attemptId: randomUUID(),
        name: "A",
        email: "nope",
        paymentMethodId: "pm_1",
      },
      "Enter a valid email address",
    ],
  ])("validates the subscribe body %#", async (body, message) => {
    const response = await start(body);
    expect(response.status).toBe(400);
    expect((await readApiError(response)).message).toBe(message);
  });

  it("starts a hosted checkout session with the same fee and destination", async () => {
    const response = await app.request(
      "/api/public/checkout",
      jsonRequest("POST", { customUrl: offering.customUrl, name: "Ann", email: "ann@example.com" }),
    );
    expect(response.status).toBe(200);
    const { url } = await readJson(response, checkoutResponseSchema);
    const sessionId = url.split("/").pop()!;
    const session = await app.runtime.deps.stripe.checkout.sessions.retrieve(sessionId);
    expect(session.mode).toBe("subscription");
    expect(session.success_url).toBe(
      "http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}",
    );
  });

  // Issue 18 (first week, item 5): hosted Checkout dropped what step 1 asked for.
  it("records the subscriber under the name and e-mail typed in step 1, whatever the Checkout form posts", async () => {
    const response = await app.request(
      "/api/public/checkout",
      jsonRequest("POST", {
        customUrl: offering.customUrl,
        name: "Ada Lovelace",
        email: "ada@example.com",
      }),
    );
    expect(response.status).toBe(200);
    const { url } = await readJson(response, checkoutResponseSchema);
    const page = await (await fetch(url)).text();
    expect(page).toContain('value="ada@example.com" readonly');
    // Someone else's card, and a form that tries another address: neither names the subscriber.
    const paid = await fetch(url, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email: "someone-else@example.com",
        name: "C. Babbage",
        card_number: testCards.success,
        exp_month: "12",
        exp_year: String(new Date().getFullYear() + 2),
        cvc: "123",
      }),
    });
    expect(paid.status).toBe(303);
    await app.flushWebhooks();

    const stripe = app.runtime.deps.stripe;
    const session = await stripe.checkout.sessions.retrieve(url.split("/").pop()!);
    const { subs } = await rowsFor(String(session.subscription));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      offeringId: offering.id,
      paymentStatus: "active",
    });
    expect(
      (await stripe.customers.retrieve(subs[0]!.stripeCustomerId!)) as Stripe.Customer,
    ).toMatchObject({ email: "ada@example.com" });
  });

  it("refuses to open Checkout without step 1's name and e-mail", async () => {
    for (const body of [
      { customUrl: offering.customUrl },
      { customUrl: offering.customUrl, name: "Ada Lovelace" },
      { customUrl: offering.customUrl, name: "Ada Lovelace", email: "not-an-address" },
      { customUrl: offering.customUrl, name: " ", email: "ada@example.com" },
    ]) {
      const response = await app.request("/api/public/checkout", jsonRequest("POST", body));
      expect(response.status).toBe(400);
    }
  });
});
