import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../../contracts/offerings";
import { promoCodeResponseSchema } from "../../../contracts/promotions";
import {
  checkoutResponseSchema,
  startSubscriptionResponseSchema,
} from "../../../contracts/subscribe";
import { asCreator } from "../../../tests/factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  deleteCreatorAccount,
  type OnboardedCreator,
} from "../../../tests/factories/offering-factory";
import {
  confirmCardPayment,
  createPaymentMethod,
  testCards,
} from "../../../tests/factories/stripe-browser";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { createTestApp, jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { readApiError, readJson } from "../../../tests/support/read-json";
import {
  creatorEarnings,
  offerings,
  paymentSubscriptions,
  promoCodes,
  subscribers,
} from "../../db/schema/app";
import { finalizeTokens } from "../subscribe/finalize-token";

// Issue 10, defect 5: deleting an account must leave nothing a customer can still pay.

const NOT_CHARGED =
  "This business is no longer accepting subscriptions. You have not been charged.";
const REFUNDED =
  "This business is no longer accepting subscriptions. Your payment has been refunded.";

let app: TestApp;
let stripe: Stripe;

beforeAll(async () => {
  app = await createTestApp();
  stripe = app.runtime.deps.stripe;
});
afterAll(async () => {
  await app?.close();
});

/** Steps 1–3 of the card path, as the browser drives them; the payment is not confirmed yet. */
async function startSubscribing(offering: Pick<Offering, "customUrl">) {
  const paymentMethodId = await createPaymentMethod(app, testCards.success);
  const response = await app.request(
    "/api/public/subscribe",
    jsonRequest("POST", {
      customUrl: offering.customUrl,
      attemptId: randomUUID(),
      name: "Half Way",
      email: `half-${randomUUID().slice(0, 6)}@example.com`,
      paymentMethodId,
    }),
  );
  expect(response.status).toBe(201);
  const body = await readJson(response, startSubscriptionResponseSchema);
  const { clientSecret } = body;
  if (!clientSecret) throw new Error("A card subscription's first payment has a client secret");
  return { ...body, clientSecret, paymentMethodId };
}

function finalize(customUrl: string, started: { subscriptionId: string; finalizeToken: string }) {
  const { subscriptionId, finalizeToken } = started;
  return app.request(
    "/api/public/subscribe/finalize",
    jsonRequest("POST", { customUrl, subscriptionId, finalizeToken }),
  );
}

async function deleteAccount(creator: OnboardedCreator) {
  expect((await deleteCreatorAccount(app, creator)).status).toBe(200);
}

/** Slows every Stripe call about one subscription by `delayMs` (0 clears it). */
async function setSubscriptionFetchDelay(subscriptionId: string, delayMs: number) {
  const url = `${app.runtime.emulator!.url}/_emulator/faults`;
  await fetch(url, {
    method: delayMs > 0 ? "POST" : "DELETE",
    headers: { "Content-Type": "application/json" },
    body:
      delayMs > 0
        ? JSON.stringify({ mode: "delay", delayMs, paths: [`/v1/subscriptions/${subscriptionId}`] })
        : undefined,
  });
}

async function errorMessage(response: Response) {
  return (await readApiError(response)).message;
}

/** The charge behind a subscription's first invoice, with its refunds. */
async function firstCharge(subscriptionId: string) {
  const invoices = await stripe.invoices.list({
    subscription: subscriptionId,
    expand: ["data.payments"],
  });
  const intentId = invoices.data.at(-1)!.payments!.data[0]!.payment.payment_intent as string;
  const intent = await stripe.paymentIntents.retrieve(intentId);
  return stripe.charges.retrieve(String(intent.latest_charge), { expand: ["refunds"] });
}

async function offeringRows(creator: OnboardedCreator) {
  return app.runtime.deps.db.select().from(offerings).where(eq(offerings.userId, creator.id));
}

async function recordedRows(subscriptionIds: string[]) {
  const db = app.runtime.deps.db;
  const subs = await db
    .select()
    .from(subscribers)
    .where(inArray(subscribers.stripeSubscriptionId, subscriptionIds));
  const payments = await db
    .select()
    .from(paymentSubscriptions)
    .where(inArray(paymentSubscriptions.stripeSubscriptionId, subscriptionIds));
  return { subs, payments };
}

/** Every subscription of the given prices, whatever its status. */
async function subscriptionStatuses(priceIds: string[]) {
  const statuses: string[] = [];
  for (const price of priceIds) {
    for await (const subscription of stripe.subscriptions.list({ price, status: "all" })) {
      statuses.push(subscription.status);
    }
  }
  return statuses;
}

/**
 * A start request that passed the offering check before the deletion and reached Stripe after
 * it, so the deletion could not see it: the same subscription startSubscription makes, on a
 * price of its own (the creator's are archived by now).
 */
async function subscriptionTheDeletionMissed(offeringId: string, destination: string) {
  const product = await stripe.products.create({ name: "In flight" });
  const price = await stripe.prices.create({
    product: product.id,
    currency: "usd",
    unit_amount: 2500,
    recurring: { interval: "month" },
  });
  const paymentMethodId = await createPaymentMethod(app, testCards.success);
  const customer = await stripe.customers.create({ email: "late@example.com", name: "Late" });
  await stripe.paymentMethods.attach(paymentMethodId, { customer: customer.id });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    default_payment_method: paymentMethodId,
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription" },
    transfer_data: { destination },
    on_behalf_of: destination,
    application_fee_percent: 15,
    metadata: {
      regulars_offering_id: offeringId,
      regulars_subscriber_name: "Late",
      regulars_subscriber_email: "late@example.com",
    },
    expand: ["latest_invoice.confirmation_secret"],
  });
  const invoice = subscription.latest_invoice as Stripe.Invoice;
  return {
    subscriptionId: subscription.id,
    clientSecret: invoice.confirmation_secret!.client_secret,
    // What start handed the browser for this attempt.
    finalizeToken: finalizeTokens(app.runtime.deps.secret).sign(subscription.id),
    paymentMethodId,
  };
}

