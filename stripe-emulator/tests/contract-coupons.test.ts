import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  caught,
  createCustomerWithCard,
  createExpressAccount,
  createMonthlyPrice,
} from "./fixtures";
import { postForm } from "./support";
import { openEmulatorPerFile } from "./target";

// Coupons and the discounts they give subscriptions, through the official SDK. Emulator only:
// the test clock moves the whole emulator, so each test reads the clock it starts from.

const suite = openEmulatorPerFile();
const DAY = 86_400;

/** The emulator's clock (a clock created in the past reports it without moving it). */
async function emulatorNow() {
  return (await suite.stripe.testHelpers.testClocks.create({ frozen_time: 0 })).frozen_time;
}

async function advanceTo(to: number) {
  const clock = await suite.stripe.testHelpers.testClocks.create({ frozen_time: 0 });
  await suite.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: to });
}

/** The same month arithmetic as the emulator's periods (UTC, day clamped to the month's end). */
function addMonths(unix: number, months: number) {
  const from = new Date(unix * 1000);
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const last = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), last));
  target.setUTCHours(from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds());
  return Math.floor(target.getTime() / 1000);
}

/** A subscription's invoices, oldest first. */
async function invoicesOf(subscription: string) {
  const list = await suite.stripe.invoices.list({ subscription, limit: 100 });
  return [...list.data].reverse();
}

async function subscribe(price: string, extra: Partial<Stripe.SubscriptionCreateParams> = {}) {
  const { customer } = await createCustomerWithCard(suite.target, "4242424242424242");
  return suite.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price }],
    expand: ["latest_invoice", "discounts"],
    ...extra,
  });
}

describe("coupons", () => {
  it("are created, read, renamed, listed and deleted, in Stripe's shape", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 2500);
    const coupon = await stripe.coupons.create({
      id: "SPRING-12",
      percent_off: 12.5,
      duration: "repeating",
      duration_in_months: 3,
      max_redemptions: 5,
      applies_to: { products: [price.product as string] },
      name: "Spring",
      metadata: { creator: "c1" },
    });
    expect(coupon).toMatchObject({
      id: "SPRING-12",
      object: "coupon",
      percent_off: 12.5,
      amount_off: null,
      currency: null,
      duration: "repeating",
      duration_in_months: 3,
      max_redemptions: 5,
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
      name: "Spring",
      metadata: { creator: "c1" },
      livemode: false,
    });
    // applies_to is only there when expanded, as on Stripe.
    expect(coupon.applies_to).toBeUndefined();
    const expanded = await stripe.coupons.retrieve(coupon.id, { expand: ["applies_to"] });
    expect(expanded.applies_to).toEqual({ products: [price.product] });
    const renamed = await stripe.coupons.update(coupon.id, {
      name: "Spring sale",
      metadata: { extra: "1" },
    });
    expect(renamed).toMatchObject({ name: "Spring sale", metadata: { creator: "c1", extra: "1" } });
    const amount = await stripe.coupons.create({
      amount_off: 500,
      currency: "USD",
      duration: "forever",
    });
    expect(amount).toMatchObject({ amount_off: 500, currency: "usd", percent_off: null });
    expect(amount.id).toMatch(/^[A-Z0-9]{8}$/);
    const listed = await stripe.coupons.list({ limit: 100 });
    expect(listed.data.map((c) => c.id)).toEqual(expect.arrayContaining([coupon.id, amount.id]));
    const duplicate = await caught(stripe.coupons.create({ id: coupon.id, percent_off: 5 }));
    expect(duplicate).toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_already_exists",
      param: "id",
      message: "Coupon already exists.",
    });
    const unknown = await caught(
      stripe.coupons.update(coupon.id, { percent_off: 5 } as Stripe.CouponUpdateParams),
    );
    expect(unknown).toMatchObject({ code: "parameter_unknown", param: "percent_off" });
    expect(await stripe.coupons.del(amount.id)).toEqual({
      id: amount.id,
      object: "coupon",
      deleted: true,
    });
    expect(await caught(stripe.coupons.retrieve(amount.id))).toMatchObject({
      code: "resource_missing",
      message: `No such coupon: '${amount.id}'`,
    });
  });

  it("refuses what Stripe refuses", async () => {
    const { stripe } = suite;
    const now = await emulatorNow();
    const refused = async (params: Stripe.CouponCreateParams) => {
      const error = await caught(stripe.coupons.create(params));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      return (error as Stripe.errors.StripeError).param;
    };
    expect(await refused({ percent_off: 0 })).toBe("percent_off");
    expect(await refused({ percent_off: 101 })).toBe("percent_off");
    expect(await refused({ amount_off: -100, currency: "usd" })).toBe("amount_off");
    expect(await refused({ amount_off: 100 })).toBe("currency");
    expect(await refused({ percent_off: 10, amount_off: 100, currency: "usd" })).toBe(
      "percent_off",
    );
    expect(await refused({ duration: "forever" })).toBe("percent_off");
    expect(await refused({ percent_off: 10, duration: "repeating" })).toBe("duration_in_months");
    expect(await refused({ percent_off: 10, duration: "once", duration_in_months: 2 })).toBe(
      "duration_in_months",
    );
    expect(await refused({ percent_off: 10, max_redemptions: 0 })).toBe("max_redemptions");
    expect(await refused({ percent_off: 10, redeem_by: now - 60 })).toBe("redeem_by");
  });
});

