import { z } from "zod";
import { cadenceSchema } from "./cadence";
import { subscriberDiscountSchema } from "./promotions";
import { questionKinds, storedServiceAddressSchema } from "./service-details";
import { singleLineText } from "./text";

// The Subscribers tab (issue 13): every subscriber of every offering of one creator, searched,
// filtered, sorted and paged by keyset; one subscriber's detail; the creator's cancel.

const subscriberStatuses = ["active", "past_due", "cancelled"] as const;
const subscriberStatusSchema = z.enum(subscriberStatuses);
/**
 * The list's status filter: a status, or "trial" (in their free trial), "paused" (pausing
 * now) or "ending" (set to end at the period's end).
 */
export const subscriberStatusFilters = [
  ...subscriberStatuses,
  "trial",
  "paused",
  "ending",
] as const;
export type SubscriberStatusFilter = (typeof subscriberStatusFilters)[number];

export const subscriberSorts = ["joined", "name"] as const;
export type SubscriberSort = (typeof subscriberSorts)[number];

export const SUBSCRIBER_PAGE_SIZE = 25;
const MAX_SUBSCRIBER_PAGE_SIZE = 100;

/** Query-string values arrive as strings; an empty one means "not set". */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/**
 * What the list and the exports are asked for: the same filter, so "export this view" exports
 * exactly what the table shows. Also the address bar's query (web/src/features/subscribers).
 */
export const subscriberFilterSchema = z
  .object({
    q: optional(singleLineText({ label: "Search", max: 100 })),
    offering: optional(z.uuid({ error: "offering must be one of your subscriptions' ids" })),
    status: optional(
      z.enum(subscriberStatusFilters, {
        error: "status must be active, past_due, cancelled, trial, paused or ending",
      }),
    ),
    sort: optional(z.enum(subscriberSorts, { error: "sort must be joined or name" })),
    /** Service address postal codes starting with this (issue 22): "941", "SW1A". */
    postalCode: optional(
      singleLineText({ label: "Postal code", max: 12 }).refine(
        (value) => /^[A-Za-z0-9 -]+$/.test(value),
        "Postal code is letters and digits, like 94110",
      ),
    ),
  })
  .strict();
export type SubscriberFilter = z.infer<typeof subscriberFilterSchema>;

export const listSubscribersQuerySchema = subscriberFilterSchema
  .extend({
    /** Opaque: the nextCursor of the page before. */
    cursor: optional(z.string().max(500, "cursor is not valid")),
    limit: optional(
      z.coerce
        .number({ error: "limit must be a number" })
        .int("limit must be a whole number")
        .min(1, "limit must be at least 1")
        .max(MAX_SUBSCRIBER_PAGE_SIZE, `limit must be at most ${MAX_SUBSCRIBER_PAGE_SIZE}`),
    ),
  })
  .strict();
export type ListSubscribersQuery = z.infer<typeof listSubscribersQuerySchema>;

const subscriberListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  offeringId: z.string(),
  offeringTitle: z.string(),
  /** What this subscriber pays a charge, in cents (their sign-up price). */
  priceCents: z.number().int(),
  /** How often they are charged it (their sign-up cadence). */
  cadence: cadenceSchema,
  status: subscriberStatusSchema,
  /** ISO 8601. */
  joinedAt: z.string(),
  /** The next charge (ISO 8601); null when none is coming (cancelled, free, or ending). */
  nextBillingAt: z.string().nullable(),
  /** Set when the subscription ends at the end of its period without another charge. */
  endsAt: z.string().nullable(),
  /** While the free trial runs: when it ends and the first charge is made. */
  trialEndsAt: z.string().nullable(),
  /** The promo code's discount, while it lasts. */
  discount: subscriberDiscountSchema.nullable(),
  /** While paused: the first charge after the pause (ISO 8601), null for an open-ended one. */
  pause: z.object({ until: z.string().nullable() }).nullable(),
  /** A downgrade waiting for the next renewal: the offering it moves to, and when. */
  pendingSwitch: z.object({ offeringTitle: z.string(), effectiveAt: z.string() }).nullable(),
});
export type SubscriberListItem = z.infer<typeof subscriberListItemSchema>;

export const subscriberPageSchema = z.object({
  subscribers: z.array(subscriberListItemSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;

const sentEmailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  subject: z.string(),
  /** When it was written to the outbox (ISO 8601). */
  createdAt: z.string(),
  status: z.enum(["pending", "sent", "failed"]),
});
export type SentEmail = z.infer<typeof sentEmailSchema>;

export const subscriberDetailSchema = z.object({
  subscriber: subscriberListItemSchema.extend({
    /** The customer's self-service page (the link in their e-mails). */
    manageUrl: z.string(),
    /** Whether the subscription can still be cancelled from here. */
    canCancel: z.boolean(),
    /** Where the service happens (on-site offerings), and a phone (issue 22). */
    phone: z.string().nullable(),
    address: storedServiceAddressSchema.nullable(),
    /** Answers to the offering's sign-up questions, in the questions' order; deleted ones last. */
    answers: z.array(
      z.object({
        questionId: z.string(),
        label: z.string(),
        kind: z.enum(questionKinds),
        value: z.string(),
        /** The creator has since deleted the question; the answer stays readable. */
        isDeleted: z.boolean(),
      }),
    ),
  }),
  /** Messages sent to the subscriber (never their bodies), newest first. */
  emails: z.array(sentEmailSchema),
});
export type SubscriberDetail = z.infer<typeof subscriberDetailSchema>;

const subscriberPaymentSchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  paidAt: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  netCents: z.number().int(),
  status: z.enum(["paid"]),
  /** Refunded so far (cents, positive); what remains refundable is amountCents − this. */
  refundedCents: z.number().int(),
  /** Withdrawn by an open or lost dispute (cents, positive), 0 when none or won. */
  disputedCents: z.number().int(),
  dispute: z.enum(["none", "disputed", "won", "lost"]),
  /** Refunded in full, disputed, or not a Stripe payment: nothing more can be refunded. */
  canRefund: z.boolean(),
});
export type SubscriberPayment = z.infer<typeof subscriberPaymentSchema>;

/** A refund of one payment, in cents; the web client converts from dollars at its edge. */
export const refundPaymentSchema = z
  .object({
    amountCents: z
      .number({ error: "amountCents must be a whole number of cents" })
      .int("amountCents must be a whole number of cents")
      .min(1, "A refund must be at least 1 cent")
      .max(100_000_000, "That refund is larger than any payment"),
  })
  .strict();
export type RefundPaymentInput = z.infer<typeof refundPaymentSchema>;

export const refundPaymentResultSchema = z.object({
  refund: z.object({ id: z.string(), amountCents: z.number().int() }),
  payment: subscriberPaymentSchema,
});
export type RefundPaymentResult = z.infer<typeof refundPaymentResultSchema>;

export const subscriberPaymentsSchema = z.object({
  payments: z.array(subscriberPaymentSchema),
});
export type SubscriberPayments = z.infer<typeof subscriberPaymentsSchema>;

const cancelWhens = ["now", "period_end"] as const;
export const cancelSubscriberSchema = z
  .object({
    when: z.enum(cancelWhens, { error: 'when must be "now" or "period_end"' }),
  })
  .strict();
export type CancelSubscriberInput = z.infer<typeof cancelSubscriberSchema>;

export const cancelSubscriberResultSchema = z.object({
  subscriber: subscriberListItemSchema,
});
