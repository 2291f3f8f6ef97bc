import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExpressAccount, createMonthlyPrice } from "./fixtures";
import { postForm, postJson, startReceiver } from "./support";
import { createCardPaymentMethod, openTarget, type Target } from "./target";

// Emulator only: months of billing through the clock, with webhooks.

const SECRET = "whsec_clock_test";
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let target: Target;
let stripe: Stripe;
let base: string;

beforeAll(async () => {
  receiver = await startReceiver();
  target = await openTarget({
    forceEmulator: true,
    webhookEndpoints: [{ url: receiver.url, secret: SECRET, connect: false }],
  });
  stripe = target.stripe;
  base = target.emulator!.url;
});
afterAll(async () => {
  await target?.close();
  await receiver?.close();
});

const advance = (days: number) => postJson(`${base}/_emulator/clock/advance`, { days });
/** To an hour past the subscription's current period end, whatever the month lengths. */
async function advancePastPeriodEnd(subscriptionId: string) {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const to = subscription.items.data[0]!.current_period_end + 3600;
  await postJson(`${base}/_emulator/clock/advance`, { to });
}

async function subscribe(card: string, options: { destination?: string } = {}) {
  const price = await createMonthlyPrice(target, 2000);
  const customer = await stripe.customers.create({ email: "clock@example.com" });
  const pm = await createCardPaymentMethod(target, card);
  await stripe.paymentMethods.attach(pm, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription" },
    expand: ["latest_invoice.confirmation_secret"],
    ...(options.destination
      ? { transfer_data: { destination: options.destination }, application_fee_percent: 10 }
      : {}),
  });
  const secret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
  return { subscription, customer, pm, intentId: secret.split("_secret_")[0]! };
}

describe("renewals", () => {
  it("three months with one failed renewal: past_due, card updated in the portal, retry pays", async () => {
    const account = await createExpressAccount(target);
    // 3155 needs 3-D Secure on the first payment only; renewals then go through off-session.
    const { subscription, customer, pm, intentId } = await subscribe("4000002500003155", {
      destination: account.id,
    });
    expect((await stripe.paymentIntents.confirm(intentId, { payment_method: pm })).status).toBe(
      "requires_action",
    );
    await fetch(`${base}/3ds/${intentId}/complete`, { method: "POST" });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
    const firstEnd = subscription.items.data[0]!.current_period_end;

    // Month 1 renews off-session on the 3-D Secure card.
    await advancePastPeriodEnd(subscription.id);
    let current = await stripe.subscriptions.retrieve(subscription.id);
    expect(current.status).toBe("active");
    expect(current.items.data[0]!.current_period_start).toBe(firstEnd);

    // Month 2: the card now fails.
    const failing = await createCardPaymentMethod(target, "4000000000000341");
    await stripe.paymentMethods.attach(failing, { customer: customer.id });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing });
    await advancePastPeriodEnd(subscription.id);
    current = await stripe.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
    expect(current.status).toBe("past_due");
    const open = current.latest_invoice as Stripe.Invoice;
    expect(open).toMatchObject({
      status: "open",
      billing_reason: "subscription_cycle",
      attempt_count: 1,
    });
    expect(open.next_payment_attempt).toBeGreaterThan(open.created);

    // The customer fixes the card in the portal; the next retry (3 days later) pays.
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://localhost/back",
    });
    await postForm(`${portal.url}/card`, {
      card_number: "4242424242424242",
      exp_month: "12",
      exp_year: "2040",
      cvc: "123",
    });
    await advance(4);
    current = await stripe.subscriptions.retrieve(subscription.id);
    expect(current.status).toBe("active");
    const retried = await stripe.invoices.retrieve(open.id!);
    expect(retried).toMatchObject({ status: "paid", attempt_count: 2, amount_paid: 2000 });

    // Month 3 renews normally.
    await advancePastPeriodEnd(subscription.id);
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((i) => i.status)).toEqual(["paid", "paid", "paid", "paid"]);
    const balance = await stripe.balance.retrieve({}, { stripeAccount: account.id });
    expect(balance.available[0]!.amount).toBe(4 * 1800);

    await postJson(`${base}/_emulator/webhooks/flush`);
    const events = receiver.received.map((r) =>
      stripe.webhooks.constructEvent(r.body, r.signature, SECRET),
    );
    const forThis = events.filter(
      (e) =>
        (e.data.object as { id?: string }).id === subscription.id ||
        (e.data.object as Stripe.Invoice).parent?.subscription_details?.subscription ===
          subscription.id,
    );
    const types = forThis.map((e) => e.type);
    expect(types.filter((t) => t === "invoice.paid")).toHaveLength(4);
    expect(types).toContain("invoice.payment_failed");
    const statuses = forThis
      .filter((e) => e.type === "customer.subscription.updated")
      .map((e) => (e.data.object as Stripe.Subscription).status);
    expect(statuses).toContain("past_due");
  });

  it("ends a cancel_at_period_end subscription at its period end", async () => {
    const { subscription, pm, intentId } = await subscribe("4242424242424242");
    await stripe.paymentIntents.confirm(intentId, { payment_method: pm });
    const scheduled = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
    });
    expect(scheduled.cancel_at).toBe(subscription.items.data[0]!.current_period_end);
    await advance(20);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
    await advance(12);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: "canceled", ended_at: scheduled.cancel_at });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
  });

  it("expires a subscription left incomplete for 23 hours", async () => {
    const { subscription, intentId } = await subscribe("4242424242424242");
    await postJson(`${base}/_emulator/clock/advance`, { seconds: 22 * 3600 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("incomplete");
    await postJson(`${base}/_emulator/clock/advance`, { seconds: 2 * 3600 });
    const expired = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ["latest_invoice"],
    });
    expect(expired.status).toBe("incomplete_expired");
    expect((expired.latest_invoice as Stripe.Invoice).status).toBe("void");
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe("canceled");
  });
});

