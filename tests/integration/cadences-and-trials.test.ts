import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelSubscriptionResponseSchema } from "../../contracts/customer-portal";
import { overviewSchema } from "../../contracts/dashboard";
import type { Offering } from "../../contracts/offerings";
import { subscriberPageSchema } from "../../contracts/subscribers";
import { creatorEarnings, emailOutbox, subscribers } from "../../server/db/schema/app";
import { asCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import {
  advanceEmulatorClock,
  answerThreeDSecure,
  confirmCardSetup,
  createPaymentMethod,
  testCards,
} from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readApiError, readJson } from "../support/read-json";

// Issue 20: offerings billed every week, every 2 weeks or every year renew on their own dates,
// each charge with one invoice, one receipt and one earnings row; free trials charge nothing
// until they end, and nothing at all when cancelled before.

let app: TestApp;
let creator: OnboardedCreator;
const DAY = 86_400;

beforeAll(async () => {
  app = await createTestApp();
  creator = await createOnboardedCreator(app);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

async function advanceDays(days: number) {
  await advanceEmulatorClock(app, days);
  await app.flushWebhooks();
}

async function invoicesOf(subscriptionId: string) {
  const list = await app.runtime.deps.stripe.invoices.list({
    subscription: subscriptionId,
    limit: 100,
  });
  return list.data.sort((a, b) => a.period_start - b.period_start);
}

async function ledgerOf(subscriberId: string) {
  const db = app.runtime.deps.db;
  const earnings = await db
    .select()
    .from(creatorEarnings)
    .where(eq(creatorEarnings.subscriberId, subscriberId));
  const receipts = await db
    .select()
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.subscriberId, subscriberId), eq(emailOutbox.kind, "payment_receipt")),
    );
  return { earnings, receipts };
}

/**
 * Ends a test's subscriptions at once (the business's cancel, "now"), so they neither renew
 * nor count in the revenue later tests measure as the clock moves on.
 */
async function endNow(subscription: { subscriberId: string }) {
  const response = await app.request(
    `/api/subscribers/${subscription.subscriberId}/cancel`,
    asCreator(creator, jsonRequest("POST", { when: "now" })),
  );
  expect(response.status).toBe(200);
}

