import { describe, expect, it } from "vitest";
import { buildGrowthSeries, lastMonths } from "./growth-series";

describe("growth series", () => {
  it("lists the last N months oldest first, across a year boundary", () => {
    expect(lastMonths(new Date("2026-02-15T12:00:00Z"), 4)).toEqual([
      "2025-11-01",
      "2025-12-01",
      "2026-01-01",
      "2026-02-01",
    ]);
  });

  it("fills gaps with zeros and keeps a running total", () => {
    const series = buildGrowthSeries({
      months: ["2026-01-01", "2026-02-01", "2026-03-01"],
      subscribersBefore: 5,
      newByMonth: [
        { month: "2026-01-01", n: 2 },
        { month: "2026-03-01", n: 1 },
      ],
      grossByMonth: [{ month: "2026-02-01", grossCents: 2500 }],
    });
    expect(series).toEqual([
      { month: "2026-01-01", newSubscribers: 2, totalSubscribers: 7, grossRevenueCents: 0 },
      { month: "2026-02-01", newSubscribers: 0, totalSubscribers: 7, grossRevenueCents: 2500 },
      { month: "2026-03-01", newSubscribers: 1, totalSubscribers: 8, grossRevenueCents: 0 },
    ]);
  });
});
