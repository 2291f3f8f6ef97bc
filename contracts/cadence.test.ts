import { describe, expect, it } from "vitest";
import {
  type Cadence,
  cadenceOfRecurring,
  cadenceSchema,
  cadences,
  formatCadencePrice,
  formatPeriods,
  formatSubscriptionPrice,
  monthlyEquivalent,
  stripeRecurringOf,
} from "./cadence";

describe("cadences", () => {
  it("words a price with its cadence, monthly as the spec writes it", () => {
    expect(cadences.map((cadence) => formatCadencePrice(2500, cadence))).toEqual([
      "$25.00/week",
      "$25.00 every 2 weeks",
      "$25.00/month",
      "$25.00 every 3 months",
      "$25.00/year",
    ]);
    expect(formatSubscriptionPrice(999, "month")).toBe("$9.99/month");
    expect(formatSubscriptionPrice(0, "week")).toBe("Free");
  });

  it("normalises a charge to a month: × 52/12, × 26/12, × 1, ÷ 3, ÷ 12", () => {
    const monthly = Object.fromEntries(
      cadences.map((cadence) => [cadence, monthlyEquivalent(1200, cadence)]),
    );
    expect(monthly).toEqual({
      week: 5200,
      two_weeks: 2600,
      month: 1200,
      three_months: 400,
      year: 100,
    });
  });

  it("maps each cadence to one Stripe interval and back", () => {
    for (const cadence of cadences) {
      expect(cadenceOfRecurring(stripeRecurringOf(cadence))).toBe(cadence);
    }
    expect(stripeRecurringOf("two_weeks")).toEqual({ interval: "week", interval_count: 2 });
    expect(cadenceOfRecurring({ interval: "month", interval_count: 12 })).toBe("year");
    expect(cadenceOfRecurring({ interval: "day", interval_count: 1 })).toBeNull();
    expect(cadenceOfRecurring(null)).toBeNull();
  });

  it("refuses a cadence it doesn't sell, saying which it does", () => {
    for (const bad of ["fortnight", "day", 7, null, "WEEK"]) {
      const result = cadenceSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^Cadence must be one of: every week/);
    }
    expect(cadenceSchema.parse("three_months" satisfies Cadence)).toBe("three_months");
  });
});

describe("formatPeriods", () => {
  it("says a number of periods as time", () => {
    expect(formatPeriods(1, "week")).toBe("1 week");
    expect(formatPeriods(3, "two_weeks")).toBe("6 weeks");
    expect(formatPeriods(2, "three_months")).toBe("6 months");
    expect(formatPeriods(1, "year")).toBe("1 year");
    expect(formatPeriods(8, "month")).toBe("8 months");
  });
});