describe("dunning", () => {
  it("retries 3, 5 and 7 days after a failed renewal, then cancels, or marks unpaid if set", async () => {
    const runs: Record<string, string> = {};
    for (const setting of ["cancel", "unpaid"] as const) {
      await postJson(`${base}/_emulator/settings`, { afterFinalRetry: setting });
      const { subscription, customer, pm, intentId } = await subscribe("4242424242424242");
      await stripe.paymentIntents.confirm(intentId, { payment_method: pm });
      const failing = await createCardPaymentMethod(target, "4000000000000341");
      await stripe.paymentMethods.attach(failing, { customer: customer.id });
      await stripe.subscriptions.update(subscription.id, { default_payment_method: failing });
      await advancePastPeriodEnd(subscription.id);
      const [renewal] = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 }))
        .data;
      expect(renewal).toMatchObject({ status: "open", attempt_count: 1 });
      await postJson(`${base}/_emulator/clock/advance`, { days: 8 });
      const after = await stripe.invoices.retrieve(renewal!.id!);
      expect(after).toMatchObject({ status: "open", attempt_count: 4, next_payment_attempt: null });
      runs[setting] = (await stripe.subscriptions.retrieve(subscription.id)).status;
    }
    await postJson(`${base}/_emulator/settings`, { afterFinalRetry: "cancel" });
    expect(runs).toEqual({ cancel: "canceled", unpaid: "unpaid" });
  });
});

describe("clock controls", () => {
  it("reads, refuses bad input, and advances through the test clock API and the page", async () => {
    const clock = (await fetch(`${base}/_emulator/clock`).then((r) => r.json())) as { now: number };
    expect(clock.now).toBeGreaterThan(1_700_000_000);
    expect((await postJson(`${base}/_emulator/clock/advance`, { days: -1 })).status).toBe(400);
    const created = await stripe.testHelpers.testClocks.create({ frozen_time: clock.now });
    const advanced = await stripe.testHelpers.testClocks.advance(created.id, {
      frozen_time: clock.now + 86_400,
    });
    expect(advanced).toMatchObject({ status: "ready" });
    expect(advanced.frozen_time).toBeGreaterThanOrEqual(clock.now + 86_400);
    const page = await fetch(`${base}/_emulator`);
    expect(await page.text()).toContain("Advance clock");
    const fromForm = await postForm(`${base}/_emulator/clock/advance`, { days: "1" });
    expect(fromForm.headers.get("content-type")).toContain("text/html");
  });
});
