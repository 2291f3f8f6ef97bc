import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  caught,
  createCustomerWithCard,
  createIncompleteSubscription,
  createMonthlyPrice,
  destinationAccount,
} from "./fixtures";
import { openTargetPerFile, type Target } from "./target";

// Refunds, expiring Checkout sessions, archiving the catalogue and cancelling unpaid
// subscriptions through the official SDK: what closing a creator's business needs. Runs against
// real Stripe test mode too (see target.ts).

let target: Target;
let stripe: Stripe;

openTargetPerFile((opened) => {
  target = opened;
  stripe = opened.stripe;
});

const incompleteSubscription = (
  unitAmount: number,
  extra: Partial<Stripe.SubscriptionCreateParams> = {},
) => createIncompleteSubscription(target, { unitAmount, extra });

async function paidSubscription(
  unitAmount: number,
  extra: Partial<Stripe.SubscriptionCreateParams> = {},
) {
  const started = await incompleteSubscription(unitAmount, extra);
  const intent = await stripe.paymentIntents.confirm(started.intentId, {
    payment_method: started.pm,
  });
  expect(intent.status).toBe("succeeded");
  return { ...started, intent };
}

describe("refunds", () => {
  it("refunds a destination charge in full, reversing the transfer and the application fee", async (ctx) => {
    const account = await destinationAccount(target, ctx);
    const { intent } = await paidSubscription(2500, {
      transfer_data: { destination: account.id },
      on_behalf_of: account.id,
      application_fee_percent: 15,
    });
    const params: Stripe.RefundCreateParams = {
      payment_intent: intent.id,
      reverse_transfer: true,
      refund_application_fee: true,
      reason: "requested_by_customer",
      metadata: { why: "business closed" },
    };
    const key = `refund-${intent.id}`;
    const refund: Stripe.Refund = await stripe.refunds.create(params, { idempotencyKey: key });
    expect(refund).toMatchObject({
      object: "refund",
      amount: 2500,
      currency: "usd",
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason: "requested_by_customer",
      metadata: { why: "business closed" },
      status: "succeeded",
    });
    expect(refund.id).toMatch(/^re_/);
    expect(refund.transfer_reversal).toMatch(/^trr_/);

    // The same key and body replay the refund; nothing is refunded twice.
    const replay = await stripe.refunds.create(params, { idempotencyKey: key });
    expect(replay.id).toBe(refund.id);

    const charge = await stripe.charges.retrieve(String(intent.latest_charge), {
      expand: ["refunds"],
    });
    expect(charge).toMatchObject({ amount: 2500, amount_refunded: 2500, refunded: true });
    expect(charge.refunds?.data.map((r) => r.id)).toEqual([refund.id]);
    expect((await stripe.refunds.retrieve(refund.id)).amount).toBe(2500);
    const listed = await stripe.refunds.list({ payment_intent: intent.id });
    expect(listed.data.map((r) => r.id)).toEqual([refund.id]);

    const again = await caught(stripe.refunds.create({ payment_intent: intent.id }));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({ code: "charge_already_refunded" });

    if (target.emulator) {
      const fees = await stripe.applicationFees.list({ charge: charge.id });
      expect(fees.data[0]).toMatchObject({ amount: 375, amount_refunded: 375, refunded: true });
      const transfers = await stripe.transfers.list({ destination: account.id });
      // As on Stripe, the whole amount was transferred and the fee collected from the account.
      expect(transfers.data[0]).toMatchObject({
        amount: 2500,
        amount_reversed: 2500,
        reversed: true,
      });
      // Nobody keeps anything of a fully refunded charge.
      const balance = await stripe.balance.retrieve({}, { stripeAccount: account.id });
      expect(balance.available[0]?.amount).toBe(0);
      const events = await stripe.events.list({ type: "charge.refunded" });
      const event = events.data.find((e) => (e.data.object as Stripe.Charge).id === charge.id);
      expect((event?.data.object as Stripe.Charge | undefined)?.refunded).toBe(true);
    }
  });

  it("refunds part of a charge by amount and refuses more than is left", async () => {
    const { intent } = await paidSubscription(2000);
    const partial = await stripe.refunds.create({
      charge: String(intent.latest_charge),
      amount: 500,
    });
    expect(partial).toMatchObject({ amount: 500, transfer_reversal: null });
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ amount_refunded: 500, refunded: false });
    const tooMuch = await caught(
      stripe.refunds.create({ payment_intent: intent.id, amount: 1600 }),
    );
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ param: "amount" });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(1500);
    expect((await stripe.charges.retrieve(String(intent.latest_charge))).refunded).toBe(true);
  });

  it("refuses a PaymentIntent without a successful charge", async () => {
    const { intentId } = await incompleteSubscription(1500);
    const error = await caught(stripe.refunds.create({ payment_intent: intentId }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe("closing a catalogue", () => {
  it("cancelling an incomplete subscription voids its invoice and cancels its PaymentIntent", async () => {
    const { subscription, invoice, intentId, pm } = await incompleteSubscription(1800);
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe("canceled");
    expect((await stripe.invoices.retrieve(invoice.id!)).status).toBe("void");
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent.status).toBe("canceled");
    const error = await caught(stripe.paymentIntents.confirm(intentId, { payment_method: pm }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: "payment_intent_unexpected_state" });
  });

  it("lists prices by product (archived too) and subscriptions by price; an archived price sells no more", async () => {
    const { subscription, price } = await incompleteSubscription(2200);
    const product = String(price.product);
    const newer = await stripe.prices.create({
      product,
      currency: "usd",
      unit_amount: 2400,
      recurring: { interval: "month" },
    });
    await stripe.prices.update(price.id, { active: false });
    const all = await stripe.prices.list({ product, limit: 100 });
    expect(all.data.map((p) => p.id).sort()).toEqual([price.id, newer.id].sort());
    const active = await stripe.prices.list({ product, active: true });
    expect(active.data.map((p) => p.id)).toEqual([newer.id]);

    const byPrice = await stripe.subscriptions.list({ price: price.id, status: "incomplete" });
    expect(byPrice.data.map((s) => s.id)).toEqual([subscription.id]);

    const archived = await stripe.products.update(product, { active: false });
    expect(archived.active).toBe(false);
    const { customer } = await createCustomerWithCard(target, "4242424242424242");
    const refused = await caught(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] }),
    );
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it("lists open Checkout sessions and expires one", async () => {
    const price = await createMonthlyPrice(target, 3000);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/landing/x",
      metadata: { regulars_offering_id: "offering-1" },
    });
    const open: string[] = [];
    for await (const listed of stripe.checkout.sessions.list({ status: "open", limit: 100 })) {
      open.push(listed.id);
    }
    expect(open).toContain(session.id);

    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: "expired" });
    expect(expired.metadata).toEqual({ regulars_offering_id: "offering-1" });
    const stillOpen = await stripe.checkout.sessions.list({ status: "open", limit: 100 });
    expect(stillOpen.data.map((s) => s.id)).not.toContain(session.id);
    const again = await caught(stripe.checkout.sessions.expire(session.id));
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

    if (target.emulator) {
      const page = await fetch(expired.url!);
      expect(page.status).toBe(410);
    }
  });
});
