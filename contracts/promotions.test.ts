import { describe, expect, it } from "vitest";
import {
  createPromoCodeSchema,
  describeDiscount,
  describeDiscountedPrice,
  discountedCents,
  type PromoDiscount,
} from "./promotions";

const percent = (percentOff: number, rest: Partial<PromoDiscount> = {}): PromoDiscount => ({
  percentOff,
  amountOffCents: null,
  duration: "forever",
  durationInMonths: null,
  ...rest,
});
const amount = (amountOffCents: number, rest: Partial<PromoDiscount> = {}): PromoDiscount => ({
  percentOff: null,
  amountOffCents,
  duration: "once",
  durationInMonths: null,
  ...rest,
});

describe("promo code discounts", () => {
  it("takes a percentage to the cent and never goes below zero", () => {
    expect(discountedCents(2500, percent(20))).toBe(2000);
    // 15% of 999 is 149.85: 150 off.
    expect(discountedCents(999, percent(15))).toBe(849);
    expect(discountedCents(2500, percent(100))).toBe(0);
    expect(discountedCents(2500, amount(500))).toBe(2000);
    expect(discountedCents(2500, amount(4000))).toBe(0);
  });

  it("says what it takes off and for how long, and the price before and after", () => {
    const spring = percent(20, { duration: "repeating", durationInMonths: 3 });
    expect(describeDiscount(spring)).toBe("20% off for 3 months");
    expect(describeDiscount(percent(20, { duration: "repeating", durationInMonths: 1 }))).toBe(
      "20% off for 1 month",
    );
    expect(describeDiscount(amount(500))).toBe("$5.00 off the first charge");
    expect(describeDiscount(percent(10))).toBe("10% off forever");
    expect(describeDiscountedPrice(2500, "week", spring)).toBe(
      "$20.00/week for 3 months, then $25.00/week",
    );
    expect(describeDiscountedPrice(2500, "month", amount(500))).toBe(
      "$20.00 for the first charge, then $25.00/month",
    );
    expect(describeDiscountedPrice(2500, "two_weeks", percent(10))).toBe("$22.50 every 2 weeks");
  });
});

describe("creating a code", () => {
  const valid = {
    code: "spring-10",
    kind: "percent",
    percentOff: 10,
    duration: "once",
    offeringIds: ["6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f"],
  };
  const messages = (input: Record<string, unknown>) =>
    createPromoCodeSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message);

  it("keeps codes in capitals", () => {
    expect(createPromoCodeSchema.parse(valid).code).toBe("SPRING-10");
  });

  it("refuses what can't be a code, with a message for the field", () => {
    expect(messages({ code: "SPRING\u0007" })).toEqual(["Code can't contain control characters."]);
    expect(messages({ code: "10 OFF" })).toEqual([
      "Code must be 3 to 32 letters, digits, dashes or underscores.",
    ]);
    expect(messages({ percentOff: 0 })).toEqual(["Percent off must be at least 1%"]);
    expect(messages({ percentOff: 101 })).toEqual(["Percent off can't be more than 100%"]);
    expect(messages({ kind: "amount", percentOff: undefined, amountOffCents: -1 })).toEqual([
      "Amount off must be at least $0.01",
    ]);
    expect(messages({ kind: "amount" })).toEqual([
      "Enter the amount off",
      "An amount code has no percent off",
    ]);
    expect(messages({ duration: "repeating" })).toEqual([
      "Enter for how many months the discount lasts",
    ]);
    expect(messages({ expiresOn: "2027-02-30" })).toEqual([
      "Expiry date must be a date like 2027-03-31",
    ]);
  });
});
