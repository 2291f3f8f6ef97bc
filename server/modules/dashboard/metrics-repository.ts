import { and, eq, gte, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { creatorEarnings, subscriberPauses, subscribers } from "../../db/schema/app";
import { monthlyCentsSql } from "./monthly-equivalent-sql";
import {
  discountedYearlyCentsSql,
  fullYearlyCentsSql,
  pausedAtSql,
  priceYearlyCentsAtSql,
  revenueSegmentsSql,
  yearlyCentsAtSql,
} from "./subscriber-revenue-sql";

// Everything the Analytics tab counts about subscribers comes from one pass over the creator's
// rows (summarizeSubscribers); its money this month from one range of payments (sumNetRevenue).
//
// The business metrics (docs/metrics.md) share one timeline: a subscriber is live at instant t
// when they joined at or before t and were not cancelled at or before t (created_at ≤ t,
// cancelled_at null or > t). Live means active or past due: Stripe is still collecting from
// both. The figures read `asOf` as "now", so a test can pass a fixed instant; "this month" is
// asOf's calendar month in UTC, up to asOf. Month boundaries are half-open, so that
//   live now = live at the month's start + new this month − churned this month.
//
// Money is normalised by cadence (monthly-equivalent-sql.ts): the passes sum a year's worth of
// each price (price × charges per year, exact in integers) and divide by 12 and round only the
// figure they hand back, so a weekly $12.00 counts 5200 cents a month, a yearly $300.00 2500.
// A subscriber adds nothing until their free trial ends and the discounted price while a promo
// code's discount lasts (subscriber-revenue-sql.ts); they are live, and counted, all along.

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const countSchema = z.coerce.number();
const specRowSchema = z.object({
  offering_id: z.string().nullable(),
  bucket: z.number().nullable(),
  subscribers: countSchema,
  new_subscribers: countSchema,
  live_subscribers: countSchema,
  live_yearly_cents: countSchema,
  live_min_price_cents: countSchema.nullable(),
  live_max_price_cents: countSchema.nullable(),
});
const metricsRowSchema = z.object({
  mrr_cents: countSchema,
  live: countSchema,
  active: countSchema,
  past_due: countSchema,
  paused: countSchema,
  live_at_start: countSchema,
  new: countSchema,
  churned: countSchema,
  churned_of_start: countSchema,
  arpu_cents: countSchema.nullable(),
  churn_rate_percent: countSchema.nullable(),
  mrr_history: z.array(countSchema).nullable(),
});
/** node-postgres hands json back parsed; a driver that doesn't gets it parsed here. */
const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" ? JSON.parse(value) : value), schema);

/**
 * One pass over the creator's subscribers (`subscribers.user_id`, no join) for both the spec's
 * figures and the business metrics. `months` are the first days (YYYY-MM-01, UTC) of the twelve
 * months shown, oldest first, ending with asOf's month; `seriesEnd` the first day after them.
 *
 * The pass groups subscribers by offering, `bucket` (0 joined before months[0], i in month i,
 * months.length + 1 from seriesEnd on), whether they joined since `newSince`, whether they had
 * joined by asOf, `left` (the month they were cancelled, earlier ones folded into 1; null while
 * live at asOf, a cancellation after asOf not having happened yet), status, and the months their
 * two stretches of revenue (subscriber-revenue-sql.ts: discounted, then full) start and end,
 * dated the same way (null: not started, or not ended, by asOf). Small aggregations of those
 * groups follow in the same statement:
 * - `spec`, per offering, per month and overall (grouping sets; null marks the set a row
 *   belongs to): subscribers, those since newSince, and the live ones at asOf (the same set
 *   MRR sums): how many, a year's worth of what they add now together (unrounded: the service
 *   splits MRR between offerings) and the lowest and highest of what one adds now;
 * - `metrics`: MRR, the counts, ARPU and churn of docs/metrics.md, and the MRR at the end of
 *   each month i (asOf for the last) = the stretches started by month i minus those ended by
 *   month i (what a subscriber pays in a stretch never changes, so this is exact).
 * Every price is a monthly equivalent by its cadence; each figure is rounded once, at the end.
 */
export async function summarizeSubscribers(
  db: Db,
  userId: string,
  window: { months: string[]; seriesEnd: string; newSince: Date; asOf: Date },
) {
  const asOf = ts(window.asOf);
  const bounds = sql`array[${sql.join(
    [...window.months, window.seriesEnd].map((day) => sql`${`${day}T00:00:00Z`}::timestamptz`),
    sql`, `,
  )}]`;
  const last = window.months.length;
  // A stretch [from, until) of revenue: the month it starts by asOf, and the month it ends by
  // asOf; both null when it is empty or starts after asOf.
  const column = sql.raw;
  const started = (from: string, until: string) =>
    sql`case when ${column(from)} <= ${asOf} and (${column(until)} is null or ${column(from)} < ${column(until)})
             then greatest(1, width_bucket(${column(from)}, ${bounds})) end`;
  const ended = (from: string, until: string) =>
    sql`case when ${column(from)} <= ${asOf} and ${column(from)} < ${column(until)} and ${column(until)} <= ${asOf}
             then greatest(1, width_bucket(${column(until)}, ${bounds})) end`;
  const segments = revenueSegmentsSql;
  const result = await db.execute(sql`
    with per_subscriber as (
      select ${subscribers.offeringId} as offering_id,
             ${subscribers.createdAt} as created_at,
             ${subscribers.cancelledAt} as cancelled_at,
             ${subscribers.paymentStatus} as status,
             ${fullYearlyCentsSql} as full_yearly_cents,
             ${discountedYearlyCentsSql} as discounted_yearly_cents,
             ${yearlyCentsAtSql(asOf)} as now_yearly_cents,
             ${pausedAtSql(asOf)} as paused_now,
             ${segments.discountedFrom} as discounted_from,
             ${segments.discountedUntil} as discounted_until,
             ${segments.fullFrom} as full_from,
             ${segments.fullUntil} as full_until
      from ${subscribers}
      where ${subscribers.userId} = ${userId}
    ),
    grouped as materialized (
      select offering_id,
             width_bucket(created_at, ${bounds}) as bucket,
             created_at >= ${ts(window.newSince)} as is_new,
             created_at <= ${asOf} as has_joined,
             case when cancelled_at <= ${asOf}
                  then greatest(1, width_bucket(cancelled_at, ${bounds})) end as "left",
             status,
             paused_now,
             ${started("discounted_from", "discounted_until")} as discounted_start,
             ${ended("discounted_from", "discounted_until")} as discounted_end,
             ${started("full_from", "full_until")} as full_start,
             ${ended("full_from", "full_until")} as full_end,
             count(*) as n,
             sum(discounted_yearly_cents) as discounted_yearly_cents,
             sum(full_yearly_cents) as full_yearly_cents,
             -- what they add at asOf (0 in a trial); read for the live ones only
             sum(now_yearly_cents) as now_yearly_cents,
             min(now_yearly_cents) as min_now_yearly_cents,
             max(now_yearly_cents) as max_now_yearly_cents
      from per_subscriber
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ),
    -- A pause takes away what the subscriber paid when it began, until it ends (or they leave).
    pause_stretches as (
      select ${started("from_at", "until_at")} as start,
             ${ended("from_at", "until_at")} as "end",
             sum(yearly_cents) as yearly_cents
      from (
        select ${subscriberPauses.startedAt} as from_at,
               least(${subscriberPauses.endedAt}, ${subscribers.cancelledAt}) as until_at,
               ${priceYearlyCentsAtSql(sql`${subscriberPauses.startedAt}`)} as yearly_cents
        from ${subscriberPauses}
        join ${subscribers} on ${subscribers.id} = ${subscriberPauses.subscriberId}
        where ${subscribers.userId} = ${userId}
      ) as pause
      group by 1, 2
    ),
    spec as (
      select offering_id, bucket,
             coalesce(sum(n), 0) as subscribers,
             coalesce(sum(n) filter (where is_new), 0) as new_subscribers,
             coalesce(sum(n) filter (where has_joined and "left" is null), 0) as live_subscribers,
             coalesce(sum(now_yearly_cents) filter (where has_joined and "left" is null), 0) as live_yearly_cents,
             ${monthlyCentsSql(sql`min(min_now_yearly_cents) filter (where has_joined and "left" is null)`)} as live_min_price_cents,
             ${monthlyCentsSql(sql`max(max_now_yearly_cents) filter (where has_joined and "left" is null)`)} as live_max_price_cents
      from grouped
      group by grouping sets ((offering_id), (bucket), ())
    ),
    timeline as (
      select greatest(1, bucket) as joined, "left", status, paused_now, sum(n) as n,
             sum(now_yearly_cents) as now_yearly_cents
      from grouped
      where has_joined
      group by 1, 2, 3, 4
    ),
    revenue as (
      select discounted_start as start, discounted_end as "end",
             sum(discounted_yearly_cents) as yearly_cents
      from grouped where discounted_start is not null group by 1, 2
      union all
      select full_start, full_end, sum(full_yearly_cents)
      from grouped where full_start is not null group by 1, 2
      union all
      select start, "end", -yearly_cents from pause_stretches where start is not null
    ),
    summary as (
      select coalesce(sum(now_yearly_cents) filter (where "left" is null), 0) as mrr_yearly_cents,
             coalesce(sum(n) filter (where "left" is null), 0) as live,
             coalesce(sum(n) filter (where "left" is null and status = 'active' and not paused_now), 0) as active,
             coalesce(sum(n) filter (where "left" is null and paused_now), 0) as paused,
             coalesce(sum(n) filter (where "left" is null and status = 'past_due'), 0) as past_due,
             coalesce(sum(n) filter (where joined < ${last} and ("left" is null or "left" = ${last})), 0) as live_at_start,
             coalesce(sum(n) filter (where joined = ${last}), 0) as new,
             coalesce(sum(n) filter (where "left" = ${last}), 0) as churned,
             coalesce(sum(n) filter (where joined < ${last} and "left" = ${last}), 0) as churned_of_start
      from timeline
    ),
    history as (
      select month.i,
             ${monthlyCentsSql(sql`coalesce(sum(revenue.yearly_cents) filter (where revenue.start <= month.i), 0)
               - coalesce(sum(revenue.yearly_cents) filter (where revenue."end" <= month.i), 0)`)} as mrr_cents
      from generate_series(1, ${last}) as month(i)
      cross join revenue
      group by month.i
    )
    select
      (select coalesce(json_agg(spec), '[]') from spec) as spec,
      (select row_to_json(metrics) from (
        select summary.*,
               ${monthlyCentsSql(sql`summary.mrr_yearly_cents`)} as mrr_cents,
               -- the unrounded MRR shared out, then rounded once (half away from zero)
               round(summary.mrr_yearly_cents::numeric / (12 * nullif(summary.live, 0))) as arpu_cents,
               round(100 * summary.churned_of_start::numeric / nullif(summary.live_at_start, 0), 2)
                 as churn_rate_percent,
               (select array_agg(history.mrr_cents order by history.i) from history) as mrr_history
        from summary
      ) as metrics) as metrics
  `);
  const [row] = (result as unknown as { rows: unknown[] }).rows;
  const parsed = z
    .object({ spec: json(z.array(specRowSchema)), metrics: json(metricsRowSchema) })
    .parse(row);
  const m = parsed.metrics;
  return {
    spec: parsed.spec.map((r) => ({
      offeringId: r.offering_id,
      bucket: r.bucket,
      subscribers: r.subscribers,
      newSubscribers: r.new_subscribers,
      liveSubscribers: r.live_subscribers,
      /** A year's worth of what the live ones pay: 12 × their monthly revenue, unrounded. */
      liveYearlyCents: r.live_yearly_cents,
      liveMinPriceCents: r.live_min_price_cents,
      liveMaxPriceCents: r.live_max_price_cents,
    })),
    metrics: {
      mrrCents: m.mrr_cents,
      liveSubscribers: m.live,
      activeSubscribers: m.active,
      pastDueSubscribers: m.past_due,
      pausedSubscribers: m.paused,
      liveAtMonthStart: m.live_at_start,
      newThisMonth: m.new,
      churnedThisMonth: m.churned,
      churnedOfLiveAtMonthStart: m.churned_of_start,
      arpuCents: m.arpu_cents,
      churnRatePercent: m.churn_rate_percent,
      // A creator with no subscribers has no groups: every month's MRR is zero.
      mrrHistory: window.months.map((month, i) => ({ month, mrrCents: m.mrr_history?.[i] ?? 0 })),
    },
  };
}

/**
 * Monthly revenue, the one definition (docs/metrics.md, ADR 025): what the subscribers live at
 * asOf pay each month, each at their own price (nothing in a free trial, the discounted price
 * while a discount lasts) normalised by its cadence, rounded once. The same sum as
 * summarizeSubscribers' MRR, for the Overview, which needs nothing else of that pass. Reads
 * subscribers_user_created_idx.
 */
export async function sumMonthlyRevenue(db: Db, userId: string, asOf: Date) {
  const [row] = await db
    .select({
      cents: sql`${monthlyCentsSql(sql`coalesce(sum(${yearlyCentsAtSql(ts(asOf))}), 0)`)}`.mapWith(
        Number,
      ),
    })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.userId, userId),
        lte(subscribers.createdAt, asOf),
        sql`(${subscribers.cancelledAt} is null or ${subscribers.cancelledAt} > ${ts(asOf)})`,
      ),
    );
  return row?.cents ?? 0;
}

