import { z } from "zod";
import { type Cadence, cadenceSchema, formatCadencePrice } from "./cadence";
import { customUrlSchema } from "./custom-url";
import { formatCents } from "./money";
import { singleLineText } from "./text";

// Promo codes (issue 20, ADR 032): a creator's codes, each a Stripe coupon on the platform
// account limited to the offerings it was made for. The code text is Regulars' own, unique
// per creator (not across the platform, so two businesses can both have SPRING10).

export const promoDurations = ["once", "repeating", "forever"] as const;
type PromoDuration = (typeof promoDurations)[number];

const MAX_DURATION_MONTHS = 24;
const MAX_AMOUNT_OFF_CENTS = 10_000_000;
const MAX_REDEMPTIONS = 100_000;

/**
 * What a customer types: letters, digits, "-" and "_", 3 to 32 of them. Case doesn't matter
 * ("spring10" is SPRING10); codes are stored and shown in capitals.
 */
export const promoCodeTextSchema = singleLineText({ label: "Code", max: 32 })
  .refine((code) => /^[A-Za-z0-9_-]{3,32}$/.test(code), {
    message: "Code must be 3 to 32 letters, digits, dashes or underscores.",
  })
  .transform((code) => code.toUpperCase());

/** A calendar day, "2027-03-31": the code works until the end of that day (UTC). */
const expiryDateSchema = z.iso.date({ error: "Expiry date must be a date like 2027-03-31" });

export const createPromoCodeSchema = z
  .object({
    code: promoCodeTextSchema,
    kind: z.enum(["percent", "amount"], { error: "Choose a percentage or an amount off" }),
    /** With kind "percent": whole percent, 1 to 100. */
    percentOff: z
      .number({ error: "Percent off must be a number" })
      .int("Percent off must be a whole number")
      .min(1, "Percent off must be at least 1%")
      .max(100, "Percent off can't be more than 100%")
      .optional(),
    /** With kind "amount": cents off each discounted charge. */
    amountOffCents: z
      .number({ error: "Amount off must be a number" })
      .int("Amount off must be in whole cents")
      .min(1, "Amount off must be at least $0.01")
      .max(MAX_AMOUNT_OFF_CENTS, "Amount off must be at most $100,000.00")
      .optional(),
    duration: z.enum(promoDurations, {
      error: "Duration must be once (the first charge), repeating (for some months) or forever",
    }),
    /** With duration "repeating": how many months from sign-up the discount lasts. */
    durationInMonths: z
      .number({ error: "Months must be a number" })
      .int("Months must be a whole number")
      .min(1, "Months must be at least 1")
      .max(MAX_DURATION_MONTHS, `Months can't be more than ${MAX_DURATION_MONTHS}`)
      .optional(),
    expiresOn: expiryDateSchema.optional(),
    maxRedemptions: z
      .number({ error: "Maximum uses must be a number" })
      .int("Maximum uses must be a whole number")
      .min(1, "Maximum uses must be at least 1")
      .max(MAX_REDEMPTIONS, `Maximum uses can't be more than ${MAX_REDEMPTIONS}`)
      .optional(),
    /** The creator's offerings it works for; at least one. */
    offeringIds: z
      .array(z.uuid({ error: "Choose subscriptions from your list" }), {
        error: "Choose the subscriptions this code works for",
      })
      .min(1, "Choose at least one subscription this code works for")
      .max(100, "Choose at most 100 subscriptions"),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.kind === "percent" && input.percentOff === undefined)
      ctx.addIssue({ code: "custom", path: ["percentOff"], message: "Enter the percent off" });
    if (input.kind === "amount" && input.amountOffCents === undefined)
      ctx.addIssue({ code: "custom", path: ["amountOffCents"], message: "Enter the amount off" });
    if (input.kind === "percent" && input.amountOffCents !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["amountOffCents"],
        message: "A percentage code has no amount off",
      });
    if (input.kind === "amount" && input.percentOff !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["percentOff"],
        message: "An amount code has no percent off",
      });
    if (input.duration === "repeating" && input.durationInMonths === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["durationInMonths"],
        message: "Enter for how many months the discount lasts",
      });
    if (input.duration !== "repeating" && input.durationInMonths !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["durationInMonths"],
        message: "Months apply only to a discount that repeats",
      });
  });
