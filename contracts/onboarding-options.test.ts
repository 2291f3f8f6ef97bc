import { describe, expect, it } from "vitest";
import {
  businessTypes,
  completeOnboardingSchema,
  goals,
  monthlyRevenueBands,
} from "./onboarding-options";

describe("onboarding options", () => {
  it("use the spec's business type ids and labels", () => {
    expect(businessTypes.map((b) => [b.id, b.label])).toEqual([
      ["saas", "Software as a Service"],
      ["content", "Content & Media"],
      ["ecommerce", "E-commerce & Products"],
      ["services", "Professional Services"],
      ["education", "Education & Training"],
      ["other", "Other"],
    ]);
  });

  it("use the spec's exact monthly revenue ids and labels", () => {
    expect(monthlyRevenueBands.map((b) => [b.id, b.label])).toEqual([
      ["pre-revenue", "Pre-revenue (Just starting)"],
      ["0-1k", "$0 - $1,000/month"],
      ["1k-10k", "$1,000 - $10,000/month"],
      ["10k-50k", "$10,000 - $50,000/month"],
      ["50k+", "$50,000+/month"],
    ]);
  });

  it("use the spec's goal ids and labels", () => {
    expect(goals.map((g) => [g.id, g.label])).toEqual([
      ["launch", "Launch first subscription product"],
      ["grow", "Grow existing subscriber base"],
      ["optimize", "Optimize pricing and retention"],
      ["automate", "Automate billing and payments"],
      ["analytics", "Better understand metrics"],
      ["scale", "Scale to multiple products"],
    ]);
  });
});

describe("completeOnboardingSchema", () => {
  const valid = { businessName: "Acme", businessType: "services", monthlyRevenue: "0-1k" };
  const messageFor = (input: unknown) => {
    const result = completeOnboardingSchema.safeParse(input);
    return result.success ? null : result.error.issues.map((i) => i.message);
  };

  it("trims the name and defaults goals to []", () => {
    expect(completeOnboardingSchema.parse({ ...valid, businessName: "  Acme Co " })).toEqual({
      ...valid,
      businessName: "Acme Co",
      goals: [],
    });
  });

  it("accepts every business type, revenue band and any set of goals", () => {
    for (const { id } of businessTypes) {
      expect(completeOnboardingSchema.safeParse({ ...valid, businessType: id }).success).toBe(true);
    }
    for (const { id } of monthlyRevenueBands) {
      expect(completeOnboardingSchema.safeParse({ ...valid, monthlyRevenue: id }).success).toBe(
        true,
      );
    }
    const allGoals = goals.map((g) => g.id);
    expect(completeOnboardingSchema.parse({ ...valid, goals: allGoals }).goals).toEqual(allGoals);
    expect(completeOnboardingSchema.parse({ ...valid, goals: ["launch", "scale"] }).goals).toEqual([
      "launch",
      "scale",
    ]);
  });

  it('says "Business name is required" for a missing or blank name', () => {
    expect(messageFor({ ...valid, businessName: "" })).toEqual(["Business name is required"]);
    expect(messageFor({ ...valid, businessName: "   " })).toEqual(["Business name is required"]);
    const { businessName: _, ...withoutName } = valid;
    expect(messageFor(withoutName)).toEqual(["Business name is required"]);
  });

  it("caps the name at 120 characters after trimming", () => {
    const max = "a".repeat(120);
    expect(completeOnboardingSchema.safeParse({ ...valid, businessName: ` ${max} ` }).success).toBe(
      true,
    );
    expect(completeOnboardingSchema.safeParse({ ...valid, businessName: `${max}a` }).success).toBe(
      false,
    );
  });

  it("rejects unknown or missing type and revenue", () => {
    for (const patch of [
      { businessType: "crypto" },
      { businessType: "" },
      { businessType: undefined },
      { monthlyRevenue: "1m+" },
      { monthlyRevenue: "Pre-revenue (Just starting)" },
      { monthlyRevenue: undefined },
    ]) {
      expect(
        completeOnboardingSchema.safeParse({ ...valid, ...patch }).success,
        JSON.stringify(patch),
      ).toBe(false);
    }
  });

  it("rejects duplicate, unknown or malformed goals", () => {
    for (const bad of [["launch", "launch"], ["world-domination"], "launch", [1], null]) {
      expect(
        completeOnboardingSchema.safeParse({ ...valid, goals: bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
    }
  });
});
