import { describe, expect, it } from "vitest";
import { firstRenewalOnOrAfter, nthRenewal } from "./renewal-dates";

const at = (iso: string) => new Date(iso);

describe("nthRenewal", () => {
  it("counts weeks exactly", () => {
    const end = at("2027-01-04T10:00:00Z");
    expect(nthRenewal(end, end, "week", 0)).toEqual(end);
    expect(nthRenewal(end, end, "week", 3)).toEqual(at("2027-01-25T10:00:00Z"));
    expect(nthRenewal(end, end, "two_weeks", 2)).toEqual(at("2027-02-01T10:00:00Z"));
  });

  it("keeps the anchor's day of the month, clamped to short months", () => {
    const anchor = at("2026-12-31T08:30:00Z");
    const feb = at("2027-02-28T08:30:00Z");
    expect(nthRenewal(feb, anchor, "month", 1)).toEqual(at("2027-03-31T08:30:00Z"));
    expect(nthRenewal(feb, anchor, "month", 2)).toEqual(at("2027-04-30T08:30:00Z"));
    expect(nthRenewal(feb, anchor, "three_months", 1)).toEqual(at("2027-05-31T08:30:00Z"));
    expect(nthRenewal(at("2028-02-29T00:00:00Z"), at("2024-02-29T00:00:00Z"), "year", 1)).toEqual(
      at("2029-02-28T00:00:00Z"),
    );
  });

  it("crosses the year", () => {
    const end = at("2027-11-15T00:00:00Z");
    expect(nthRenewal(end, end, "month", 3)).toEqual(at("2028-02-15T00:00:00Z"));
  });
});

describe("firstRenewalOnOrAfter", () => {
  const end = at("2027-06-01T12:00:00Z");

  it("is the period's end when the date is not after it", () => {
    expect(firstRenewalOnOrAfter(end, end, "month", at("2027-05-20T00:00:00Z"))).toEqual({
      at: end,
      skipped: 0,
    });
    expect(firstRenewalOnOrAfter(end, end, "month", end).skipped).toBe(0);
  });

  it("passes over the renewals before the date", () => {
    expect(firstRenewalOnOrAfter(end, end, "month", at("2027-08-20T00:00:00Z"))).toEqual({
      at: at("2027-09-01T12:00:00Z"),
      skipped: 3,
    });
    expect(firstRenewalOnOrAfter(end, end, "week", at("2027-06-08T12:00:01Z"))).toEqual({
      at: at("2027-06-15T12:00:00Z"),
      skipped: 2,
    });
  });
});
