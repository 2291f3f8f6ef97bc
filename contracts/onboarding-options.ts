import { z } from "zod";
import { singleLineText } from "./text";

export const businessTypes = [
  { id: "saas", label: "Software as a Service" },
  { id: "content", label: "Content & Media" },
  { id: "ecommerce", label: "E-commerce & Products" },
  { id: "services", label: "Professional Services" },
  { id: "education", label: "Education & Training" },
  { id: "other", label: "Other" },
] as const;

export const monthlyRevenueBands = [
  { id: "pre-revenue", label: "Pre-revenue (Just starting)" },
  { id: "0-1k", label: "$0 - $1,000/month" },
  { id: "1k-10k", label: "$1,000 - $10,000/month" },
  { id: "10k-50k", label: "$10,000 - $50,000/month" },
  { id: "50k+", label: "$50,000+/month" },
] as const;

export const goals = [
  { id: "launch", label: "Launch first subscription product" },
  { id: "grow", label: "Grow existing subscriber base" },
  { id: "optimize", label: "Optimize pricing and retention" },
  { id: "automate", label: "Automate billing and payments" },
  { id: "analytics", label: "Better understand metrics" },
  { id: "scale", label: "Scale to multiple products" },
] as const;

type Ids<T extends ReadonlyArray<{ id: string }>> = { [K in keyof T]: T[K]["id"] };
const ids = <T extends ReadonlyArray<{ id: string }>>(list: T) => list.map((o) => o.id) as Ids<T>;

const businessTypeIds = ids(businessTypes) as unknown as [string, ...string[]];
const monthlyRevenueIds = ids(monthlyRevenueBands) as unknown as [string, ...string[]];
const goalIds = ids(goals) as unknown as [string, ...string[]];

/** Onboarding step 2 and the Account tab share this rule. */
export const businessNameSchema = singleLineText({ label: "Business name", max: 120 });

export const completeOnboardingSchema = z
  .object({
    businessName: businessNameSchema,
    businessType: z.enum(businessTypeIds, { error: "Choose a business type" }),
    monthlyRevenue: z.enum(monthlyRevenueIds, { error: "Choose your monthly revenue" }),
    goals: z
      .array(z.enum(goalIds, { error: "Unknown goal" }))
      .max(goalIds.length)
      .refine((list) => new Set(list).size === list.length, "Each goal can be chosen once")
      .default([]),
  })
  .strict();
export type CompleteOnboardingInput = z.infer<typeof completeOnboardingSchema>;

/** POST /api/onboarding/complete's answer: the answers are saved. */
export const completeOnboardingResponseSchema = z.object({ ok: z.literal(true) });
