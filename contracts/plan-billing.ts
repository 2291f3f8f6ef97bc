import { z } from "zod";
import { planIds } from "./plans";

// Buying, changing and leaving a platform plan (issue 23, ADR 038). The creator is a customer
// of the platform's own Stripe account, billed monthly for Premium or Professional; the plan
// in force follows the plan subscription (server/modules/plans/plan-subscription-sync.ts).

export const paidPlanIds = ["premium", "professional"] as const;
export type PaidPlanId = (typeof paidPlanIds)[number];

const planIdSchema = z.enum(planIds, { error: "Choose Free, Premium or Professional" });
const paidPlanIdSchema = z.enum(paidPlanIds, { error: "Choose Premium or Professional" });

/** The card step: a PaymentMethod made by Stripe.js in the browser, never the card itself. */
export const startPlanSchema = z
  .object({
    plan: paidPlanIdSchema,
    paymentMethodId: z
      .string({ error: "paymentMethodId is not valid" })
      .trim()
      .regex(/^pm_[A-Za-z0-9_]+$/, "paymentMethodId is not valid"),
    /** A fresh UUID per click: a double click or a retry never starts two plans. */
    attemptId: z.uuid("attemptId must be a UUID"),
  })
  .strict();
export type StartPlanInput = z.infer<typeof startPlanSchema>;

/**
 * The plan subscription started. `clientSecret` is set when the browser must confirm the first
 * charge (the bank may ask for 3-D Secure); null when Stripe already charged it.
 */
export const startPlanResponseSchema = z.object({
  subscriptionId: z.string(),
  clientSecret: z.string().nullable(),
});
export type StartPlanResponse = z.infer<typeof startPlanResponseSchema>;

/** After the browser confirmed (or failed to confirm) the first charge. */
export const confirmPlanSchema = z
  .object({
    subscriptionId: z
      .string({ error: "subscriptionId is not valid" })
      .regex(/^sub_[A-Za-z0-9_]+$/, "subscriptionId is not valid"),
  })
  .strict();

/** "Update card": nothing but an empty JSON object. */
export const planCardRequestSchema = z.object({}).strict();

/** Stripe's page where the creator replaces the plan's card; its retries then use the new one. */
export const planCardPortalSchema = z.object({ url: z.string() });

/** A change of plan asked for; Free means leaving the paid plan at the end of its period. */
export const changePlanSchema = z
  .object({
    plan: planIdSchema,
    /**
     * An upgrade: the preview's `prorationDate`, so the charge is the one previewed to the cent.
     * Without it the upgrade is priced at the moment it is made.
     */
    prorationDate: z
      .number({ error: "prorationDate must be a number of seconds" })
      .int("prorationDate must be a whole number of seconds")
      .positive("prorationDate must be a number of seconds")
      .optional(),
  })
  .strict();
export type ChangePlanInput = z.infer<typeof changePlanSchema>;

/**
 * What a change would do, from Stripe's own preview: an upgrade is charged now for the rest of
 * the month (prorated) and takes effect at once; a downgrade or leaving takes effect when the
 * paid month ends; "keep" undoes a change scheduled for then.
 */
export const planChangePreviewSchema = z.object({
  plan: planIdSchema,
  kind: z.enum(["upgrade", "downgrade", "cancel", "keep"]),
  /** Charged now (an upgrade's proration); 0 otherwise. */
  dueNowCents: z.number().int(),
  /** Unix seconds the proration was priced at: send it back with the change. */
  prorationDate: z.number().int(),
  /** ISO 8601: when the new plan's fee applies. */
  effectiveAt: z.string(),
  /** ISO 8601 and amount of the next monthly charge after the change; null when leaving. */
  nextCharge: z.object({ at: z.string(), amountCents: z.number().int() }).nullable(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

const planInvoiceSchema = z.object({
  id: z.string(),
  /** ISO 8601: when it was paid, else when it was made. */
  date: z.string(),
  amountCents: z.number().int(),
  /** paid; due (being retried); void (not owed). */
  status: z.enum(["paid", "due", "void"]),
  /** What it was for, in Stripe's words ("Regulars Premium", "Remaining time on ..."). */
  description: z.string(),
  /** The invoice's page at Stripe. */
  url: z.string().nullable(),
});
export type PlanInvoice = z.infer<typeof planInvoiceSchema>;

/** The Account tab's plan card. */
export const creatorPlanSchema = z.object({
  /** The plan in force now: the fee every payment from now on is charged. */
  plan: planIdSchema,
  /** ISO 8601: since when that plan is in force; null on Free before any paid plan. */
  since: z.string().nullable(),
  /**
   * The plan subscription's state at Stripe: none (on Free, never bought or ended), active, or
   * past_due (a charge failed and is being retried: `paymentProblem` says when).
   */
  status: z.enum(["none", "active", "past_due"]),
  nextCharge: z.object({ at: z.string(), amountCents: z.number().int() }).nullable(),
  /** A downgrade or leaving, scheduled for the end of the paid month. */
  scheduledChange: z.object({ plan: planIdSchema, at: z.string() }).nullable(),
  card: z
    .object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int(),
      expYear: z.number().int(),
    })
    .nullable(),
  /** Set while a plan charge failed: what happened and when Stripe tries again. */
  paymentProblem: z
    .object({ message: z.string(), nextAttemptAt: z.string().nullable() })
    .nullable(),
  invoices: z.array(planInvoiceSchema),
});
export type CreatorPlan = z.infer<typeof creatorPlanSchema>;
