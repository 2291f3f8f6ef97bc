import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  caught,
  createCustomerWithCard,
  createExpressAccount,
  createMonthlyPrice,
} from "./fixtures";
import { advanceEmulatorTo, createCardPaymentMethod, openEmulatorPerFile } from "./target";

// Pause (pause_collection void), cancel at period end, and a price switch with proration and
// its preview (POST /v1/invoices/create_preview), through the official SDK. Emulator only: the
// test clock moves the whole emulator.

const DAY = 86_400;
const suite = openEmulatorPerFile();

const advanceTo = (to: number) => advanceEmulatorTo(suite.stripe, to);

async function eventsAbout(type: string, id: string) {
  const events = await suite.stripe.events.list({ type, limit: 100 });
  return events.data.filter((e) => (e.data.object as { id?: string }).id === id);
}

/** The subscription's invoices, oldest first. */
async function invoicesOf(subscription: string) {
  const { data } = await suite.stripe.invoices.list({ subscription, limit: 100 });
  return data.sort((a, b) => a.created - b.created || (a.number! < b.number! ? -1 : 1));
}

/** The customer's charges and what reached the creator's account (other tests renew too). */
async function moneyCounts(customer: string, account: string) {
  const { stripe } = suite;
  const fees = await stripe.applicationFees.list({ limit: 100 });
  return {
    charges: (await stripe.charges.list({ customer, limit: 100 })).data.length,
    fees: fees.data.filter((f) => f.account === account).length,
    transfers: (await stripe.transfers.list({ destination: account, limit: 100 })).data.length,
  };
}

/** A paid monthly subscription with a destination and a 10% fee, and its item's period. */
async function paidSubscription(unitAmount = 3000, card = "4242424242424242") {
  const { stripe } = suite;
  const account = await createExpressAccount(suite.target);
  const price = await createMonthlyPrice(suite.target, unitAmount);
  const { customer, pm } = await createCustomerWithCard(suite.target, card);
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    application_fee_percent: 10,
    transfer_data: { destination: account.id },
  });
  const item = subscription.items.data[0]!;
  return {
    subscription,
    customer,
    pm,
    price,
    account,
    item,
    start: item.current_period_start,
    end: item.current_period_end,
  };
}

