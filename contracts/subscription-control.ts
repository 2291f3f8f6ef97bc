import { z } from "zod";
import { cadenceSchema } from "./cadence";

// What a customer controls on the self-service page (issue 21, ADR 033): cancel at the
// period's end and resume, pause or skip and resume now, switch to another offering of the
// same business, and the list of invoices. Each is mirrored on the creator's dashboard.

/** The longest pause any offering allows, in its own periods (weeks, months, ...). */
export const MAX_PAUSE_PERIODS = 8;

/** An offering's pause setting: 0 means customers can't pause, else the longest pause. */
export const maxPausePeriodsSchema = z
  .number({ error: "Longest pause must be a number of periods" })
  .int("Longest pause must be a whole number of periods")
  .min(0, "Longest pause can't be negative")
  .max(MAX_PAUSE_PERIODS, `Longest pause must be at most ${MAX_PAUSE_PERIODS} periods`);
export const DEFAULT_MAX_PAUSE_PERIODS = 4;

/**
 * A pause asked for: a number of periods (1 is "Skip the next visit"), or until a day, the
 * first charge then being the first renewal on or after it. The offering's own longest pause
 * is checked on the server, which knows it.
 */
export const pauseRequestSchema = z.union(
  [
    z
      .object({
        periods: z
          .number({ error: "Choose how many periods to pause" })
          .int("Pause for a whole number of periods")
          .min(1, "Pause for at least 1 period")
          .max(MAX_PAUSE_PERIODS, `Pause for at most ${MAX_PAUSE_PERIODS} periods`),
      })
      .strict(),
    z.object({ until: z.iso.date({ error: "Pause until a date like 2027-08-31" }) }).strict(),
  ],
  { error: "Choose how many periods to pause, or a date to pause until" },
);
export type PauseRequest = z.infer<typeof pauseRequestSchema>;

/** Resume a scheduled cancellation or end a pause now: nothing but an empty JSON object. */
export const emptyRequestSchema = z.object({}).strict();

/** Whether the customer can do something now, and when not, why (shown beside the control). */
const availabilitySchema = z.object({ available: z.boolean(), reason: z.string().nullable() });
export type Availability = z.infer<typeof availabilitySchema>;

/** Another offering of the same business the subscriber can move to (same cadence). */
const switchOptionSchema = z.object({
  offeringId: z.string(),
  title: z.string(),
  priceCents: z.number().int(),
  cadence: cadenceSchema,
  /** Costs more (charged now, prorated) or less (from the next renewal). */
  kind: z.enum(["upgrade", "downgrade"]),
});
export type SwitchOption = z.infer<typeof switchOptionSchema>;

export const portalControlsSchema = z.object({
  /** Set while the subscription is set to end at its period's end (ISO 8601). */
  endsAt: z.string().nullable(),
  /** While paused: the first charge after the pause (ISO 8601), null for an open-ended one. */
  pause: z.object({ until: z.string().nullable() }).nullable(),
  /** The next charge (ISO 8601); null when none is coming. */
  nextChargeAt: z.string().nullable(),
  /** A downgrade waiting for the next renewal. */
  pendingSwitch: z
    .object({ offeringTitle: z.string(), priceCents: z.number().int(), effectiveAt: z.string() })
    .nullable(),
  /** Pausing: allowed now, and the longest pause (the offering's setting; 0: never). */
  canPause: availabilitySchema.extend({ maxPeriods: z.number().int() }),
  canSwitch: availabilitySchema,
  /** The business's other live offerings of the same cadence, cheapest first. */
  switchOptions: z.array(switchOptionSchema),
});
export type PortalControls = z.infer<typeof portalControlsSchema>;

export const switchPreviewRequestSchema = z
  .object({ offeringId: z.uuid({ error: "Choose one of the offerings listed" }) })
  .strict();

/** What a switch will do, from Stripe's own preview, so the confirmed charge is the same. */
export const switchPreviewSchema = z.object({
  offeringId: z.string(),
  title: z.string(),
  kind: z.enum(["upgrade", "downgrade"]),
  /** Charged now for the rest of this period (upgrade), 0 for a downgrade. */
  dueNowCents: z.number().int(),
  /** The new price, charged from the next renewal. */
  priceCents: z.number().int(),
  cadence: cadenceSchema,
  /** When the new offering starts (ISO 8601): now, or the next renewal. */
  effectiveAt: z.string(),
  /** The next renewal (ISO 8601), at the new price. */
  nextChargeAt: z.string(),
  /** Pass back to confirm, so the charge is prorated to the same second as the preview. */
  prorationDate: z.number().int(),
  /** The promo code's discount does not carry to this offering (it ends with the switch). */
  endsDiscount: z.boolean(),
});
export type SwitchPreview = z.infer<typeof switchPreviewSchema>;

export const switchRequestSchema = z
  .object({
    offeringId: z.uuid({ error: "Choose one of the offerings listed" }),
    prorationDate: z
      .number({ error: "prorationDate must come from the preview" })
      .int("prorationDate must come from the preview"),
  })
  .strict();
export type SwitchRequest = z.infer<typeof switchRequestSchema>;

const invoiceSchema = z.object({
  id: z.string(),
  /** ISO 8601: when it was paid, else when it was made. */
  date: z.string(),
  amountCents: z.number().int(),
  /** paid; due (being retried); skipped (voided by a pause); void (cancelled, not owed). */
  status: z.enum(["paid", "due", "skipped", "void"]),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The invoice's page at Stripe, with the business's name on it. */
  url: z.string().nullable(),
});
export type PortalInvoice = z.infer<typeof invoiceSchema>;
export const portalInvoicesSchema = z.object({ invoices: z.array(invoiceSchema) });
export type PortalInvoices = z.infer<typeof portalInvoicesSchema>;
