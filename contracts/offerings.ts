import { z } from "zod";
import { cadenceSchema, DEFAULT_CADENCE } from "./cadence";
import { categoryIds, MAX_SERVICE_TYPE_LENGTH } from "./catalogue";
import { DEFAULT_MAX_PAUSE_PERIODS, maxPausePeriodsSchema } from "./subscription-control";
import { multiLineText, singleLineText } from "./text";

const MAX_PRICE_CENTS = 10_000_000; // $100,000.00 a charge: far above any small service.

const titleSchema = singleLineText({ label: "Title", max: 120 });
const serviceTypeSchema = singleLineText({ label: "Service type", max: MAX_SERVICE_TYPE_LENGTH });
const descriptionSchema = multiLineText({ label: "Description", max: 2000 });

/**
 * Stripe charges at least $0.50 in USD, so a price between $0.01 and $0.49 could be created but
 * never paid. $0.00 is a free subscription (no card, no charge). ADR 008.
 */
export const MIN_PAID_PRICE_CENTS = 50;
export const PRICE_MINIMUM_MESSAGE = "Price must be $0.00 (free) or at least $0.50.";

export function isFreePrice(priceCents: number): boolean {
  return priceCents === 0;
}

/** The one price rule: the create and edit forms and the API all parse with it. */
export const priceCentsSchema = z
  .number({ error: "Price must be a number" })
  .int("Price must be in whole cents")
  // JSON's -0 is a number, but no price is negative, not even zero's sign.
  .refine((cents) => !Object.is(cents, -0), "Price can't be negative")
  .refine((cents) => isFreePrice(cents) || cents >= MIN_PAID_PRICE_CENTS, PRICE_MINIMUM_MESSAGE)
  .max(MAX_PRICE_CENTS, "Price must be at most $100,000.00");

/** A free trial before the first charge: none, or 7, 14 or 30 days (issue 20). */
export const trialDayChoices = [0, 7, 14, 30] as const;
export type TrialDays = (typeof trialDayChoices)[number];

export const trialDaysSchema = z
  .number({ error: "Free trial must be a number of days" })
  .refine(
    (days): days is TrialDays => (trialDayChoices as readonly number[]).includes(days),
    "Free trial must be none, 7, 14 or 30 days",
  )
  .transform((days) => days as TrialDays);

export const createOfferingSchema = z
  .object({
    title: titleSchema,
    category: z.enum(categoryIds, { error: "Choose a category" }),
    subcategory: serviceTypeSchema,
    description: descriptionSchema,
    priceCents: priceCentsSchema,
    cadence: cadenceSchema.default(DEFAULT_CADENCE),
    trialDays: trialDaysSchema.default(0),
    /** How long customers may pause, in periods; 0: they can't (issue 21). */
    maxPausePeriods: maxPausePeriodsSchema.default(DEFAULT_MAX_PAUSE_PERIODS),
  })
  .strict();
export type CreateOfferingInput = z.infer<typeof createOfferingSchema>;

export const updateOfferingSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    priceCents: priceCentsSchema,
    /** Left out: unchanged. A new cadence is a new Stripe Price, as a new amount is. */
    cadence: cadenceSchema.optional(),
    /** Left out: unchanged. Applies to sign-ups from now on. */
    trialDays: trialDaysSchema.optional(),
    /** Left out: unchanged. Applies to pauses asked for from now on. */
    maxPausePeriods: maxPausePeriodsSchema.optional(),
  })
  .strict();
export type UpdateOfferingInput = z.infer<typeof updateOfferingSchema>;

/**
 * What happens to an offering's live (not cancelled) subscribers when it is deactivated.
 * Deactivating only stops new sign-ups, so keeping them billed is the default.
 */
const liveSubscriberActions = ["keep_billing", "cancel_at_period_end"] as const;
export type LiveSubscriberAction = (typeof liveSubscriberActions)[number];

export const setOfferingStatusSchema = z
  .object({
    isActive: z.boolean({ error: "isActive must be true or false" }),
    liveSubscribers: z
      .enum(liveSubscriberActions, {
        error: "liveSubscribers must be keep_billing or cancel_at_period_end",
      })
      .optional(),
  })
  .strict()
  .refine((input) => !input.isActive || input.liveSubscribers === undefined, {
    message: "liveSubscribers applies only when deactivating",
    path: ["liveSubscribers"],
  });
export type SetOfferingStatusInput = z.infer<typeof setOfferingStatusSchema>;

/** GET /api/offerings/:id/live-subscribers: what the deactivate confirmation tells the creator. */
export const liveSubscriberCountSchema = z.object({ liveSubscriberCount: z.number().int() });

const offeringSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  subcategory: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  cadence: cadenceSchema,
  trialDays: z.number().int(),
  maxPausePeriods: z.number().int(),
  customUrl: z.string(),
  isActive: z.boolean(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offering = z.infer<typeof offeringSchema>;

export const offeringListSchema = z.object({ offerings: z.array(offeringSchema) });
export const offeringResponseSchema = z.object({ offering: offeringSchema });
