import { z } from "zod";

export const overviewSchema = z.object({
  /** What live subscribers pay each month (docs/metrics.md, ADR 025): the MRR. */
  monthlyRevenueCents: z.number().int(),
  activeOfferingCount: z.number().int(),
  totalSubscribers: z.number().int(),
  /** First subscription's creator name, for the "{first name}'s Dashboard" title. */
  firstOfferingCreatorName: z.string().nullable(),
});
export type Overview = z.infer<typeof overviewSchema>;

const offeringPerformanceSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Today's list price, for new subscribers; existing ones keep the price they joined at. */
  priceCents: z.number().int(),
  isActive: z.boolean(),
  /** Live (active or past-due) subscribers: the ones revenueCents sums. */
  liveSubscriberCount: z.number().int(),
  /** What those live subscribers pay each month together, each at their own price. */
  revenueCents: z.number().int(),
  /** The lowest and highest price they pay (equal when all pay the same); null with nobody. */
  livePriceRange: z.object({ minCents: z.number().int(), maxCents: z.number().int() }).nullable(),
});

const recentSubscriberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  offeringTitle: z.string(),
  paymentStatus: z.enum(["active", "past_due", "cancelled"]),
  createdAt: z.string(),
});

const growthPointSchema = z.object({
  /** First day of the month, YYYY-MM-01. */
  month: z.string(),
  newSubscribers: z.number().int(),
  totalSubscribers: z.number().int(),
  grossRevenueCents: z.number().int(),
});

const mrrPointSchema = z.object({
  /** First day of the month, YYYY-MM-01. */
  month: z.string(),
  /** MRR at the month's end (for the current month: at `asOf`). */
  mrrCents: z.number().int(),
});

/**
 * The business metrics beside the spec's tiles; each one is defined in docs/metrics.md.
 * "Live" subscribers are active or past due (Stripe is still collecting from both).
 */
const businessMetricsSchema = z.object({
  /** The instant the figures describe (ISO 8601). */
  asOf: z.string(),
  mrrCents: z.number().int(),
  activeSubscribers: z.number().int(),
  pastDueSubscribers: z.number().int(),
  liveSubscribers: z.number().int(),
  /** MRR ÷ live subscribers, in whole cents; null without live subscribers. */
  arpuCents: z.number().int().nullable(),
  /** The calendar month (UTC) that asOf falls in, up to asOf. */
  thisMonth: z.object({
    /** First day of the month, YYYY-MM-01. */
    month: z.string(),
    liveAtStart: z.number().int(),
    newSubscribers: z.number().int(),
    churnedSubscribers: z.number().int(),
    /** Of those live at the start, how many were cancelled since: the churn rate's numerator. */
    churnedOfLiveAtStart: z.number().int(),
    /** churnedOfLiveAtStart ÷ liveAtStart × 100, two decimals; null when nobody was live. */
    churnRatePercent: z.number().nullable(),
    receivedCents: z.number().int(),
    feesCents: z.number().int(),
    refundedCents: z.number().int(),
    /** received − fees − refunded: the sum of every earnings row, refunds being negative rows. */
    netRevenueCents: z.number().int(),
  }),
  /** Twelve months, oldest first, ending with the current one. */
  mrrHistory: z.array(mrrPointSchema),
});
export type BusinessMetrics = z.infer<typeof businessMetricsSchema>;

export const analyticsSchema = z.object({
  /** The same figure as metrics.mrrCents and the Overview's (ADR 025). */
  monthlyRevenueCents: z.number().int(),
  projectedAnnualRevenueCents: z.number().int(),
  totalSubscribers: z.number().int(),
  newThisMonth: z.number().int(),
  offerings: z.array(offeringPerformanceSchema),
  recentSubscribers: z.array(recentSubscriberSchema),
  growth: z.array(growthPointSchema),
  metrics: businessMetricsSchema,
});
export type Analytics = z.infer<typeof analyticsSchema>;

const earningSchema = z.object({
  id: z.string(),
  offeringTitle: z.string(),
  subscriberName: z.string(),
  subscriberEmail: z.string(),
  paymentDate: z.string(),
  grossCents: z.number().int(),
  feePercent: z.number(),
  feeCents: z.number().int(),
  netCents: z.number().int(),
  /** A payment (also when absent), or an adjustment to one: negative for a refund or dispute. */
  kind: z.enum(["payment", "refund", "dispute", "dispute_won", "dispute_lost"]).optional(),
});

export const earningsSchema = z.object({
  availableBalanceCents: z.number().int(),
  pendingBalanceCents: z.number().int(),
  totalNetEarningsCents: z.number().int(),
  totalPayments: z.number().int(),
  totalPlatformFeesCents: z.number().int(),
  recent: z.array(earningSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;