function expectFullDestinationRefund(charge: Stripe.Charge) {
  expect(charge).toMatchObject({ amount: 2500, amount_refunded: 2500, refunded: true });
  expect(charge.refunds?.data).toHaveLength(1);
  // The transfer to the creator is reversed, so nobody keeps the customer's money.
  expect(charge.refunds?.data[0]?.transfer_reversal).toMatch(/^trr_/);
}

describe("deleting an account closes everything a customer could still pay", () => {
  it("cancels a half-finished subscribe, expires open Checkout, archives the catalogue; the customer is told they were not charged", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { priceCents: 2500 });
    // A price edit leaves the old price to existing subscribers: it must be archived too.
    const recorded = await subscribeWithCard(app, offering);
    const edited = await app.request(
      `/api/offerings/${offering.id}`,
      asCreator(
        creator,
        jsonRequest("PATCH", {
          title: offering.title,
          description: offering.description,
          priceCents: 3000,
        }),
      ),
    );
    expect(edited.status).toBe(200);
    const [row] = await offeringRows(creator);
    const priceIds = (await stripe.prices.list({ product: row!.stripeProductId! })).data.map(
      (price) => price.id,
    );
    expect(priceIds).toHaveLength(2);

    const halfWay = await startSubscribing(offering);
    expect((await stripe.subscriptions.retrieve(halfWay.subscriptionId)).status).toBe("incomplete");
    const checkout = await app.request(
      "/api/public/checkout",
      jsonRequest("POST", {
        customUrl: offering.customUrl,
        name: "Checkout Carla",
        email: "carla@example.com",
      }),
    );
    const { url: checkoutUrl } = await readJson(checkout, checkoutResponseSchema);
    const sessionId = checkoutUrl.split("/").pop()!;
    const code = await app.request(
      "/api/promo-codes",
      asCreator(
        creator,
        jsonRequest("POST", {
          code: "GOODBYE",
          kind: "percent",
          percentOff: 10,
          duration: "forever",
          offeringIds: [offering.id],
        }),
      ),
    );
    const { promoCode } = await readJson(code, promoCodeResponseSchema);
    const [codeRow] = await app.runtime.deps.db
      .select({ stripeCouponId: promoCodes.stripeCouponId })
      .from(promoCodes)
      .where(eq(promoCodes.id, promoCode.id));

    await deleteAccount(creator);

    // Its promo codes' coupons are deleted: nothing redeemable is left.
    await expect(stripe.coupons.retrieve(codeRow!.stripeCouponId)).rejects.toMatchObject({
      code: "resource_missing",
    });

    // (a) The incomplete subscription is cancelled; the browser's confirm now fails.
    expect((await stripe.subscriptions.retrieve(halfWay.subscriptionId)).status).toBe("canceled");
    const confirm = await confirmCardPayment(app, halfWay.clientSecret, halfWay.paymentMethodId);
    expect(confirm.status).toBe(400);
    expect(confirm.body).toMatchObject({ error: { code: "payment_intent_unexpected_state" } });
    const answer = await finalize(offering.customUrl, halfWay);
    expect(answer.status).toBe(409);
    expect(await errorMessage(answer)).toBe(NOT_CHARGED);

    // The open Checkout session is expired and its page refuses payment.
    expect((await stripe.checkout.sessions.retrieve(sessionId)).status).toBe("expired");
    expect((await fetch(checkoutUrl)).status).toBe(410);

    // Product and both prices are archived.
    expect((await stripe.products.retrieve(row!.stripeProductId!)).active).toBe(false);
    for (const id of priceIds) expect((await stripe.prices.retrieve(id)).active).toBe(false);

    // The recorded subscriber's subscription is cancelled, its real payment kept.
    expect((await stripe.subscriptions.retrieve(recorded.subscriptionId)).status).toBe("canceled");
    expect((await firstCharge(recorded.subscriptionId)).amount_refunded).toBe(0);

    // No subscription of the creator is left active or incomplete.
    const statuses = await subscriptionStatuses(priceIds);
    expect(statuses).toHaveLength(2);
    expect(statuses.every((status) => status === "canceled")).toBe(true);

    await app.flushWebhooks();
    expect(await offeringRows(creator)).toEqual([]);
    const rows = await recordedRows([halfWay.subscriptionId, recorded.subscriptionId]);
    expect(rows).toEqual({ subs: [], payments: [] });
  });

  it("refunds a payment confirmed but not yet recorded when the account was deleted", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { priceCents: 2500 });
    const paid = await startSubscribing(offering);
    // The payment's webhooks arrive late (their re-fetch of the subscription is slow), so the
    // deletion, which first checks the password, still finds the payment unrecorded.
    await setSubscriptionFetchDelay(paid.subscriptionId, 2_000);
    const confirm = await confirmCardPayment(app, paid.clientSecret, paid.paymentMethodId);
    expect(confirm.body.status).toBe("succeeded");

    await deleteAccount(creator);
    await setSubscriptionFetchDelay(paid.subscriptionId, 0);

    expect((await stripe.subscriptions.retrieve(paid.subscriptionId)).status).toBe("canceled");
    expectFullDestinationRefund(await firstCharge(paid.subscriptionId));
    const balance = await stripe.balance.retrieve({}, { stripeAccount: creator.stripeAccountId });
    expect(balance.available[0]?.amount).toBe(0);

    const answer = await finalize(offering.customUrl, paid);
    expect(answer.status).toBe(409);
    expect(await errorMessage(answer)).toBe(REFUNDED);
    await app.flushWebhooks();
    expect((await firstCharge(paid.subscriptionId)).refunds?.data).toHaveLength(1);
    expect(await recordedRows([paid.subscriptionId])).toEqual({ subs: [], payments: [] });
  });

  it("refunds and cancels an attempt the browser pays after the deletion: by finalize, by webhook, by Checkout", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { priceCents: 2500 });
    await deleteAccount(creator);

    // (b) The browser confirms anyway; finalize refunds, cancels and says so, every time.
    const late = await subscriptionTheDeletionMissed(offering.id, creator.stripeAccountId);
    const confirm = await confirmCardPayment(app, late.clientSecret, late.paymentMethodId);
    expect(confirm.body.status).toBe("succeeded");
    for (const _ of [1, 2]) {
      const answer = await finalize(offering.customUrl, late);
      expect(answer.status).toBe(409);
      expect(await errorMessage(answer)).toBe(REFUNDED);
    }
    expect((await stripe.subscriptions.retrieve(late.subscriptionId)).status).toBe("canceled");
    const charge = await firstCharge(late.subscriptionId);
    expectFullDestinationRefund(charge);
    const fees = await stripe.applicationFees.list({ charge: charge.id });
    expect(fees.data[0]).toMatchObject({ amount: 375, refunded: true });

    // Nobody calls finalize: the webhooks (invoice.paid and the rest) do the same.
    const unfinalized = await subscriptionTheDeletionMissed(offering.id, creator.stripeAccountId);
    await confirmCardPayment(app, unfinalized.clientSecret, unfinalized.paymentMethodId);
    await app.flushWebhooks();
    expect((await stripe.subscriptions.retrieve(unfinalized.subscriptionId)).status).toBe(
      "canceled",
    );
    expectFullDestinationRefund(await firstCharge(unfinalized.subscriptionId));

    // A Checkout page that was already past the deletion completes: checkout.session.completed.
    const price = await stripe.prices.create({
      product: (await stripe.products.create({ name: "Checkout in flight" })).id,
      currency: "usd",
      unit_amount: 2500,
      recurring: { interval: "month" },
    });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}",
      subscription_data: {
        application_fee_percent: 15,
        transfer_data: { destination: creator.stripeAccountId },
        on_behalf_of: creator.stripeAccountId,
        metadata: { regulars_offering_id: offering.id },
      },
      metadata: { regulars_offering_id: offering.id },
    });
    const paidPage = await fetch(session.url!, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email: "checkout@example.com",
        name: "Checkout Customer",
        card_number: testCards.success,
        exp_month: "12",
        exp_year: String(new Date().getFullYear() + 2),
        cvc: "123",
      }),
    });
    expect(paidPage.status).toBe(303);
    await app.flushWebhooks();
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    const checkoutSubscription = String(completed.subscription);
    expect((await stripe.subscriptions.retrieve(checkoutSubscription)).status).toBe("canceled");
    expectFullDestinationRefund(await firstCharge(checkoutSubscription));

    // Nothing was recorded for any of them.
    const ids = [late.subscriptionId, unfinalized.subscriptionId, checkoutSubscription];
    expect(await recordedRows(ids)).toEqual({ subs: [], payments: [] });
    const earnings = await app.runtime.deps.db
      .select()
      .from(creatorEarnings)
      .where(eq(creatorEarnings.offeringId, offering.id));
    expect(earnings).toEqual([]);
  });
});