describe("cadences", () => {
  it("renews weekly and every 2 weeks on their own dates for 6 months, once per charge", async () => {
    const weekly = await createOffering(app, creator, {
      title: "Weekly Mow",
      priceCents: 2500,
      cadence: "week",
    });
    const fortnightly = await createOffering(app, creator, {
      title: "Fortnightly Walk",
      priceCents: 4500,
      cadence: "two_weeks",
    });
    const weeklySub = await subscribeWithCard(app, weekly);
    const fortnightlySub = await subscribeWithCard(app, fortnightly);

    await advanceDays(185);

    for (const [sub, days, charges, cents] of [
      [weeklySub, 7, 27, 2500],
      [fortnightlySub, 14, 14, 4500],
    ] as const) {
      const invoices = await invoicesOf(sub.subscriptionId);
      expect(invoices).toHaveLength(charges);
      expect(invoices.every((invoice) => invoice.amount_paid === cents)).toBe(true);
      for (const invoice of invoices) {
        expect(invoice.period_end - invoice.period_start).toBe(days * DAY);
      }
      for (let i = 1; i < invoices.length; i += 1) {
        expect(invoices[i]!.period_start).toBe(invoices[i - 1]!.period_end);
      }
      const { earnings, receipts } = await ledgerOf(sub.subscriberId);
      expect(earnings).toHaveLength(charges);
      expect(new Set(earnings.map((e) => e.stripeInvoiceId)).size).toBe(charges);
      expect(earnings.reduce((sum, e) => sum + e.grossAmountCents, 0)).toBe(charges * cents);
      expect(receipts).toHaveLength(charges);
    }
    const [row] = await app.runtime.deps.db
      .select({ cadence: subscribers.cadence })
      .from(subscribers)
      .where(eq(subscribers.id, fortnightlySub.subscriberId));
    expect(row?.cadence).toBe("two_weeks");

    await endNow(weeklySub);
    await endNow(fortnightlySub);
  }, 120_000);

  it("renews a yearly subscription once in 13 months", async () => {
    const yearly = await createOffering(app, creator, {
      title: "Tutoring Year",
      priceCents: 30_000,
      cadence: "year",
    });
    const sub = await subscribeWithCard(app, yearly);
    await advanceDays(396);
    const invoices = await invoicesOf(sub.subscriptionId);
    expect(invoices.map((invoice) => invoice.amount_paid)).toEqual([30_000, 30_000]);
    const { earnings, receipts } = await ledgerOf(sub.subscriberId);
    expect(earnings).toHaveLength(2);
    expect(receipts).toHaveLength(2);
    await endNow(sub);
  }, 120_000);

  it("keeps a subscriber's cadence when the offering's changes, with a new Stripe price", async () => {
    const offering = await createOffering(app, creator, { title: "Meal Kit", priceCents: 3000 });
    const before = await subscribeWithCard(app, offering);
    const edited = await app.request(
      `/api/offerings/${offering.id}`,
      asCreator(
        creator,
        jsonRequest("PATCH", {
          title: offering.title,
          description: offering.description,
          priceCents: 3000,
          cadence: "week",
        }),
      ),
    );
    expect(edited.status).toBe(200);
    const after = await subscribeWithCard(app, offering);
    const stripe = app.runtime.deps.stripe;
    const [old, renewed] = await Promise.all(
      [before, after].map((s) => stripe.subscriptions.retrieve(s.subscriptionId)),
    );
    expect(old!.items.data[0]!.price.recurring).toMatchObject({ interval: "month" });
    expect(renewed!.items.data[0]!.price.recurring).toMatchObject({
      interval: "week",
      interval_count: 1,
    });
    const rows = await app.runtime.deps.db
      .select({ id: subscribers.id, cadence: subscribers.cadence })
      .from(subscribers)
      .where(eq(subscribers.offeringId, offering.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.cadence]))).toEqual({
      [before.subscriberId]: "month",
      [after.subscriberId]: "week",
    });
    await endNow(before);
    await endNow(after);
  }, 60_000);

  it("refuses a cadence or trial it doesn't sell, and creates nothing at Stripe", async () => {
    const stripe = app.runtime.deps.stripe;
    const productsBefore = (await stripe.products.list({ limit: 100 })).data.length;
    for (const [field, value] of [
      ["cadence", "fortnight"],
      ["cadence", "day"],
      ["cadence", 7],
      ["trialDays", 10],
      ["trialDays", -7],
      ["trialDays", "14"],
    ] as const) {
      const response = await app.request(
        "/api/offerings",
        asCreator(
          creator,
          jsonRequest("POST", {
            title: "Bad",
            category: "pet-care",
            subcategory: "Dog Walking",
            description: "D",
            priceCents: 2500,
            [field]: value,
          }),
        ),
      );
      expect(response.status, `${field}=${String(value)}`).toBe(400);
      const error = await readApiError(response);
      expect(error.message).toMatch(field === "cadence" ? /Cadence must be/ : /Free trial/);
    }
    expect((await stripe.products.list({ limit: 100 })).data).toHaveLength(productsBefore);
  });
});

