import { z } from "zod";
import { cadenceSchema, DEFAULT_CADENCE } from "./cadence";
import { categoryIds, MAX_SERVICE_TYPE_LENGTH } from "./catalogue";
import {
  capacitySchema,
  questionSchema,
  questionsInputSchema,
  serviceAreaSchema,
} from "./service-details";
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

/**
 * What the business needs to know before the first visit (issue 22): whether the service is at
 * the customer's address, the postal codes it serves, how many subscribers it can take at once,
 * and its sign-up questions. On update each is optional: left out, unchanged.
 */
const serviceDetailFields = {
  onSite: z.boolean({ error: "On-site must be true or false" }),
  serviceArea: serviceAreaSchema,
  capacity: capacitySchema,
  /** The whole list, in order: a question without `id` is new, one left out is deleted. */
  questions: questionsInputSchema,
};
const createServiceDetails = {
  onSite: serviceDetailFields.onSite.default(false),
  serviceArea: serviceDetailFields.serviceArea.default([]),
  capacity: serviceDetailFields.capacity.default(null),
  questions: serviceDetailFields.questions.default([]),
};
const updateServiceDetails = {
  onSite: serviceDetailFields.onSite.optional(),
  serviceArea: serviceDetailFields.serviceArea.optional(),
  capacity: serviceDetailFields.capacity.optional(),
  questions: serviceDetailFields.questions.optional(),
};

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
    ...createServiceDetails,
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
    ...updateServiceDetails,
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
  onSite: z.boolean(),
  serviceArea: z.array(z.string()),
  capacity: z.number().int().nullable(),
  /** The questions asked now, in order (deleted ones are left out; their answers are kept). */
  questions: z.array(questionSchema),
  /** People waiting for a seat (issue 22): waiting or holding an invitation. */
  waitlistCount: z.number().int(),
  customUrl: z.string(),
  isActive: z.boolean(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offering = z.infer<typeof offeringSchema>;

export const offeringListSchema = z.object({ offerings: z.array(offeringSchema) });
export const offeringResponseSchema = z.object({ offering: offeringSchema });
