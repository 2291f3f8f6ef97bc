import { type SQL, sql } from "drizzle-orm";
import { subscriberPauses, subscribers } from "../../db/schema/app";
import { yearlyCentsSql } from "./monthly-equivalent-sql";

// What one subscriber adds to monthly revenue over time (docs/metrics.md, "Trials and
// discounts"): nothing before their revenue starts (the end of a free trial), the discounted
// price while a promo code's discount lasts, the full price after it, nothing once cancelled,
// and nothing while paused (issue 21).
// Each value is a year's worth of cents (monthly-equivalent-sql.ts), so sums stay exact.

const s = subscribers;

const hasDiscount = sql`(${s.discountPercentOff} is not null or ${s.discountAmountOffCents} is not null)`;

/**
 * When the subscriber starts to add revenue: when they joined, or their trial's end if later.
 * PostgreSQL's greatest() skips nulls, so no trial means created_at.
 */
const revenueFromSql: SQL = sql`greatest(${s.createdAt}, ${s.trialEndsAt})`;

/** A year's worth of the full price. */
export const fullYearlyCentsSql: SQL = yearlyCentsSql(s.priceCents, s.cadence);

/**
 * A year's worth of the discounted price, null without a discount. Each charge as Stripe (and
 * contracts/promotions.ts discountedCents) makes it: a percentage is rounded to the cent half
 * away from zero (numeric round), an amount off never takes a charge below zero.
 */
export const discountedYearlyCentsSql: SQL = yearlyCentsSql(
  sql`(case when ${s.discountPercentOff} is not null
            then ${s.priceCents} - round(${s.priceCents}::numeric * ${s.discountPercentOff} / 100)
            when ${s.discountAmountOffCents} is not null
            then greatest(0, ${s.priceCents} - ${s.discountAmountOffCents}) end)`,
  s.cadence,
);

/**
 * The two stretches of time a subscriber pays, each [from, until) with a null until for
 * "still going"; a stretch with a null from, or from ≥ until, is empty:
 * - discounted: from the revenue start until the discount or the subscription ends (only with
 *   a discount; least() skips nulls, so a forever discount runs until the cancellation);
 * - full: from the revenue start, or the discount's end if later, until the cancellation (none
 *   while a forever discount lasts).
 */
export const revenueSegmentsSql = {
  discountedFrom: sql`case when ${hasDiscount} then ${revenueFromSql} end`,
  discountedUntil: sql`least(${s.discountEndsAt}, ${s.cancelledAt})`,
  fullFrom: sql`case when not ${hasDiscount} then ${revenueFromSql}
                     when ${s.discountEndsAt} is not null
                     then greatest(${revenueFromSql}, ${s.discountEndsAt}) end`,
  fullUntil: sql`${s.cancelledAt}`,
};

/**
 * A year's worth of what a subscriber live at `at` pays by their price then, pauses aside: 0
 * in their trial, the discounted price while the discount lasts, else the full price. The same
 * value as the revenue stretch covering `at` (revenueSegmentsSql); meaningless for a
 * subscriber not live.
 */
export function priceYearlyCentsAtSql(at: SQL): SQL {
  return sql`(case when ${at} < ${revenueFromSql} then 0
                   when ${hasDiscount} and (${s.discountEndsAt} is null or ${at} < ${s.discountEndsAt})
                   then ${discountedYearlyCentsSql}
                   else ${fullYearlyCentsSql} end)`;
}

/** Whether the subscriber was pausing at `at` (issue 21): a pause covers [started, ended). */
export function pausedAtSql(at: SQL): SQL {
  return sql`exists (select 1 from ${subscriberPauses} where ${subscriberPauses.subscriberId} = ${s.id}
                       and ${subscriberPauses.startedAt} <= ${at}
                       and (${subscriberPauses.endedAt} is null or ${at} < ${subscriberPauses.endedAt}))`;
}

/** A year's worth of what a subscriber live at `at` adds then: their price, or 0 if paused. */
export function yearlyCentsAtSql(at: SQL): SQL {
  return sql`(case when ${pausedAtSql(at)} then 0 else ${priceYearlyCentsAtSql(at)} end)`;
}
