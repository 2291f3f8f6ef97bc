import { describe, expect, it } from "vitest";
import { addInterval, periodEndOf } from "../src/billing/periods";

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (unix: number) => new Date(unix * 1000).toISOString().replace(".000", "");

describe("addInterval", () => {
  it("adds days and weeks as exact seconds", () => {
    expect(addInterval(at("2025-03-01T10:00:00Z"), "day", 1)).toBe(at("2025-03-02T10:00:00Z"));
    expect(addInterval(at("2025-03-01T10:00:00Z"), "day", 30)).toBe(at("2025-03-31T10:00:00Z"));
    expect(addInterval(at("2025-03-01T10:00:00Z"), "week", 1)).toBe(at("2025-03-08T10:00:00Z"));
    expect(addInterval(at("2025-12-25T10:00:00Z"), "week", 2)).toBe(at("2026-01-08T10:00:00Z"));
  });

  it("adds months, clamping to the month's end and keeping the anchor's day", () => {
    const anchor = at("2025-01-31T12:00:00Z");
    const feb = addInterval(anchor, "month", 1, anchor);
    expect(iso(feb)).toBe("2025-02-28T12:00:00Z");
    const mar = addInterval(feb, "month", 1, anchor);
    expect(iso(mar)).toBe("2025-03-31T12:00:00Z");
    expect(iso(addInterval(mar, "month", 1, anchor))).toBe("2025-04-30T12:00:00Z");
    expect(iso(addInterval(at("2024-01-31T00:00:00Z"), "month", 1))).toBe("2024-02-29T00:00:00Z");
    expect(iso(addInterval(at("2025-11-30T08:00:00Z"), "month", 3))).toBe("2026-02-28T08:00:00Z");
    expect(iso(addInterval(at("2025-10-15T08:00:00Z"), "month", 36))).toBe("2028-10-15T08:00:00Z");
  });

  it("adds years as twelve months: Feb 29 gives Feb 28, and Feb 29 again in a leap year", () => {
    const anchor = at("2024-02-29T09:30:00Z");
    const next = addInterval(anchor, "year", 1, anchor);
    expect(iso(next)).toBe("2025-02-28T09:30:00Z");
    expect(iso(addInterval(at("2027-02-28T09:30:00Z"), "year", 1, anchor))).toBe(
      "2028-02-29T09:30:00Z",
    );
    expect(iso(addInterval(anchor, "year", 3))).toBe("2027-02-28T09:30:00Z");
  });

  it("reads the interval from a price, monthly when it has none", () => {
    const start = at("2025-05-01T00:00:00Z");
    const weekly = { recurring: { interval: "week", interval_count: 2 } } as Parameters<
      typeof periodEndOf
    >[0];
    expect(iso(periodEndOf(weekly, start))).toBe("2025-05-15T00:00:00Z");
    expect(iso(periodEndOf({ recurring: null }, start))).toBe("2025-06-01T00:00:00Z");
  });
});
