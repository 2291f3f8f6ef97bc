import { describe, expect, it } from "vitest";
import { splitMonthlyRevenue } from "./split-monthly-revenue";

describe("splitting monthly revenue between offerings", () => {
  it("gives each its exact amount when it is whole", () => {
    // $12.00 weekly (1200 × 52), $300.00 yearly, $25.00 monthly (2500 × 12)
    expect(splitMonthlyRevenue([62_400, 30_000, 30_000], 5200 + 2500 + 2500)).toEqual([
      5200, 2500, 2500,
    ]);
  });

  it("adds up to the rounded total, the leftover cent going to the largest fraction", () => {
    // $10.00 weekly = 4333.33…; $10.01 every 2 weeks = 2168.83…; total 6502.17 → 6502
    expect(splitMonthlyRevenue([52_000, 26_026], 6502)).toEqual([4333, 2169]);
    // Three offerings of $0.10 yearly (0.83… each): 2.5 rounds to 3, given in the order given.
    expect(splitMonthlyRevenue([10, 10, 10], 3)).toEqual([1, 1, 1]);
    // Two of 4333.33…: 8666.67 rounds to 8667; one of them gets the cent.
    expect(splitMonthlyRevenue([52_000, 52_000], 8667)).toEqual([4334, 4333]);
  });

  it("leaves offerings with nobody at zero", () => {
    expect(splitMonthlyRevenue([0, 62_400, 0], 5200)).toEqual([0, 5200, 0]);
    expect(splitMonthlyRevenue([], 0)).toEqual([]);
  });
});
