import { z } from "zod";
import { cadenceSchema } from "./cadence";
import { planIds } from "./plans";

export const overviewSchema = z.object({
  /**
   * What live subscribers pay each month (docs/metrics.md, ADR 025): the MRR, each price
   * normalised to a month by its cadence (weekly × 52/12, yearly ÷ 12, …), rounded once.
   */
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
  /**
   * Today's list price, charged once per `cadence`, for new subscribers; existing ones keep
   * the price and cadence they joined at. Not a monthly amount unless the cadence is month.
   */
  priceCents: z.number().int(),
  /** How often priceCents is charged (contracts/cadence.ts). */
  cadence: cadenceSchema,
  isActive: z.boolean(),
  /** Live (active or past-due) subscribers: the ones revenueCents sums. */
  liveSubscriberCount: z.number().int(),
  /** People on its waitlist: waiting, or holding an invitation (issue 22). */
  waitlistCount: z.number().int(),
  /**
   * What those live subscribers pay each month together, each at their own price as a monthly
   * equivalent by their cadence; the offerings' amounts add up to monthlyRevenueCents (the
   * rounded total shared out by largest remainder).
   */
  revenueCents: z.number().int(),
  /**
   * The lowest and highest monthly equivalent they pay (price × charges a year ÷ 12, rounded to
   * the cent; weekly $12.00 is 5200), not the charged amounts, so subscribers on different
   * cadences compare; equal when all pay the same. Null with nobody live.
   */
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
  /** What was charged that month (payments, as charged, not normalised by cadence). */
  grossRevenueCents: z.number().int(),
});

const mrrPointSchema = z.object({
  /** First day of the month, YYYY-MM-01. */
  month: z.string(),
  /** MRR at the month's end (for the current month: at `asOf`), normalised like mrrCents. */
  mrrCents: z.number().int(),
});

/**
 * The business metrics beside the spec's tiles; each one is defined in docs/metrics.md.
 * "Live" subscribers are active or past due (Stripe is still collecting from both).
 */
const businessMetricsSchema = z.object({
  /** The instant the figures describe (ISO 8601). */
  asOf: z.string(),
  /** Monthly recurring revenue: each live price normalised to a month by its cadence. */
  mrrCents: z.number().int(),
  activeSubscribers: z.number().int(),
  pastDueSubscribers: z.number().int(),
  /** Live subscribers pausing now: still subscribers (not churned), adding nothing to MRR. */
  pausedSubscribers: z.number().int(),
  liveSubscribers: z.number().int(),
  /** Unrounded MRR ÷ live subscribers, rounded once to whole cents; null with nobody live. */
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
    /** What was charged (payments, not normalised by cadence), like every figure below. */
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
  /** The creator's plan in force when the payment's invoice was made: what its fee followed. */
  plan: z.enum(planIds),
  /** A payment (also when absent), or an adjustment to one: negative for a refund or dispute. */
  kind: z.enum(["payment", "refund", "dispute", "dispute_won", "dispute_lost"]).optional(),
});

export const earningsSchema = z.object({
  availableBalanceCents: z.number().int(),
  pendingBalanceCents: z.number().int(),
  totalNetEarningsCents: z.number().int(),
  totalPayments: z.number().int(),
  totalPlatformFeesCents: z.number().int(),
  /**
   * What promo codes took off payments, in all: the creator's cost of their codes (the
   * platform's fee is a percentage of what was charged, so it shares the discount).
   */
  totalDiscountCents: z.number().int(),
  recent: z.array(earningSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;
