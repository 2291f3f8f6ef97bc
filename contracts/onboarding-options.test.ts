import { describe, expect, it } from "vitest";
import {
  businessTypes,
  completeOnboardingSchema,
  goals,
  monthlyRevenueBands,
} from "./onboarding-options";

describe("onboarding options", () => {
  it("use the spec's ids and labels", () => {
    expect(businessTypes.map((b) => b.id)).toEqual([
      "saas",
      "content",
      "ecommerce",
      "services",
      "education",
      "other",
    ]);
    expect(monthlyRevenueBands.map((b) => [b.id, b.label])).toEqual([
      ["pre-revenue", "Pre-revenue (Just starting)"],
      ["0-1k", "$0 - $1,000/month"],
      ["1k-10k", "$1,000 - $10,000/month"],
      ["10k-50k", "$10,000 - $50,000/month"],
      ["50k+", "$50,000+/month"],
    ]);
    expect(goals.map((g) => g.id)).toEqual([
      "launch",
      "grow",
      "optimize",
      "automate",
      "analytics",
      "scale",
    ]);
  });

  it("requires name, type and revenue; goals are optional and unique", () => {
    const valid = { businessName: " Acme ", businessType: "services", monthlyRevenue: "0-1k" };
    expect(completeOnboardingSchema.parse(valid)).toEqual({
      ...valid,
      businessName: "Acme",
      goals: [],
    });
    expect(completeOnboardingSchema.safeParse({ ...valid, businessName: "  " }).success).toBe(
      false,
    );
    expect(completeOnboardingSchema.safeParse({ ...valid, businessType: "crypto" }).success).toBe(
      false,
    );
    expect(
      completeOnboardingSchema.safeParse({ ...valid, goals: ["launch", "launch"] }).success,
    ).toBe(false);
    expect(
      completeOnboardingSchema.safeParse({ ...valid, goals: ["launch", "scale"] }).success,
    ).toBe(true);
  });
});