export type CreatePromoCodeInput = z.infer<typeof createPromoCodeSchema>;

export const setPromoCodeActiveSchema = z
  .object({ isActive: z.literal(false, { error: "A code can only be deactivated" }) })
  .strict();

export interface PromoDiscount {
  percentOff: number | null;
  amountOffCents: number | null;
  duration: PromoDuration;
  durationInMonths: number | null;
}

const promoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  duration: z.enum(promoDurations),
  durationInMonths: z.number().int().nullable(),
  /** The last day it can be used (ISO date), or null. */
  expiresOn: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  /** Subscribers who signed up with it. */
  timesUsed: z.number().int(),
  isActive: z.boolean(),
  offerings: z.array(z.object({ id: z.string(), title: z.string() })),
  createdAt: z.string(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoCodeListSchema = z.object({ promoCodes: z.array(promoCodeSchema) });
export const promoCodeResponseSchema = z.object({ promoCode: promoCodeSchema });

/** A subscriber's discount as they and their business read it. */
export const subscriberDiscountSchema = z.object({
  /** "20% off for 3 months", "$5.00 off the first charge". */
  summary: z.string(),
  /** What each discounted charge comes to. */
  discountedCents: z.number().int(),
  /** When it ends (ISO 8601), or null for forever. */
  endsAt: z.string().nullable(),
});
export type SubscriberDiscount = z.infer<typeof subscriberDiscountSchema>;

/** The subscribe modal's "Have a code?": what the code does to this offering's price. */
export const checkPromoCodeSchema = z
  .object({ customUrl: customUrlSchema, code: z.string().max(200, "Code is too long") })
  .strict();

export const promoCodeCheckResponseSchema = z.object({
  code: z.string(),
  priceCents: z.number().int(),
  cadence: cadenceSchema,
  /** The first discounted charge. */
  discountedCents: z.number().int(),
  /** The code's terms, for the modal's own words (describeDiscountedPrice). */
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  duration: z.enum(promoDurations),
  durationInMonths: z.number().int().nullable(),
  /** "20% off for 3 months", "$5.00 off the first charge", "10% off forever". */
  summary: z.string(),
});
export type PromoCodeCheck = z.infer<typeof promoCodeCheckResponseSchema>;

/** One charge after the discount: never below zero. Percentages round to the cent as Stripe does. */
export function discountedCents(priceCents: number, discount: PromoDiscount): number {
  if (discount.percentOff !== null) {
    return priceCents - Math.round((priceCents * discount.percentOff) / 100);
  }
  return Math.max(0, priceCents - (discount.amountOffCents ?? 0));
}

function durationWords(discount: PromoDiscount): string {
  if (discount.duration === "once") return "the first charge";
  if (discount.duration === "forever") return "forever";
  const months = discount.durationInMonths ?? 1;
  return `for ${months === 1 ? "1 month" : `${months} months`}`;
}

/** "20% off for 3 months", "$5.00 off the first charge", "10% off forever". */
export function describeDiscount(discount: PromoDiscount): string {
  const off =
    discount.percentOff !== null
      ? `${discount.percentOff}% off`
      : `${formatCents(discount.amountOffCents ?? 0)} off`;
  return `${off} ${durationWords(discount)}`;
}

/** "$20.00/week for 3 months, then $25.00/week"; "$20.00/week" when it lasts forever. */
export function describeDiscountedPrice(
  priceCents: number,
  cadence: Cadence,
  discount: PromoDiscount,
): string {
  const after = formatCadencePrice(discountedCents(priceCents, discount), cadence);
  const full = formatCadencePrice(priceCents, cadence);
  if (discount.duration === "forever") return after;
  if (discount.duration === "once")
    return `${formatCents(discountedCents(priceCents, discount))} for the first charge, then ${full}`;
  return `${after} ${durationWords(discount)}, then ${full}`;
}
