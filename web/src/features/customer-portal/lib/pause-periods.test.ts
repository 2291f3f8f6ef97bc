import { describe, expect, it } from "vitest";
import { firstRenewalFrom, renewalAfter } from "./pause-periods";

describe("a pause's words and dates", () => {
  it("counts renewals from the renewal's day, clamped to a short month's end", () => {
    expect(renewalAfter("2027-01-31T10:00:00.000Z", "month", 1)).toBe("2027-02-28T10:00:00.000Z");
    expect(renewalAfter("2027-01-31T10:00:00.000Z", "month", 2)).toBe("2027-03-31T10:00:00.000Z");
    expect(renewalAfter("2027-01-05T10:00:00.000Z", "two_weeks", 2)).toBe(
      "2027-02-02T10:00:00.000Z",
    );
    expect(renewalAfter("2027-01-05T10:00:00.000Z", "year", 1)).toBe("2028-01-05T10:00:00.000Z");
  });

  it("resumes a pause until a day at the first renewal on or after it", () => {
    const next = "2027-01-05T12:00:00.000Z";
    expect(firstRenewalFrom(next, "week", "2027-01-04")).toBe(next);
    expect(firstRenewalFrom(next, "week", "2027-01-20")).toBe("2027-01-26T12:00:00.000Z");
    expect(firstRenewalFrom(next, "month", "2027-03-01")).toBe("2027-03-05T12:00:00.000Z");
  });
});