/**
 * This month's money: every creator_earnings row dated from monthStart to asOf. A payment is a
 * 'payment' row; a refund or a dispute is a negative row of its own (the payment's row is never
 * edited), a won dispute a positive 'dispute_won' row giving it back, a lost one a zero
 * marker. So: paid = the payments' gross; refunded = what the other rows take off (refunds and
 * disputes, less any reinstated); fees = every row's fee (a returned fee is negative); net =
 * every row's net = paid − refunded − fees, each row's net being its gross minus its fee (a
 * CHECK).
 */
export async function sumNetRevenue(
  db: Db,
  userId: string,
  window: { asOf: Date; monthStart: Date },
) {
  const isPayment = sql`${creatorEarnings.kind} = 'payment'`;
  const [row] = await db
    .select({
      receivedCents:
        sql`coalesce(sum(${creatorEarnings.grossAmountCents}) filter (where ${isPayment}), 0)`.mapWith(
          Number,
        ),
      refundedCents:
        sql`coalesce(-sum(${creatorEarnings.grossAmountCents}) filter (where not ${isPayment}), 0)`.mapWith(
          Number,
        ),
      feesCents: sql`coalesce(sum(${creatorEarnings.platformFeeCents}), 0)`.mapWith(Number),
      netCents: sql`coalesce(sum(${creatorEarnings.netAmountCents}), 0)`.mapWith(Number),
    })
    .from(creatorEarnings)
    .where(
      and(
        eq(creatorEarnings.userId, userId),
        gte(creatorEarnings.paymentDate, window.monthStart),
        lte(creatorEarnings.paymentDate, window.asOf),
      ),
    );
  return row ?? { receivedCents: 0, refundedCents: 0, feesCents: 0, netCents: 0 };
}