describe("pause_collection", () => {
  it("voids the renewals while paused (no charge, fee, transfer or invoice event), resumes at resumes_at, then charges", async () => {
    const { stripe } = suite;
    const { subscription, end, customer, account } = await paidSubscription();
    const money = () => moneyCounts(customer.id, account.id);
    const resumesAt = end + 10 * DAY;
    const paused = await stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: "void", resumes_at: resumesAt },
    });
    expect(paused.status).toBe("active");
    expect(paused.pause_collection).toEqual({ behavior: "void", resumes_at: resumesAt });
    const [pausedEvent] = await eventsAbout("customer.subscription.updated", subscription.id);
    expect(pausedEvent!.data.previous_attributes).toMatchObject({ pause_collection: null });

    const before = await money();
    await advanceTo(end + DAY);
    const during = await stripe.subscriptions.retrieve(subscription.id);
    expect(during.status).toBe("active");
    expect(during.items.data[0]!.current_period_start).toBe(end);
    const [, voided] = await invoicesOf(subscription.id);
    expect(voided).toMatchObject({
      status: "void",
      billing_reason: "subscription_cycle",
      amount_paid: 0,
    });
    expect(voided!.status_transitions.voided_at).toBe(end);
    expect(during.latest_invoice).toBe(voided!.id);
    expect((await stripe.invoicePayments.list({ invoice: voided!.id! })).data).toEqual([]);
    expect(await money()).toEqual(before);
    const invoiceEvents = await stripe.events.list({ type: "invoice.*", limit: 100 });
    expect(
      invoiceEvents.data.filter((e) => (e.data.object as { id: string }).id === voided!.id),
    ).toEqual([]);

    await advanceTo(resumesAt + 60);
    const resumed = await stripe.subscriptions.retrieve(subscription.id);
    expect(resumed.pause_collection).toBeNull();
    const [resumeEvent] = await eventsAbout("customer.subscription.updated", subscription.id);
    expect(resumeEvent!.data.previous_attributes).toEqual({
      pause_collection: { behavior: "void", resumes_at: resumesAt },
    });

    const nextEnd = resumed.items.data[0]!.current_period_end;
    await advanceTo(nextEnd + 60);
    const third = (await invoicesOf(subscription.id))[2]!;
    expect(third).toMatchObject({ status: "paid", amount_paid: 3000 });
    expect(await money()).toEqual({
      charges: before.charges + 1,
      fees: before.fees + 1,
      transfers: before.transfers + 1,
    });
  });

  it("resumes before a renewal due at the same moment, so that renewal is charged", async () => {
    const { stripe } = suite;
    const { subscription, end } = await paidSubscription(2000);
    await stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: "void", resumes_at: end },
    });
    await advanceTo(end);
    const renewal = (await invoicesOf(subscription.id))[1]!;
    expect(renewal).toMatchObject({ status: "paid", amount_paid: 2000 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).pause_collection).toBeNull();
  });

  it("is cleared by '', refuses other behaviours and a resumes_at in the past", async () => {
    const { stripe } = suite;
    const { subscription } = await paidSubscription();
    await stripe.subscriptions.update(subscription.id, { pause_collection: { behavior: "void" } });
    const cleared = await stripe.subscriptions.update(subscription.id, { pause_collection: "" });
    expect(cleared.pause_collection).toBeNull();
    const [event] = await eventsAbout("customer.subscription.updated", subscription.id);
    expect(event!.data.previous_attributes).toEqual({
      pause_collection: { behavior: "void", resumes_at: null },
    });
    const other = await caught(
      stripe.subscriptions.update(subscription.id, {
        pause_collection: { behavior: "keep_as_draft" },
      }),
    );
    expect(other).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(other).toMatchObject({ param: "pause_collection[behavior]" });
    expect((other as Error).message).toContain("void only");
    const past = await caught(
      stripe.subscriptions.update(subscription.id, {
        pause_collection: { behavior: "void", resumes_at: 1_000_000 },
      }),
    );
    expect(past).toMatchObject({
      param: "pause_collection[resumes_at]",
      message: "Invalid timestamp: must be an integer Unix timestamp in the future.",
    });
  });

  it("pauses a trial: the first paid period's invoice is void and the subscription active", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 2500);
    const { customer } = await createCustomerWithCard(suite.target, "4242424242424242");
    const trial = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 7,
    });
    await stripe.subscriptions.update(trial.id, { pause_collection: { behavior: "void" } });
    await advanceTo(trial.trial_end! + 60);
    const after = await stripe.subscriptions.retrieve(trial.id);
    expect(after.status).toBe("active");
    expect((await invoicesOf(trial.id)).map((i) => i.status)).toEqual(["paid", "void"]);
  });

  it("keeps retrying an invoice left open before the pause", async () => {
    const { stripe } = suite;
    const { subscription, customer, pm, end } = await paidSubscription(1500);
    const failing = await stripe.paymentMethods.attach(
      await createCardPaymentMethod(suite.target, "4000000000000341"),
      { customer: customer.id },
    );
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    await advanceTo(end + 60);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
    const open = (await invoicesOf(subscription.id))[1]!;
    expect(open.status).toBe("open");
    await stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: "void" },
      default_payment_method: pm,
    });
    await advanceTo(end + 4 * DAY);
    expect((await stripe.invoices.retrieve(open.id!)).status).toBe("paid");
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });
});

