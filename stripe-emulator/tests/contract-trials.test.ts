import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  caught,
  createCustomerWithCard,
  createExpressAccount,
  createMonthlyPrice,
} from "./fixtures";
import { advanceEmulatorTo, createCardPaymentMethod, openEmulatorPerFile } from "./target";

// Free trials and SetupIntents through the official SDK. Emulator only: the test clock moves
// the whole emulator, and the 3-D Secure page is the emulator's.

const suite = openEmulatorPerFile();
const DAY = 86_400;

const advanceTo = (to: number) => advanceEmulatorTo(suite.stripe, to);

async function eventsFor(type: string, subscription: string) {
  const events = await suite.stripe.events.list({ type, limit: 100 });
  return events.data.filter((e) => (e.data.object as { id: string }).id === subscription);
}

/** A trial subscription that waits for the browser to save a card, as the subscribe flow makes it. */
async function trialWaitingForCard(extra: Partial<Stripe.SubscriptionCreateParams> = {}) {
  const { stripe } = suite;
  const price = await createMonthlyPrice(suite.target, 2500);
  const customer = await stripe.customers.create({ email: "trial@example.com" });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    trial_period_days: 14,
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription" },
    trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
    expand: ["latest_invoice", "pending_setup_intent"],
    ...extra,
  });
  return {
    subscription,
    customer,
    price,
    setup: subscription.pending_setup_intent as Stripe.SetupIntent,
  };
}

describe("starting a trial", () => {
  it("is trialing with a $0 paid invoice and a pending SetupIntent to confirm", async () => {
    const { subscription, customer, setup } = await trialWaitingForCard();
    expect(subscription.status).toBe("trialing");
    const item = subscription.items.data[0]!;
    expect(subscription.trial_start).toBe(item.current_period_start);
    expect(subscription.trial_end).toBe(item.current_period_end);
    expect(subscription.trial_end! - subscription.trial_start!).toBe(14 * DAY);
    expect(subscription.billing_cycle_anchor).toBe(subscription.trial_end);
    expect(subscription.trial_settings?.end_behavior.missing_payment_method).toBe("cancel");
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      billing_reason: "subscription_create",
      status: "paid",
      amount_due: 0,
      total: 0,
    });
    const expanded = await suite.stripe.invoices.retrieve(invoice.id!, {
      expand: ["payments", "confirmation_secret"],
    });
    expect(expanded.payments?.data).toEqual([]);
    expect(expanded.confirmation_secret).toBeNull();
    expect(setup).toMatchObject({
      object: "setup_intent",
      customer: customer.id,
      usage: "off_session",
      status: "requires_payment_method",
    });
    expect(setup.client_secret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(await eventsFor("customer.subscription.created", subscription.id)).toHaveLength(1);
    const paid = await suite.stripe.events.list({ type: "invoice.paid", limit: 100 });
    expect(paid.data.some((e) => (e.data.object as Stripe.Invoice).id === invoice.id)).toBe(true);
    const trialing = await suite.stripe.subscriptions.list({
      customer: customer.id,
      status: "trialing",
    });
    expect(trialing.data.map((s) => s.id)).toEqual([subscription.id]);
    const all = await suite.stripe.subscriptions.list({ customer: customer.id });
    expect(all.data.map((s) => s.id)).toEqual([subscription.id]);
  });

  it("refuses bad trial params, and trial_period_days on update", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 2500);
    const { customer } = await createCustomerWithCard(suite.target, "4242424242424242");
    const create = (extra: Partial<Stripe.SubscriptionCreateParams>) =>
      caught(
        stripe.subscriptions.create({
          customer: customer.id,
          items: [{ price: price.id }],
          ...extra,
        }),
      );
    expect(await create({ trial_period_days: 731 })).toMatchObject({ param: "trial_period_days" });
    expect(await create({ trial_end: 1000 })).toMatchObject({ param: "trial_end" });
    const both = await create({
      trial_period_days: 3,
      trial_end: Math.floor(Date.now() / 1000) + 9 * DAY,
    });
    expect(both).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 7,
    });
    expect(subscription.status).toBe("trialing");
    expect(subscription.pending_setup_intent).toBeNull();
    const unknown = await caught(
      stripe.subscriptions.update(subscription.id, {
        trial_period_days: 3,
      } as Stripe.SubscriptionUpdateParams),
    );
    expect(unknown).toMatchObject({ code: "parameter_unknown", param: "trial_period_days" });
  });
});