describe("free trials", () => {
  let offering: Offering;

  beforeAll(async () => {
    offering = await createOffering(app, creator, {
      title: "Dog Walks",
      priceCents: 2500,
      cadence: "week",
      trialDays: 14,
    });
  });

  async function subscriberList(status: string) {
    const response = await app.request(`/api/subscribers?status=${status}`, asCreator(creator));
    return (await readJson(response, subscriberPageSchema)).subscribers;
  }

  async function monthlyRevenue() {
    const response = await app.request("/api/dashboard/overview", asCreator(creator));
    return (await readJson(response, overviewSchema)).monthlyRevenueCents;
  }

  it("starts free, reminds three days before, then charges once a week", async () => {
    const revenueBefore = await monthlyRevenue();
    const email = `trial-${randomUUID().slice(0, 6)}@example.com`;
    const sub = await subscribeWithCard(app, offering, { email });
    await app.flushWebhooks();
    const stripe = app.runtime.deps.stripe;
    const subscription = await stripe.subscriptions.retrieve(sub.subscriptionId);
    expect(subscription.status).toBe("trialing");
    expect(subscription.pending_setup_intent).toBeNull();
    expect(subscription.default_payment_method).not.toBeNull();
    expect((await ledgerOf(sub.subscriberId)).earnings).toHaveLength(0);
    const trialing = await subscriberList("trial");
    expect(trialing.map((s) => s.id)).toContain(sub.subscriberId);
    expect(trialing.find((s) => s.id === sub.subscriberId)?.trialEndsAt).toBe(
      new Date(subscription.trial_end! * 1000).toISOString(),
    );
    // A subscriber, not revenue, until the first charge.
    expect(await monthlyRevenue()).toBe(revenueBefore);

    await advanceDays(11);
    const db = app.runtime.deps.db;
    const reminders = await db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.subscriberId, sub.subscriberId), eq(emailOutbox.kind, "trial_ending")),
      );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toMatch(/^Your free trial of Dog Walks ends on /);
    expect((await ledgerOf(sub.subscriberId)).earnings).toHaveLength(0);

    await advanceDays(3);
    expect((await stripe.subscriptions.retrieve(sub.subscriptionId)).status).toBe("active");
    const afterTrial = await ledgerOf(sub.subscriberId);
    expect(afterTrial.earnings.map((e) => e.grossAmountCents)).toEqual([2500]);
    expect(afterTrial.receipts).toHaveLength(1);
    expect(await subscriberList("trial")).not.toContainEqual(
      expect.objectContaining({ id: sub.subscriberId }),
    );
    // 2500 a week is 2500 × 52 / 12 = 10833.33 a month.
    expect((await monthlyRevenue()) - revenueBefore).toBe(10_833);

    await advanceDays(7);
    expect((await ledgerOf(sub.subscriberId)).earnings).toHaveLength(2);
    await endNow(sub);
  }, 120_000);

  it("charges nothing when cancelled on day 5 of the trial", async () => {
    const sub = await subscribeWithCard(app, offering, { card: "5555555555554444" });
    await advanceDays(5);
    // The customer's cancel ends the subscription when the trial does, before its first charge.
    const cancelled = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: offering.customUrl, manageKey: sub.manageKey }),
    );
    expect(cancelled.status).toBe(200);
    const trial = await app.runtime.deps.stripe.subscriptions.retrieve(sub.subscriptionId);
    expect(trial).toMatchObject({ status: "trialing", cancel_at_period_end: true });
    expect((await readJson(cancelled, cancelSubscriptionResponseSchema)).endsAt).toBe(
      new Date(trial.trial_end! * 1000).toISOString(),
    );
    await advanceDays(30);
    const invoices = await invoicesOf(sub.subscriptionId);
    expect(invoices.map((invoice) => invoice.amount_paid)).toEqual([0]);
    expect((await ledgerOf(sub.subscriberId)).earnings).toHaveLength(0);
    const [row] = await app.runtime.deps.db
      .select({ status: subscribers.paymentStatus })
      .from(subscribers)
      .where(eq(subscribers.id, sub.subscriberId));
    expect(row?.status).toBe("cancelled");
  }, 60_000);

  it("gives one trial per customer: the same e-mail or card is refused with the choice to go without", async () => {
    const email = `once-${randomUUID().slice(0, 6)}@example.com`;
    const first = await subscribeWithCard(app, offering, { email, card: "4000056655665556" });
    for (const retry of [
      { email: email.toUpperCase(), card: testCards.success },
      { email: `other-${randomUUID().slice(0, 6)}@example.com`, card: "4000056655665556" },
    ]) {
      const paymentMethodId = await createPaymentMethod(app, retry.card);
      const refused = await app.request(
        "/api/public/subscribe",
        jsonRequest("POST", {
          customUrl: offering.customUrl,
          attemptId: randomUUID(),
          name: "Again",
          email: retry.email,
          paymentMethodId,
        }),
      );
      expect(refused.status).toBe(409);
      const error = await readApiError(refused);
      expect(error.code).toBe("trial_used");
      expect(error.message).toBe(
        "You've already had a free trial with this business. You can still subscribe: the first charge of $25.00/week is made today.",
      );
    }
    const paid = await subscribeWithCard(app, offering, { email, withoutTrial: true });
    const stripe = app.runtime.deps.stripe;
    expect((await stripe.subscriptions.retrieve(paid.subscriptionId)).status).toBe("active");
    expect((await ledgerOf(paid.subscriberId)).earnings.map((e) => e.grossAmountCents)).toEqual([
      2500,
    ]);
    await endNow(first);
    await endNow(paid);
  }, 60_000);

  it("gives the trial and takes a code on hosted Checkout, but no second trial to a known e-mail", async () => {
    const made = await app.request(
      "/api/promo-codes",
      asCreator(
        creator,
        jsonRequest("POST", {
          code: "WALKIES",
          kind: "percent",
          percentOff: 20,
          duration: "forever",
          offeringIds: [offering.id],
        }),
      ),
    );
    expect(made.status).toBe(201);
    const email = `hosted-${randomUUID().slice(0, 6)}@example.com`;
    const payOnStripe = async (card: string) => {
      const response = await app.request(
        "/api/public/checkout",
        jsonRequest("POST", {
          customUrl: offering.customUrl,
          name: "Hosted Hal",
          email,
          promoCode: "walkies",
        }),
      );
      expect(response.status).toBe(200);
      const { url } = (await response.json()) as { url: string };
      const paid = await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: "Hosted Hal",
          card_number: card,
          exp_month: "12",
          exp_year: String(new Date().getFullYear() + 2),
          cvc: "123",
        }),
      });
      expect(paid.status).toBe(303);
      await app.flushWebhooks();
      const session = await app.runtime.deps.stripe.checkout.sessions.retrieve(
        url.split("/").pop()!,
        {
          expand: ["subscription"],
        },
      );
      return session.subscription as Stripe.Subscription;
    };
    const first = await payOnStripe("378282246310005");
    expect(first.status).toBe("trialing");
    const [row] = await app.runtime.deps.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.stripeSubscriptionId, first.id));
    expect(row).toMatchObject({ email, discountPercentOff: 20, discountEndsAt: null });
    expect(row?.trialEndsAt).not.toBeNull();
    // The same e-mail again: Stripe's page starts it without a trial, charged 20% off at once.
    const second = await payOnStripe("6011111111111117");
    expect(second.status).toBe("active");
    expect((await invoicesOf(second.id)).map((invoice) => invoice.amount_paid)).toEqual([2000]);
  }, 60_000);

  it("saves a 3-D Secure card for the trial only once the challenge is passed", async () => {
    const paymentMethodId = await createPaymentMethod(app, testCards.threeDSecure);
    const start = await app.request(
      "/api/public/subscribe",
      jsonRequest("POST", {
        customUrl: offering.customUrl,
        attemptId: randomUUID(),
        name: "Secure Sam",
        email: `secure-${randomUUID().slice(0, 6)}@example.com`,
        paymentMethodId,
      }),
    );
    expect(start.status).toBe(201);
    const body = (await start.json()) as {
      subscriptionId: string;
      confirm: string;
      clientSecret: string;
      finalizeToken: string;
    };
    expect(body.confirm).toBe("setup");
    const confirmed = await confirmCardSetup(app, body.clientSecret, paymentMethodId);
    expect(confirmed.body).toMatchObject({ status: "requires_action" });
    const finalize = () =>
      app.request(
        "/api/public/subscribe/finalize",
        jsonRequest("POST", {
          customUrl: offering.customUrl,
          subscriptionId: body.subscriptionId,
          finalizeToken: body.finalizeToken,
        }),
      );
    // Not yet a subscriber: the card isn't confirmed.
    expect((await finalize()).status).toBe(402);
    await answerThreeDSecure(app, String(confirmed.body.id), "complete");
    const done = await finalize();
    expect(done.status).toBe(200);
  }, 60_000);
});