describe("discounts on subscriptions", () => {
  it("refuses the singular coupon and promotion_code removed in basil, and unknown coupons", async () => {
    const price = await createMonthlyPrice(suite.target, 2500);
    const { customer } = await createCustomerWithCard(suite.target, "4242424242424242");
    const base = { customer: customer.id, items: [{ price: price.id }] };
    for (const param of ["coupon", "promotion_code"]) {
      const error = await caught(
        suite.stripe.subscriptions.create({
          ...base,
          [param]: "SPRING",
        } as Stripe.SubscriptionCreateParams),
      );
      expect(error).toMatchObject({
        code: "parameter_unknown",
        param,
        message: `Received unknown parameter: ${param}`,
      });
    }
    const missing = await caught(
      suite.stripe.subscriptions.create({ ...base, discounts: [{ coupon: "nope" }] }),
    );
    expect(missing).toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_missing",
      param: "discounts[0][coupon]",
      message: "No such coupon: 'nope'",
    });
    const existing = await subscribe(price.id);
    const onUpdate = await caught(
      suite.stripe.subscriptions.update(existing.id, {
        coupon: "x",
      } as Stripe.SubscriptionUpdateParams),
    );
    expect(onUpdate).toMatchObject({ code: "parameter_unknown", param: "coupon" });
  });

  it("a once coupon discounts the first charge only, then leaves the subscription", async () => {
    const price = await createMonthlyPrice(suite.target, 2500);
    const coupon = await suite.stripe.coupons.create({ percent_off: 50, duration: "once" });
    const subscription = await subscribe(price.id, { discounts: [{ coupon: coupon.id }] });
    expect(subscription.status).toBe("active");
    // Spent on the first invoice: the subscription no longer has it.
    expect(subscription.discounts).toEqual([]);
    const first = subscription.latest_invoice as Stripe.Invoice;
    const [discountId] = first.discounts as string[];
    expect(discountId).toMatch(/^di_/);
    expect(first).toMatchObject({
      subtotal: 2500,
      total: 1250,
      amount_due: 1250,
      amount_paid: 1250,
      status: "paid",
      total_discount_amounts: [{ amount: 1250, discount: discountId }],
    });
    expect(first.lines.data[0]).toMatchObject({
      amount: 2500,
      discounts: [discountId],
      discount_amounts: [{ amount: 1250, discount: discountId }],
    });
    const updates = (
      await suite.stripe.events.list({ type: "customer.subscription.updated", limit: 100 })
    ).data.filter((e) => (e.data.object as Stripe.Subscription).id === subscription.id);
    expect(
      updates.some(
        (e) =>
          JSON.stringify((e.data.previous_attributes as { discounts?: unknown })?.discounts) ===
          JSON.stringify([discountId]),
      ),
    ).toBe(true);
    expect((await suite.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
    await advanceTo(subscription.items.data[0]!.current_period_end + 60);
    const invoices = await invoicesOf(subscription.id);
    expect(invoices.map((i) => i.total)).toEqual([1250, 2500]);
    expect(invoices[1]!.discounts).toEqual([]);
  });

  it("a 3-month 20% repeating coupon discounts three monthly invoices, fee on the discounted amount", async () => {
    const { stripe } = suite;
    const account = await createExpressAccount(suite.target);
    const price = await createMonthlyPrice(suite.target, 2500);
    const coupon = await stripe.coupons.create({
      percent_off: 20,
      duration: "repeating",
      duration_in_months: 3,
    });
    const subscription = await subscribe(price.id, {
      discounts: [{ coupon: coupon.id }],
      application_fee_percent: 10,
      transfer_data: { destination: account.id },
      expand: ["discounts", "latest_invoice.payments.data.payment.payment_intent"],
    });
    const [discount] = subscription.discounts as Stripe.Discount[];
    expect(discount).toMatchObject({
      object: "discount",
      coupon: { id: coupon.id, object: "coupon", percent_off: 20, duration: "repeating" },
      start: subscription.created,
      end: addMonths(subscription.created, 3),
      subscription: subscription.id,
      subscription_item: null,
      customer: subscription.customer,
      invoice: null,
      promotion_code: null,
      checkout_session: null,
    });
    const first = subscription.latest_invoice as Stripe.Invoice;
    const intent = first.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ amount: 2000, application_fee_amount: 200 });
    await advanceTo(addMonths(subscription.created, 6) + DAY);
    const invoices = await invoicesOf(subscription.id);
    expect(invoices.map((i) => i.total)).toEqual([2000, 2000, 2000, 2500, 2500, 2500, 2500]);
    expect(invoices.map((i) => i.subtotal)).toEqual(Array(7).fill(2500));
    expect(invoices.every((i) => i.status === "paid")).toBe(true);
    const transfers = await stripe.transfers.list({ destination: account.id, limit: 100 });
    expect(transfers.data.map((t) => t.amount).sort()).toEqual(
      [2000, 2000, 2000, 2500, 2500, 2500, 2500].sort(),
    );
    const fees = await stripe.applicationFees.list({ limit: 100 });
    const ours = fees.data.filter((f) => f.account === account.id).map((f) => f.amount);
    expect(ours.sort()).toEqual([200, 200, 200, 250, 250, 250, 250].sort());
    // Removed at the first renewal at or after its end.
    expect((await stripe.subscriptions.retrieve(subscription.id)).discounts).toEqual([]);
  });

  it("an amount_off larger than the price gives a $0 paid invoice, never negative", async () => {
    const price = await createMonthlyPrice(suite.target, 2500);
    const coupon = await suite.stripe.coupons.create({
      amount_off: 5000,
      currency: "usd",
      duration: "forever",
    });
    const subscription = await subscribe(price.id, {
      discounts: [{ coupon: coupon.id }],
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice.payments", "latest_invoice.confirmation_secret"],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(subscription.status).toBe("active");
    expect(invoice).toMatchObject({
      subtotal: 2500,
      total: 0,
      amount_due: 0,
      amount_remaining: 0,
      status: "paid",
      confirmation_secret: null,
    });
    expect(invoice.total_discount_amounts?.[0]?.amount).toBe(2500);
    expect(invoice.payments?.data).toEqual([]);
    expect(subscription.discounts).toHaveLength(1);
  });

  it("with a 14-day trial, a once coupon discounts the first paid invoice", async () => {
    const price = await createMonthlyPrice(suite.target, 2500);
    const coupon = await suite.stripe.coupons.create({ percent_off: 50, duration: "once" });
    const subscription = await subscribe(price.id, {
      discounts: [{ coupon: coupon.id }],
      trial_period_days: 14,
    });
    const trialInvoice = subscription.latest_invoice as Stripe.Invoice;
    expect(trialInvoice).toMatchObject({ total: 0, discounts: [], total_discount_amounts: [] });
    expect(subscription.discounts).toHaveLength(1);
    await advanceTo(subscription.trial_end! + 60);
    const afterTrial = await suite.stripe.subscriptions.retrieve(subscription.id);
    expect(afterTrial.status).toBe("active");
    expect(afterTrial.discounts).toEqual([]);
    await advanceTo(afterTrial.items.data[0]!.current_period_end + 60);
    const invoices = await invoicesOf(subscription.id);
    expect(invoices.map((i) => [i.subtotal, i.total])).toEqual([
      [0, 0],
      [2500, 1250],
      [2500, 2500],
    ]);
  });

  it("max_redemptions reached: the coupon is not valid and the next redemption is refused", async () => {
    const price = await createMonthlyPrice(suite.target, 2500);
    const coupon = await suite.stripe.coupons.create({ percent_off: 10, max_redemptions: 1 });
    await subscribe(price.id, { discounts: [{ coupon: coupon.id }] });
    expect(await suite.stripe.coupons.retrieve(coupon.id)).toMatchObject({
      times_redeemed: 1,
      max_redemptions: 1,
      valid: false,
    });
    const error = await caught(subscribe(price.id, { discounts: [{ coupon: coupon.id }] }));
    expect(error).toMatchObject({
      type: "StripeInvalidRequestError",
      param: "discounts[0][coupon]",
    });
    expect((await suite.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
  });

  it("redeem_by passed on the clock: not valid, refused", async () => {
    const price = await createMonthlyPrice(suite.target, 2500);
    const now = await emulatorNow();
    const coupon = await suite.stripe.coupons.create({ percent_off: 10, redeem_by: now + 2 * DAY });
    expect(coupon.valid).toBe(true);
    await advanceTo(now + 3 * DAY);
    expect((await suite.stripe.coupons.retrieve(coupon.id)).valid).toBe(false);
    const listed = await suite.stripe.coupons.list({ limit: 100 });
    expect(listed.data.find((c) => c.id === coupon.id)?.valid).toBe(false);
    const error = await caught(subscribe(price.id, { discounts: [{ coupon: coupon.id }] }));
    expect(error).toMatchObject({ param: "discounts[0][coupon]" });
  });

  it("a deleted coupon is refused for new subscriptions; existing discounts continue", async () => {
    const price = await createMonthlyPrice(suite.target, 2500);
    const coupon = await suite.stripe.coupons.create({ percent_off: 10, duration: "forever" });
    const subscription = await subscribe(price.id, { discounts: [{ coupon: coupon.id }] });
    await suite.stripe.coupons.del(coupon.id);
    const error = await caught(subscribe(price.id, { discounts: [{ coupon: coupon.id }] }));
    expect(error).toMatchObject({ code: "resource_missing", param: "discounts[0][coupon]" });
    await advanceTo(subscription.items.data[0]!.current_period_end + 60);
    const invoices = await invoicesOf(subscription.id);
    expect(invoices.map((i) => i.total)).toEqual([2250, 2250]);
    const kept = await suite.stripe.subscriptions.retrieve(subscription.id, {
      expand: ["discounts"],
    });
    expect((kept.discounts[0] as Stripe.Discount).coupon.id).toBe(coupon.id);
  });

  it("a coupon for other products is accepted but takes nothing off", async () => {
    const price = await createMonthlyPrice(suite.target, 2500);
    const other = await createMonthlyPrice(suite.target, 900);
    const coupon = await suite.stripe.coupons.create({
      percent_off: 50,
      duration: "forever",
      applies_to: { products: [other.product as string] },
    });
    const subscription = await subscribe(price.id, { discounts: [{ coupon: coupon.id }] });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ subtotal: 2500, total: 2500 });
    expect(invoice.total_discount_amounts).toEqual([
      {
        amount: 0,
        discount: subscription.discounts[0] && (subscription.discounts[0] as Stripe.Discount).id,
      },
    ]);
    expect(invoice.lines.data[0]).toMatchObject({ discounts: [], discount_amounts: [] });
  });

  it("a weekly price with a 1-month repeating coupon discounts the weeks that start within the month", async () => {
    const { stripe } = suite;
    const product = await stripe.products.create({ name: "Weekly mow" });
    const price = await stripe.prices.create({
      product: product.id,
      currency: "usd",
      unit_amount: 1000,
      recurring: { interval: "week" },
    });
    const coupon = await stripe.coupons.create({
      percent_off: 50,
      duration: "repeating",
      duration_in_months: 1,
    });
    const subscription = await subscribe(price.id, { discounts: [{ coupon: coupon.id }] });
    const end = (subscription.discounts[0] as Stripe.Discount).end!;
    expect(end).toBe(addMonths(subscription.created, 1));
    await advanceTo(subscription.created + 8 * 7 * DAY + 60);
    const invoices = await invoicesOf(subscription.id);
    const discounted = invoices.filter((i) => i.total === 500);
    expect(discounted.length).toBeGreaterThanOrEqual(4);
    expect(discounted.length).toBeLessThanOrEqual(5);
    expect(invoices.every((i) => (i.period_start < end ? i.total === 500 : i.total === 1000))).toBe(
      true,
    );
    expect((await stripe.subscriptions.retrieve(subscription.id)).discounts).toEqual([]);
  });

  it("an update adds a coupon for the next invoice, and discounts='' removes it", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 2500);
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: "forever" });
    const subscription = await subscribe(price.id);
    const updated = await stripe.subscriptions.update(subscription.id, {
      discounts: [{ coupon: coupon.id }],
      expand: ["discounts"],
    });
    const [discount] = updated.discounts as Stripe.Discount[];
    expect(discount).toMatchObject({ coupon: { id: coupon.id }, subscription: subscription.id });
    // Naming the same coupon again keeps the discount it already has.
    const again = await stripe.subscriptions.update(subscription.id, {
      discounts: [{ coupon: coupon.id }],
    });
    expect(again.discounts).toEqual([discount!.id]);
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
    await advanceTo(subscription.items.data[0]!.current_period_end + 60);
    expect((await invoicesOf(subscription.id)).map((i) => i.total)).toEqual([2500, 2000]);
    const cleared = await stripe.subscriptions.update(subscription.id, {
      discounts: "" as unknown as [],
    });
    expect(cleared.discounts).toEqual([]);
  });
});

