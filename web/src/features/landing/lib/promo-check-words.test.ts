import type { PromoCodeCheck } from "@contracts/promotions";
import { describe, expect, it } from "vitest";
import { discountedPriceSentence, firstChargeLabel } from "./promo-check-words";

const check = (
  summary: string,
  discountedCents: number,
  terms: Pick<PromoCodeCheck, "percentOff" | "amountOffCents" | "duration" | "durationInMonths">,
): PromoCodeCheck => ({
  code: "SPRING10",
  priceCents: 2500,
  cadence: "week",
  discountedCents,
  summary,
  ...terms,
});
const percent = (percentOff: number) => ({ percentOff, amountOffCents: null });

describe("the subscribe modal's words for an applied code", () => {
  it("says how long a repeating discount lasts and what comes after", () => {
    const spring = check("20% off for 3 months", 2000, {
      ...percent(20),
      duration: "repeating",
      durationInMonths: 3,
    });
    expect(discountedPriceSentence(spring)).toBe("$20.00/week for 3 months, then $25.00/week");
    expect(firstChargeLabel(spring)).toBe("$20.00/week");
    expect(
      discountedPriceSentence(
        check("20% off for 1 month", 2000, {
          ...percent(20),
          duration: "repeating",
          durationInMonths: 1,
        }),
      ),
    ).toBe("$20.00/week for 1 month, then $25.00/week");
  });

  it("says a one-off discount is the first charge only", () => {
    const once = check("$5.00 off the first charge", 2000, {
      percentOff: null,
      amountOffCents: 500,
      duration: "once",
      durationInMonths: null,
    });
    expect(discountedPriceSentence(once)).toBe("$20.00 for the first charge, then $25.00/week");
    expect(firstChargeLabel(once)).toBe("$20.00");
  });

  it("gives a forever discount as the new price", () => {
    const forever = check("10% off forever", 2250, {
      ...percent(10),
      duration: "forever",
      durationInMonths: null,
    });
    expect(discountedPriceSentence(forever)).toBe("$22.50/week");
    expect(firstChargeLabel(forever)).toBe("$22.50/week");
  });
});