describe("cancel_at_period_end", () => {
  it("is set and cleared, and once set the period's end cancels with no renewal or charge", async () => {
    const { stripe } = suite;
    const { subscription, end, customer, account } = await paidSubscription();
    const money = () => moneyCounts(customer.id, account.id);
    const set = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(set).toMatchObject({ cancel_at_period_end: true, cancel_at: end, status: "active" });
    const cleared = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
    });
    expect(cleared).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const before = await money();
    await advanceTo(end + 60);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: "canceled", ended_at: end });
    expect(await invoicesOf(subscription.id)).toHaveLength(1);
    expect(await money()).toEqual(before);
    expect(await eventsAbout("customer.subscription.deleted", subscription.id)).toHaveLength(1);
  });
});

/** Two prices of the same cadence, for a switch. */
async function pricePair(fromAmount: number, toAmount: number) {
  const { stripe } = suite;
  const to = await stripe.prices.create({
    currency: "usd",
    unit_amount: toAmount,
    recurring: { interval: "month" },
    product_data: { name: "Full Garden" },
  });
  return { to, toAmount, fromAmount };
}

describe("a price switch", () => {
  it("always_invoice charges the prorations now, to the cent of the preview", async () => {
    const { stripe } = suite;
    const { subscription, item, start, end, account } = await paidSubscription(3000);
    const { to } = await pricePair(3000, 6000);
    const prorationDate = start + 10 * DAY;
    const details = {
      items: [{ id: item.id, price: to.id }],
      proration_behavior: "always_invoice" as const,
      proration_date: prorationDate,
    };
    const countBefore = (await stripe.invoices.list({ limit: 100 })).data.length;
    const preview = await stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: details,
    });
    expect(preview.id).toMatch(/^upcoming_in_/);
    expect(preview.status).toBe("draft");
    expect((await stripe.invoices.list({ limit: 100 })).data).toHaveLength(countBefore);
    const fraction = (end - prorationDate) / (end - start);
    const credit = -Math.round(3000 * fraction);
    const debit = Math.round(6000 * fraction);
    expect(preview.lines.data.map((l) => l.amount)).toEqual([credit, debit]);
    expect(preview.lines.data[0]!.description).toMatch(/^Unused time on Weekly Lawn Care after /);
    expect(preview.lines.data[1]!.description).toMatch(/^Remaining time on Full Garden after /);
    expect(preview).toMatchObject({ total: credit + debit, amount_due: credit + debit });

    const updated = await stripe.subscriptions.update(subscription.id, {
      items: details.items,
      proration_behavior: "always_invoice",
      proration_date: prorationDate,
      expand: ["latest_invoice.payments.data.payment.payment_intent"],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      billing_reason: "subscription_update",
      status: "paid",
      total: preview.total,
      amount_paid: preview.amount_due,
    });
    expect(invoice.lines.data.map((l) => l.amount)).toEqual([credit, debit]);
    expect(
      invoice.lines.data.every((l) => l.parent?.subscription_item_details?.proration === true),
    ).toBe(true);
    const intent = invoice.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      amount: credit + debit,
      application_fee_amount: Math.round((credit + debit) / 10),
      transfer_data: { destination: account.id },
    });
    expect(updated.items.data[0]).toMatchObject({
      current_period_start: start,
      current_period_end: end,
    });
    expect(updated.items.data[0]!.price.id).toBe(to.id);
    expect(updated.billing_cycle_anchor).toBe(subscription.billing_cycle_anchor);
    expect(await eventsAbout("invoice.paid", invoice.id!)).toHaveLength(1);
  });

  it("none changes the price now and charges it from the next renewal, as previewed", async () => {
    const { stripe } = suite;
    const { subscription, item, end } = await paidSubscription(3000);
    const { to } = await pricePair(3000, 4500);
    const preview = await stripe.invoices.createPreview({
      customer: subscription.customer as string,
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, price: to.id }], proration_behavior: "none" },
    });
    expect(preview).toMatchObject({ amount_due: 4500, period_start: end });
    expect(preview.lines.data).toHaveLength(1);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: to.id }],
      proration_behavior: "none",
    });
    expect(updated.latest_invoice).toBe(subscription.latest_invoice);
    await advanceTo(end + 60);
    const renewal = (await invoicesOf(subscription.id))[1]!;
    expect(renewal).toMatchObject({ status: "paid", amount_paid: 4500, total: preview.total });
  });

  it("create_prorations (the default) adds the prorations to the next renewal, as previewed", async () => {
    const { stripe } = suite;
    const { subscription, item, start, end } = await paidSubscription(3000);
    const { to } = await pricePair(3000, 6000);
    const prorationDate = start + 5 * DAY;
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: to.id }],
      proration_date: prorationDate,
    });
    expect(await invoicesOf(subscription.id)).toHaveLength(1);
    const preview = await stripe.invoices.createPreview({ subscription: subscription.id });
    const fraction = (end - prorationDate) / (end - start);
    const prorations = Math.round(6000 * fraction) - Math.round(3000 * fraction);
    expect(preview.lines.data.map((l) => l.parent?.subscription_item_details?.proration)).toEqual([
      true,
      true,
      false,
    ]);
    expect(preview.amount_due).toBe(6000 + prorations);
    await advanceTo(end + 60);
    const renewal = (await invoicesOf(subscription.id))[1]!;
    expect(renewal).toMatchObject({ status: "paid", amount_paid: preview.amount_due });
    expect(renewal.lines.data).toHaveLength(3);
    // Spent: the renewal after that has only its own line.
    const next = await stripe.invoices.createPreview({ subscription: subscription.id });
    expect(next.lines.data).toHaveLength(1);
  });

  it("refuses a price of another interval and a proration_date outside the period", async () => {
    const { stripe } = suite;
    const { subscription, item, end } = await paidSubscription();
    const weekly = await stripe.prices.create({
      currency: "usd",
      unit_amount: 900,
      recurring: { interval: "week" },
      product_data: { name: "Weekly" },
    });
    const interval = await caught(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price: weekly.id }],
        proration_behavior: "always_invoice",
      }),
    );
    expect(interval).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((interval as Error).message).toContain("change of billing interval");
    const { to } = await pricePair(3000, 6000);
    const outside = await caught(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price: to.id }],
        proration_behavior: "always_invoice",
        proration_date: end + DAY,
      }),
    );
    expect(outside).toMatchObject({ param: "proration_date" });
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).toBe(
      item.price.id,
    );
  });

  it.each([
    ["a declined card", "4000000000000341", "card_declined"],
    ["a card that needs 3-D Secure off-session", "4000002760003184", "authentication_required"],
  ])(
    "error_if_incomplete with %s: nothing changes and the card error is answered",
    async (_, card, code) => {
      const { stripe } = suite;
      const { subscription, item, customer } = await paidSubscription(3000);
      const failing = await stripe.paymentMethods.attach(
        await createCardPaymentMethod(suite.target, card),
        { customer: customer.id },
      );
      await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
      const { to } = await pricePair(3000, 6000);
      const error = await caught(
        stripe.subscriptions.update(subscription.id, {
          items: [{ id: item.id, price: to.id }],
          proration_behavior: "always_invoice",
          payment_behavior: "error_if_incomplete",
          metadata: { plan: "full" },
        }),
      );
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ statusCode: 402, code });
      const after = await stripe.subscriptions.retrieve(subscription.id);
      expect(after).toMatchObject({
        status: "active",
        latest_invoice: subscription.latest_invoice,
        metadata: {},
      });
      expect(after.items.data[0]!.price.id).toBe(item.price.id);
      expect(await invoicesOf(subscription.id)).toHaveLength(1);
    },
  );

  it("allow_incomplete: a declined proration charge leaves the invoice open and retried, past due", async () => {
    const { stripe } = suite;
    const { subscription, item, customer } = await paidSubscription(3000);
    const failing = await stripe.paymentMethods.attach(
      await createCardPaymentMethod(suite.target, "4000000000000341"),
      { customer: customer.id },
    );
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    const { to } = await pricePair(3000, 6000);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: to.id }],
      proration_behavior: "always_invoice",
      expand: ["latest_invoice"],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: "open", billing_reason: "subscription_update" });
    expect(invoice.next_payment_attempt).toBeGreaterThan(invoice.created);
    expect(updated.status).toBe("past_due");
    expect(updated.items.data[0]!.price.id).toBe(to.id);
  });

  it("a downgrade with always_invoice credits the customer's balance, used by the next renewal", async () => {
    const { stripe } = suite;
    const { subscription, item, customer, start, end } = await paidSubscription(6000);
    const { to } = await pricePair(6000, 3000);
    const prorationDate = start + 15 * DAY;
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: to.id }],
      proration_behavior: "always_invoice",
      proration_date: prorationDate,
      expand: ["latest_invoice"],
    });
    const fraction = (end - prorationDate) / (end - start);
    const credit = Math.round(3000 * fraction) - Math.round(6000 * fraction);
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: "paid",
      total: credit,
      amount_due: 0,
      ending_balance: credit,
    });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      balance: credit,
    });
    const preview = await stripe.invoices.createPreview({ subscription: subscription.id });
    expect(preview).toMatchObject({ starting_balance: credit, amount_due: 3000 + credit });
    await advanceTo(end + 60);
    const renewal = (await invoicesOf(subscription.id))[2]!;
    expect(renewal).toMatchObject({ amount_paid: 3000 + credit, ending_balance: 0 });
  });
});