describe("the pending SetupIntent", () => {
  it("4242: succeeds, attaches the card and makes it the subscription's default", async () => {
    const { stripe } = suite;
    const { subscription, customer, setup } = await trialWaitingForCard();
    const pm = await createCardPaymentMethod(suite.target, "4242424242424242");
    const confirmed = await stripe.setupIntents.confirm(setup.id, { payment_method: pm });
    expect(confirmed).toMatchObject({ status: "succeeded", payment_method: pm });
    expect((await stripe.paymentMethods.retrieve(pm)).customer).toBe(customer.id);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after).toMatchObject({
      status: "trialing",
      default_payment_method: pm,
      pending_setup_intent: null,
    });
    const updated = await eventsFor("customer.subscription.updated", subscription.id);
    expect(updated[0]?.data.previous_attributes).toMatchObject({ pending_setup_intent: setup.id });
    expect((await eventsFor("setup_intent.succeeded", setup.id)).length).toBe(1);
    const listed = await stripe.setupIntents.list({ customer: customer.id });
    expect(listed.data.map((s) => s.id)).toEqual([setup.id]);
  });

  it("3155: asks for 3-D Secure, succeeds once the challenge is completed", async () => {
    const { stripe, base } = suite;
    const { subscription, setup } = await trialWaitingForCard();
    const pm = await createCardPaymentMethod(suite.target, "4000002500003155");
    const pending = await stripe.setupIntents.confirm(setup.id, {
      payment_method: pm,
      return_url: "http://localhost/back",
    });
    expect(pending.status).toBe("requires_action");
    expect(pending.next_action?.redirect_to_url?.url).toBe(`${base}/3ds/${setup.id}`);
    expect((await eventsFor("setup_intent.requires_action", setup.id)).length).toBe(1);
    const page = await fetch(`${base}/3ds/${setup.id}`);
    expect(await page.text()).toContain("saved for future payments");
    const answer = await fetch(`${base}/3ds/${setup.id}/complete`, {
      method: "POST",
      headers: { Accept: "application/json" },
    });
    expect(await answer.json()).toEqual({ status: "succeeded" });
    expect((await stripe.subscriptions.retrieve(subscription.id)).default_payment_method).toBe(pm);
  });

  it("a declined card fails it with last_setup_error; a standalone one can be cancelled", async () => {
    const { stripe } = suite;
    const { setup } = await trialWaitingForCard();
    const pm = await createCardPaymentMethod(suite.target, "4000000000000002");
    const error = await caught(stripe.setupIntents.confirm(setup.id, { payment_method: pm }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const failed = await stripe.setupIntents.retrieve(setup.id);
    expect(failed.status).toBe("requires_payment_method");
    expect(failed.last_setup_error).toMatchObject({ type: "card_error", code: "card_declined" });
    expect((await eventsFor("setup_intent.setup_failed", setup.id)).length).toBe(1);

    const customer = await stripe.customers.create({ email: "s@example.com" });
    const standalone = await stripe.setupIntents.create({
      customer: customer.id,
      usage: "off_session",
    });
    const updated = await stripe.setupIntents.update(standalone.id, { metadata: { a: "1" } });
    expect(updated.metadata).toEqual({ a: "1" });
    const canceled = await stripe.setupIntents.cancel(standalone.id, {
      cancellation_reason: "abandoned",
    });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
  });
});

describe("the end of a trial", () => {
  it("reminds three days before, then charges once, with the fee and transfer", async () => {
    const { stripe } = suite;
    const account = await createExpressAccount(suite.target);
    const price = await createMonthlyPrice(suite.target, 2500);
    const { customer, pm } = await createCustomerWithCard(suite.target, "4242424242424242");
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 7,
      transfer_data: { destination: account.id },
      application_fee_percent: 10,
    });
    const trialEnd = subscription.trial_end!;
    await advanceTo(trialEnd - 3 * DAY - 60);
    expect(await eventsFor("customer.subscription.trial_will_end", subscription.id)).toHaveLength(
      0,
    );
    await advanceTo(trialEnd - 60);
    const reminders = await eventsFor("customer.subscription.trial_will_end", subscription.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.created).toBe(trialEnd - 3 * DAY);
    expect((await stripe.charges.list({ customer: customer.id })).data).toHaveLength(0);

    await advanceTo(trialEnd + 3600);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe("active");
    expect(after.billing_cycle_anchor).toBe(trialEnd);
    const item = after.items.data[0]!;
    expect(item.current_period_start).toBe(trialEnd);
    expect(new Date(item.current_period_end * 1000).getUTCDate()).toBe(
      new Date(trialEnd * 1000).getUTCDate(),
    );
    const invoice = await stripe.invoices.retrieve(after.latest_invoice as string, {
      expand: ["payments.data.payment.payment_intent"],
    });
    expect(invoice).toMatchObject({
      billing_reason: "subscription_cycle",
      status: "paid",
      amount_paid: 2500,
    });
    const intent = invoice.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      payment_method: pm,
      application_fee_amount: 250,
      transfer_data: { destination: account.id },
    });
    expect((await stripe.charges.list({ customer: customer.id })).data).toHaveLength(1);
    expect(await eventsFor("customer.subscription.trial_will_end", subscription.id)).toHaveLength(
      1,
    );
  });

  it("a trial shorter than three days reminds at once; trial_end=now charges at once", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 2500);
    const { customer } = await createCustomerWithCard(suite.target, "4242424242424242");
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 2,
    });
    expect(await eventsFor("customer.subscription.trial_will_end", subscription.id)).toHaveLength(
      1,
    );
    const ended = await stripe.subscriptions.update(subscription.id, {
      trial_end: "now",
      expand: ["latest_invoice"],
    });
    expect(ended.status).toBe("active");
    expect(ended.latest_invoice).toMatchObject({
      billing_reason: "subscription_cycle",
      status: "paid",
      amount_paid: 2500,
    });
    expect(ended.items.data[0]!.current_period_start).toBe(ended.trial_end);
    expect((await stripe.charges.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it("follows missing_payment_method: cancel, create_invoice (past_due), pause", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 2500);
    const started = [];
    for (const behavior of ["cancel", "create_invoice", "pause"] as const) {
      const customer = await stripe.customers.create({ email: `${behavior}@example.com` });
      started.push(
        await stripe.subscriptions.create({
          customer: customer.id,
          items: [{ price: price.id }],
          trial_period_days: 5,
          trial_settings: { end_behavior: { missing_payment_method: behavior } },
        }),
      );
    }
    await advanceTo(Math.max(...started.map((s) => s.trial_end!)) + 3600);
    const [canceled, invoiced, paused] = await Promise.all(
      started.map((s) => stripe.subscriptions.retrieve(s.id, { expand: ["latest_invoice"] })),
    );
    expect(canceled!.status).toBe("canceled");
    expect(invoiced!.status).toBe("past_due");
    expect(invoiced!.latest_invoice).toMatchObject({
      billing_reason: "subscription_cycle",
      status: "open",
    });
    expect(paused!.status).toBe("paused");
  });

  it("a failed charge at the end of the trial makes it past_due, with retries", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 2500);
    const { customer } = await createCustomerWithCard(suite.target, "4000000000000341");
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 3,
    });
    await advanceTo(subscription.trial_end! + 60);
    const after = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ["latest_invoice"],
    });
    expect(after.status).toBe("past_due");
    const invoice = after.latest_invoice as Stripe.Invoice;
    expect(invoice.next_payment_attempt).toBe(subscription.trial_end! + 3 * DAY);
  });

  it("cancelling during a trial never charges, now or at its end", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 2500);
    const { customer } = await createCustomerWithCard(suite.target, "4242424242424242");
    const now = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 10,
    });
    const atEnd = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_period_days: 10,
    });
    const canceled = await stripe.subscriptions.cancel(now.id);
    expect(canceled.status).toBe("canceled");
    expect((await stripe.invoices.retrieve(now.latest_invoice as string)).status).toBe("paid");
    const scheduled = await stripe.subscriptions.update(atEnd.id, { cancel_at_period_end: true });
    expect(scheduled.cancel_at).toBe(atEnd.trial_end);
    await advanceTo(atEnd.trial_end! + 3600);
    expect((await stripe.subscriptions.retrieve(atEnd.id)).status).toBe("canceled");
    expect((await stripe.charges.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(2);
  });
});