describe("discounts in Checkout", () => {
  it("a session with a coupon shows the discounted total and starts a discounted subscription", async () => {
    const { stripe } = suite;
    const price = await createMonthlyPrice(suite.target, 2500);
    const coupon = await stripe.coupons.create({
      percent_off: 40,
      duration: "repeating",
      duration_in_months: 2,
    });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success",
      discounts: [{ coupon: coupon.id }],
    });
    expect(session).toMatchObject({
      amount_subtotal: 2500,
      amount_total: 1500,
      total_details: { amount_discount: 1000 },
      discounts: [{ coupon: coupon.id, promotion_code: null }],
    });
    const page = await fetch(session.url!).then((r) => r.text());
    expect(page).toContain("$15.00");
    const refused = await caught(
      stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: "http://localhost/success",
        discounts: [{ coupon: "nope" }],
      }),
    );
    expect(refused).toMatchObject({ code: "resource_missing", param: "discounts[0][coupon]" });
    await postForm(session.url!, {
      email: "coupon@example.com",
      name: "C",
      card_number: "4242424242424242",
      exp_month: "1",
      exp_year: "2041",
      cvc: "999",
    });
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["subscription.discounts", "subscription.latest_invoice"],
    });
    expect(done.status).toBe("complete");
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription.discounts[0]).toMatchObject({
      coupon: { id: coupon.id },
      checkout_session: session.id,
    });
    expect(subscription.latest_invoice).toMatchObject({ subtotal: 2500, total: 1500 });
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
  });
});
