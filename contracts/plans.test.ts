import { describe, expect, it } from "vitest";
import { splitPlatformFee } from "./money";
import {
  applicationFeeCents,
  feeFitsPlan,
  planById,
  plans,
  subscriptionFeePercent,
  subscriptionPriceOfInvoice,
} from "./plans";

describe("applicationFeeCents", () => {
  it("takes Free's and Premium's share, processing included, rounded as the earnings split", () => {
    expect(applicationFeeCents("free", 5000)).toBe(750);
    expect(applicationFeeCents("premium", 5000)).toBe(250);
    // 5% of 1,250 is 62.5 → 63; 15% of 999 is 149.85 → 150.
    expect(applicationFeeCents("premium", 1250)).toBe(63);
    for (const cents of [50, 999, 1250, 4999, 123_457]) {
      for (const plan of ["free", "premium"] as const) {
        expect(applicationFeeCents(plan, cents)).toBe(
          splitPlatformFee(cents, planById(plan).feePercent).feeCents,
        );
      }
    }
  });

  it("passes Stripe's 2.9% + 30¢ through on Professional, never more than the charge", () => {
    // The lawn business's $50: $1.45 + $0.30.
    expect(applicationFeeCents("professional", 5000)).toBe(175);
    // $12.50 weekly: 36.25 → 36, + 30.
    expect(applicationFeeCents("professional", 1250)).toBe(66);
    // The lowest price Stripe charges: processing would be 31¢ of a 50¢ charge.
    expect(applicationFeeCents("professional", 50)).toBe(31);
    expect(applicationFeeCents("professional", 25)).toBe(25);
  });

  it("charges nothing on a $0 invoice, whatever the plan", () => {
    for (const plan of plans) expect(applicationFeeCents(plan.id, 0)).toBe(0);
    for (const plan of plans) expect(applicationFeeCents(plan.id, -100)).toBe(0);
  });
});

describe("subscriptionFeePercent", () => {
  it("is the plan's share on Free and Premium, whatever the price", () => {
    expect(subscriptionFeePercent("free", 5000)).toBe(15);
    expect(subscriptionFeePercent("premium", 37)).toBe(5);
  });

  it("turns Professional's pass-through into Stripe's two decimals, rounded up", () => {
    // 2.9 + 30/5000 × 100 = 3.5 exactly.
    expect(subscriptionFeePercent("professional", 5000)).toBe(3.5);
    // 2.9 + 30/1250 × 100 = 5.3 exactly; 2.9 + 30/2999 × 100 = 3.9003… → 3.91.
    expect(subscriptionFeePercent("professional", 1250)).toBe(5.3);
    expect(subscriptionFeePercent("professional", 2999)).toBe(3.91);
    expect(subscriptionFeePercent("professional", 0)).toBe(0);
    expect(subscriptionFeePercent("professional", 20)).toBe(100);
  });

  it("never takes less than the exact fee on a charge of the subscription's price", () => {
    for (let cents = 50; cents <= 100_000; cents += 137) {
      const percent = subscriptionFeePercent("professional", cents);
      const taken = Math.round((cents * percent) / 100);
      const exact = applicationFeeCents("professional", cents);
      expect(taken).toBeGreaterThanOrEqual(exact);
      // Rounded up to a hundredth of a percent: at most that share of the charge over.
      expect(taken - exact).toBeLessThanOrEqual(Math.ceil(cents / 10_000) + 1);
    }
  });
});

describe("feeFitsPlan", () => {
  it("takes Free's and Premium's fee to the cent", () => {
    expect(feeFitsPlan("premium", 5000, 250)).toBe(true);
    expect(feeFitsPlan("premium", 5000, 251)).toBe(false);
    expect(feeFitsPlan("premium", 5000, 750)).toBe(false);
    expect(feeFitsPlan("free", 5000, 250)).toBe(false);
  });

  it("takes Professional's fee as the subscription's share, whatever kind of charge", () => {
    expect(feeFitsPlan("professional", 5000, 175)).toBe(true);
    expect(feeFitsPlan("professional", 5000, 176)).toBe(false);
    expect(feeFitsPlan("professional", 5000, 174)).toBe(false);
    expect(feeFitsPlan("professional", 0, 0)).toBe(true);
    // $50 with 20% off: 3.5% of $40.00, not 2.9% + 30¢ of it.
    expect(feeFitsPlan("professional", 4000, 140, 5000)).toBe(true);
    expect(feeFitsPlan("professional", 4000, 146, 5000)).toBe(false);
  });
});

describe("a discounted or prorated charge", () => {
  it("takes the subscription's share of it, as Stripe takes application_fee_percent", () => {
    // Premium and Free: the plan's share, whatever the price.
    expect(applicationFeeCents("premium", 4000, 5000)).toBe(200);
    // Professional: 3.56% of a $45.50 subscription charged $36.40 after 20% off.
    expect(subscriptionFeePercent("professional", 4550)).toBe(3.56);
    expect(applicationFeeCents("professional", 3640, 4550)).toBe(130);
    // A proration of 87¢ toward a $45.50 price.
    expect(applicationFeeCents("professional", 87, 4550)).toBe(3);
  });
});

describe("subscriptionPriceOfInvoice", () => {
  const line = (amount: number, unit: number, proration: boolean) => ({
    amount,
    quantity: 1,
    pricing: { unit_amount_decimal: String(unit) },
    parent: { subscription_item_details: { proration } },
  });

  it("is the period's line at its unit price, before a discount", () => {
    expect(
      subscriptionPriceOfInvoice({ subtotal: 4550, lines: { data: [line(4550, 4550, false)] } }),
    ).toBe(4550);
  });

  it("is the new price's line on an invoice of prorations alone", () => {
    const lines = [line(-1200, 3333, true), line(1640, 4550, true)];
    expect(subscriptionPriceOfInvoice({ subtotal: 440, lines: { data: lines } })).toBe(4550);
  });

  it("falls back to the subtotal without subscription lines", () => {
    expect(subscriptionPriceOfInvoice({ subtotal: 999, lines: { data: [] } })).toBe(999);
  });
});
