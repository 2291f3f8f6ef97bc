import { cadences } from "@contracts/cadence";
import { describe, expect, it } from "vitest";
import { pauseChoiceLabel, pausePeriodChoices } from "./pause-choices";

describe("the offering form's pausing choices", () => {
  it("offers no pausing, then 1 to 8 periods", () => {
    expect(pausePeriodChoices).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("says plainly when customers can't pause, whatever the billing", () => {
    for (const cadence of cadences) {
      expect(pauseChoiceLabel(0, cadence)).toBe("Customers can't pause");
    }
  });

  it("names the longest pause in the billing chosen beside it", () => {
    expect(pauseChoiceLabel(1, "week")).toBe("Up to 1 week");
    expect(pauseChoiceLabel(4, "week")).toBe("Up to 4 weeks");
    expect(pauseChoiceLabel(1, "month")).toBe("Up to 1 month");
    expect(pauseChoiceLabel(8, "month")).toBe("Up to 8 months");
    expect(pauseChoiceLabel(1, "year")).toBe("Up to 1 year");
    expect(pauseChoiceLabel(2, "year")).toBe("Up to 2 years");
  });

  it("gives the whole span for cadences of several weeks or months", () => {
    expect(pauseChoiceLabel(1, "two_weeks")).toBe("Up to 2 weeks");
    expect(pauseChoiceLabel(8, "two_weeks")).toBe("Up to 16 weeks");
    expect(pauseChoiceLabel(1, "three_months")).toBe("Up to 3 months");
    expect(pauseChoiceLabel(4, "three_months")).toBe("Up to 12 months");
  });
});
