import { PRICE_MINIMUM_MESSAGE } from "@contracts/offerings";
import { describe, expect, it } from "vitest";
import { editOfferingFormSchema, PRICE_REQUIRED_MESSAGE } from "./offering-form-schema";

const base = {
  title: "Lawn Care",
  description: "Every week.",
  cadence: "month",
  trialDays: "0",
  maxPausePeriods: "4",
};
const priceOf = (price: string) => {
  const result = editOfferingFormSchema.safeParse({ ...base, price });
  return result.success ? result.data.price : result.error.issues.map((issue) => issue.message);
};

describe("the offering form's price", () => {
  it("refuses a cleared field instead of reading it as a free offering", () => {
    expect(priceOf("")).toEqual([PRICE_REQUIRED_MESSAGE]);
    expect(priceOf("  ")).toEqual([PRICE_REQUIRED_MESSAGE]);
  });

  it("makes free only from a typed 0", () => {
    expect(priceOf("0")).toBe(0);
    expect(priceOf("0.00")).toBe(0);
  });

  it("reads a decimal comma as a decimal point, never as a hundredfold price", () => {
    expect(priceOf("12,50")).toBe(1250);
    expect(priceOf("12.50")).toBe(1250);
    expect(priceOf("$1,250.00")).toBe(125_000);
  });

  it("says what is wrong with a mistyped price, then the API's own rules", () => {
    expect(priceOf("12.505")).toEqual(["Use at most 2 decimals (whole cents)."]);
    expect(priceOf("twelve")).toEqual(["Enter a number of dollars, like 12.50."]);
    expect(priceOf("-5")).toEqual(["The amount can't be negative."]);
    expect(priceOf("0.25")).toEqual([PRICE_MINIMUM_MESSAGE]);
    expect(priceOf("100000.01")).toEqual(["Price must be at most $100,000.00"]);
    expect(priceOf("99999999999999999999")).toEqual(["Price must be at most $100,000.00"]);
  });
});

describe("the offering form's billing and free trial", () => {
  const parse = (choices: { cadence: string; trialDays: string }) =>
    editOfferingFormSchema.safeParse({ ...base, price: "25", ...choices });

  it("hands the API a cadence and the trial's days as a number", () => {
    const result = parse({ cadence: "two_weeks", trialDays: "14" });
    expect(result.success && result.data).toMatchObject({ cadence: "two_weeks", trialDays: 14 });
  });

  it("refuses what the selects never offer", () => {
    expect(parse({ cadence: "fortnight", trialDays: "0" }).success).toBe(false);
    expect(parse({ cadence: "week", trialDays: "10" }).success).toBe(false);
  });
});

describe("the offering form's longest pause", () => {
  const pauseOf = (maxPausePeriods: string) => {
    const result = editOfferingFormSchema.safeParse({ ...base, price: "25", maxPausePeriods });
    return result.success ? result.data.maxPausePeriods : null;
  };

  it("hands the API the select's periods as a number, 0 meaning customers can't pause", () => {
    expect(pauseOf("0")).toBe(0);
    expect(pauseOf("1")).toBe(1);
    expect(pauseOf("8")).toBe(8);
  });

  it("refuses what the select never offers", () => {
    expect(pauseOf("9")).toBeNull();
    expect(pauseOf("-1")).toBeNull();
    expect(pauseOf("2.5")).toBeNull();
  });
});
