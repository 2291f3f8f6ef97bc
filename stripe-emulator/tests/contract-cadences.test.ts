import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { caught } from "./fixtures";
import { openTargetPerFile, type Target } from "./target";

// Cadences through the official SDK: weekly to yearly prices, their periods over months of a
// test clock, one invoice per period. Runs against real Stripe test mode too (see target.ts).

let target: Target;
let stripe: Stripe;

openTargetPerFile((opened) => {
  target = opened;
  stripe = opened.stripe;
});

const DAY = 86_400;

async function priceOf(
  unitAmount: number,
  interval: Stripe.PriceCreateParams.Recurring.Interval,
  intervalCount = 1,
) {
  return stripe.prices.create({
    currency: "usd",
    unit_amount: unitAmount,
    recurring: { interval, interval_count: intervalCount },
    product_data: { name: "Lawn" },
  });
}

/** A customer on the test clock, paying with a Visa test card. */
async function customerOn(clock: Stripe.TestHelpers.TestClock) {
  const customer = await stripe.customers.create({ email: "c@example.com", test_clock: clock.id });
  // A Stripe test id makes a card that expires a year after the (clock's) current date.
  const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
  await stripe.customers.update(customer.id, {
    invoice_settings: { default_payment_method: pm.id },
  });
  return customer;
}

/**
 * Advances the clock to `to`. Real Stripe advances at most two of a subscription's intervals at
 * a time and asynchronously, so there it goes in steps and waits; the emulator goes at once and
 * stops at each renewal on the way.
 */
async function advance(clock: Stripe.TestHelpers.TestClock, to: number, step: number) {
  if (target.emulator) {
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: to });
    return;
  }
  let at = clock.frozen_time;
  while (at < to) {
    at = Math.min(to, at + step);
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: at });
    for (;;) {
      const current = await stripe.testHelpers.testClocks.retrieve(clock.id);
      if (current.status === "ready") break;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

/** The subscription's invoices, oldest first. */
async function invoicesOf(subscription: string) {
  const invoices = await stripe.invoices
    .list({ subscription, limit: 100 })
    .autoPagingToArray({ limit: 200 });
  return invoices.sort((a, b) => a.period_start - b.period_start);
}

/** Each invoice's line period, as [start, end] pairs. */
const periodsOf = (invoices: Stripe.Invoice[]) =>
  invoices.map((i) => [i.lines.data[0]!.period.start, i.lines.data[0]!.period.end]);

describe("prices", () => {
  it("create, retrieve and list echo the interval and its count", async () => {
    const biweekly = await priceOf(4500, "week", 2);
    expect(biweekly.recurring).toMatchObject({ interval: "week", interval_count: 2 });
    expect((await stripe.prices.retrieve(biweekly.id)).recurring).toMatchObject({
      interval: "week",
      interval_count: 2,
    });
    const daily = await priceOf(100, "day", 1095);
    expect(daily.recurring).toMatchObject({ interval: "day", interval_count: 1095 });
    const listed = await stripe.prices.list({
      product: biweekly.product as string,
      recurring: { interval: "week" },
    });
    expect(listed.data.map((p) => p.id)).toEqual([biweekly.id]);
  });

  it("refuses an interval longer than three years, or unknown", async () => {
    for (const [interval, count] of [
      ["year", 4],
      ["month", 37],
      ["week", 157],
      ["day", 1096],
    ] as const) {
      const error = await caught(priceOf(100, interval, count));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ param: "recurring[interval_count]" });
    }
    const unknown = await caught(
      priceOf(100, "fortnight" as Stripe.PriceCreateParams.Recurring.Interval),
    );
    expect(unknown).toMatchObject({ param: "recurring[interval]" });
    expect(await caught(priceOf(100, "week", 0))).toMatchObject({
      param: "recurring[interval_count]",
    });
  });
});

