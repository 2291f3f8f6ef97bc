import type { PromoCode } from "@contracts/promotions";
import { describe, expect, it } from "vitest";
import { promoExpiry, promoStatus, promoSummary, promoUses } from "./promo-code-words";

const promo = (overrides: Partial<PromoCode> = {}): PromoCode => ({
  id: "p1",
  code: "SPRING10",
  percentOff: 20,
  amountOffCents: null,
  duration: "repeating",
  durationInMonths: 3,
  expiresOn: null,
  maxRedemptions: null,
  timesUsed: 0,
  isActive: true,
  offerings: [{ id: "o1", title: "Lawn Care" }],
  createdAt: "2026-11-01T00:00:00.000Z",
  ...overrides,
});

describe("the Promotions list's words", () => {
  it("counts uses, with the limit when there is one", () => {
    expect(promoUses(promo())).toBe("0 uses");
    expect(promoUses(promo({ timesUsed: 1 }))).toBe("1 use");
    expect(promoUses(promo({ timesUsed: 3, maxRedemptions: 10 }))).toBe("3 of 10 uses");
  });

  it("summarises the discount and its expiry day", () => {
    expect(promoSummary(promo())).toBe("20% off for 3 months");
    expect(promoExpiry(promo())).toBe("No expiry");
    expect(promoExpiry(promo({ expiresOn: "2027-03-31" }))).toMatch(/2027/);
  });

  it("calls a code expired after its last day and used up at its limit", () => {
    const today = new Date("2027-04-01T12:00:00Z");
    expect(promoStatus(promo({ expiresOn: "2027-04-01" }), today)).toBe("active");
    expect(promoStatus(promo({ expiresOn: "2027-03-31" }), today)).toBe("expired");
    expect(promoStatus(promo({ maxRedemptions: 2, timesUsed: 2 }), today)).toBe("used_up");
    expect(promoStatus(promo({ isActive: false }), today)).toBe("inactive");
  });
});