describe("invoice previews", () => {
  it("show the next renewal as it stands, with or without its discounts, and store nothing", async () => {
    const { stripe } = suite;
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: "forever" });
    const { subscription, end } = await paidSubscription(2500);
    await stripe.subscriptions.update(subscription.id, { discounts: [{ coupon: coupon.id }] });
    const preview = await stripe.invoices.createPreview({ subscription: subscription.id });
    expect(preview).toMatchObject({
      status: "draft",
      number: null,
      subtotal: 2500,
      total: 2000,
      amount_due: 2000,
      period_start: end,
      billing_reason: "subscription_cycle",
    });
    expect(preview.total_discount_amounts).toEqual([
      { amount: 500, discount: (preview.discounts as string[])[0] },
    ]);
    const bare = await stripe.invoices.createPreview({
      subscription: subscription.id,
      discounts: "",
    });
    expect(bare).toMatchObject({ total: 2500, total_discount_amounts: [] });
    await advanceTo(end + 60);
    expect((await invoicesOf(subscription.id))[1]).toMatchObject({
      amount_paid: preview.amount_due,
    });
  });

  it("find a customer's one subscription, and refuse removing its only item", async () => {
    const { stripe } = suite;
    const { subscription, customer, item } = await paidSubscription(1800);
    const byCustomer = await stripe.invoices.createPreview({ customer: customer.id });
    expect(byCustomer.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(byCustomer.amount_due).toBe(1800);
    const removed = await caught(
      stripe.invoices.createPreview({
        subscription: subscription.id,
        subscription_details: { items: [{ id: item.id, deleted: true }] },
      }),
    );
    expect(removed).toMatchObject({ statusCode: 400, param: "subscription_details[items]" });
  });

  it("answer invoice_upcoming_none for a subscription that ends at its period's end", async () => {
    const { stripe } = suite;
    const { subscription } = await paidSubscription();
    const error = await caught(
      stripe.invoices.createPreview({
        subscription: subscription.id,
        subscription_details: { cancel_at_period_end: true },
      }),
    );
    expect(error).toMatchObject({ statusCode: 404, code: "invoice_upcoming_none" });
  });
});
