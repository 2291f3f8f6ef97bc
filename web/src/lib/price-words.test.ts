import { describe, expect, it } from "vitest";
import {
  billedSentence,
  billingBenefit,
  subscriptionKind,
  trialChoiceLabel,
  trialLength,
  trialOffer,
} from "./price-words";

describe("the words around a price", () => {
  it("keeps monthly exactly as the spec words it", () => {
    expect(billedSentence(2500, "month")).toBe("$25.00/month, billed monthly.");
    expect(subscriptionKind("month")).toBe("Monthly subscription");
    expect(billingBenefit("month")).toBe("Monthly billing, no surprises");
  });

  it("says the cadence of every other price, never a month", () => {
    expect(billedSentence(2500, "week")).toBe("$25.00/week, billed weekly.");
    expect(billedSentence(4500, "two_weeks")).toBe("$45.00, billed every 2 weeks.");
    expect(billedSentence(9000, "three_months")).toBe("$90.00, billed every 3 months.");
    expect(billedSentence(30_000, "year")).toBe("$300.00/year, billed yearly.");
    expect(subscriptionKind("week")).toBe("Weekly subscription");
    expect(subscriptionKind("two_weeks")).toBe("Billed every 2 weeks");
    expect(billingBenefit("three_months")).toBe("Billed every 3 months, no surprises");
    expect(billingBenefit("year")).toBe("Yearly billing, no surprises");
  });

  it("offers a trial only when there is one and something to pay after it", () => {
    expect(trialOffer(14, 2500, "week")).toBe("First 14 days free, then $25.00/week");
    expect(trialOffer(7, 4500, "two_weeks")).toBe("First 7 days free, then $45.00 every 2 weeks");
    expect(trialOffer(0, 2500, "week")).toBeNull();
    expect(trialOffer(30, 0, "month")).toBeNull();
    expect(trialLength(14, 2500)).toBe("14-day free trial");
    expect(trialLength(0, 2500)).toBeNull();
    expect(trialLength(7, 0)).toBeNull();
    expect(trialChoiceLabel(0)).toBe("No free trial");
    expect(trialChoiceLabel(30)).toBe("30 days");
  });
});