describe("subscription periods", () => {
  it("weekly, every 2 weeks and every 3 months renew on their dates over six months", async () => {
    const start = (await stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(Date.now() / 1000) + 60,
    })) as Stripe.TestHelpers.TestClock;
    const plans = [
      { price: await priceOf(2500, "week"), every: 7 * DAY, line: "1 × Lawn (at $25.00 / week)" },
      {
        price: await priceOf(4500, "week", 2),
        every: 14 * DAY,
        line: "1 × Lawn (at $45.00 every 2 weeks)",
      },
      {
        price: await priceOf(9000, "month", 3),
        every: 0,
        line: "1 × Lawn (at $90.00 every 3 months)",
      },
    ];
    const subscriptions: Stripe.Subscription[] = [];
    for (const plan of plans) {
      const customer = await customerOn(start);
      subscriptions.push(
        await stripe.subscriptions.create({
          customer: customer.id,
          items: [{ price: plan.price.id }],
        }),
      );
    }
    const [weekly, biweekly, quarterly] = subscriptions;
    const item = weekly!.items.data[0]!;
    expect(item.current_period_end - item.current_period_start).toBe(7 * DAY);
    // The legacy plan on the item says the cadence too.
    expect(biweekly!.items.data[0]!.plan).toMatchObject({ interval: "week", interval_count: 2 });
    expect(quarterly!.items.data[0]!.plan).toMatchObject({ interval: "month", interval_count: 3 });

    const t0 = weekly!.start_date;
    const end = t0 + 183 * DAY;
    await advance(start, end, 14 * DAY);

    for (const [index, subscription] of subscriptions.entries()) {
      const plan = plans[index]!;
      const invoices = await invoicesOf(subscription.id);
      const periods = periodsOf(invoices);
      // Back to back: each period starts where the last ended.
      for (let i = 1; i < periods.length; i += 1) expect(periods[i]![0]).toBe(periods[i - 1]![1]);
      expect(invoices[0]!.billing_reason).toBe("subscription_create");
      expect(invoices.slice(1).every((i) => i.billing_reason === "subscription_cycle")).toBe(true);
      expect(invoices.every((i) => i.status === "paid")).toBe(true);
      expect(invoices[0]!.lines.data[0]!.description).toBe(plan.line);
      const started = subscription.start_date;
      if (plan.every > 0) {
        for (const [s, e] of periods) expect(e! - s!).toBe(plan.every);
        expect(invoices).toHaveLength(Math.floor((end - started) / plan.every) + 1);
      } else {
        expect(invoices).toHaveLength(3);
        const months = periods.map(([s]) => new Date(s! * 1000).getUTCMonth());
        expect(months[1]).toBe((months[0]! + 3) % 12);
        expect(months[2]).toBe((months[0]! + 6) % 12);
      }
      const current = await stripe.subscriptions.retrieve(subscription.id);
      expect(current.status).toBe("active");
      expect(current.items.data[0]!.current_period_start).toBe(periods.at(-1)![0]);
    }
  });

  it("a yearly subscription renews once in thirteen months", async () => {
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(Date.now() / 1000) + 60,
    });
    const price = await priceOf(30000, "year");
    const customer = await customerOn(clock);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    const clockNow = (await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time;
    await advance(clock, clockNow + 395 * DAY, 300 * DAY);
    const invoices = await invoicesOf(subscription.id);
    expect(invoices).toHaveLength(2);
    expect(invoices[0]!.lines.data[0]!.description).toBe("1 × Lawn (at $300.00 / year)");
    const [first, second] = periodsOf(invoices);
    const a = new Date(first![0]! * 1000);
    const b = new Date(second![0]! * 1000);
    expect([b.getUTCFullYear(), b.getUTCMonth()]).toEqual([
      a.getUTCFullYear() + 1,
      a.getUTCMonth(),
    ]);
  });

  it("keeps the anchor's day of the month: Jan 31, Feb 28/29, Mar 31, Apr 30", async () => {
    // The emulator's one clock may be far ahead after the tests above: start from its time.
    const probe = await stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(Date.now() / 1000) + 60,
    });
    await stripe.testHelpers.testClocks.del(probe.id);
    const year = new Date(probe.frozen_time * 1000).getUTCFullYear() + 1;
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: Date.UTC(year, 0, 31, 12) / 1000,
    });
    const price = await priceOf(2500, "month");
    const customer = await customerOn(clock);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    expect(subscription.start_date).toBe(Date.UTC(year, 0, 31, 12) / 1000);
    await advance(clock, Date.UTC(year, 4, 1, 12) / 1000, 28 * DAY);
    const days = periodsOf(await invoicesOf(subscription.id)).map(([s]) => {
      const d = new Date(s! * 1000);
      return `${d.getUTCMonth() + 1}/${d.getUTCDate()}`;
    });
    const leap = new Date(Date.UTC(year, 1, 29)).getUTCDate() === 29;
    expect(days).toEqual(["1/31", leap ? "2/29" : "2/28", "3/31", "4/30"]);
  });
});
