import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  creatorEarnings,
  creatorEarningsMonthly,
  offerings,
  subscribers,
} from "../../db/schema/app";

// Every figure is computed in SQL, scoped to one creator, never by loading rows into memory.

export async function countActiveOfferings(db: Db, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*) filter (where ${offerings.isActive})`.mapWith(Number) })
    .from(offerings)
    .where(eq(offerings.userId, userId));
  return row?.n ?? 0;
}

export async function getNewestOfferingCreatorName(db: Db, userId: string) {
  const [row] = await db
    .select({ creatorName: offerings.creatorName })
    .from(offerings)
    .where(eq(offerings.userId, userId))
    .orderBy(desc(offerings.createdAt))
    .limit(1);
  return row?.creatorName ?? null;
}

export async function countSubscribers(db: Db, userId: string, since?: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
    .where(
      and(eq(offerings.userId, userId), since ? gte(subscribers.createdAt, since) : undefined),
    );
  return row?.n ?? 0;
}

/**
 * The creator's offerings, newest first; their subscriber counts come from summarizeSubscribers
 * (metrics-repository.ts).
 */
export function listOfferingsNewestFirst(db: Db, userId: string) {
  return db
    .select({
      id: offerings.id,
      title: offerings.title,
      priceCents: offerings.priceCents,
      cadence: offerings.cadence,
      isActive: offerings.isActive,
    })
    .from(offerings)
    .where(eq(offerings.userId, userId))
    .orderBy(desc(offerings.createdAt));
}

/**
 * Takes the newest `limit` of each offering from subscribers_offering_created_idx, then the newest
 * `limit` of those: reads offerings × limit index entries instead of sorting every subscriber.
 */
export function listRecentSubscribers(db: Db, userId: string, limit: number) {
  const newestOfOffering = db
    .select({
      id: subscribers.id,
      name: subscribers.name,
      email: subscribers.email,
      paymentStatus: subscribers.paymentStatus,
      createdAt: subscribers.createdAt,
    })
    .from(subscribers)
    .where(eq(subscribers.offeringId, offerings.id))
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
    .limit(limit)
    .as("newest_of_offering");
  return db
    .select({
      id: newestOfOffering.id,
      name: newestOfOffering.name,
      email: newestOfOffering.email,
      offeringTitle: offerings.title,
      paymentStatus: newestOfOffering.paymentStatus,
      createdAt: newestOfOffering.createdAt,
    })
    .from(offerings)
    .crossJoinLateral(newestOfOffering)
    .where(eq(offerings.userId, userId))
    .orderBy(desc(newestOfOffering.createdAt), desc(newestOfOffering.id))
    .limit(limit);
}

/** Reads the monthly rollup: at most one row per month, however many payments. */
export function sumGrossByMonth(db: Db, userId: string, since: Date) {
  return db
    .select({
      month: sql<string>`to_char(${creatorEarningsMonthly.month}, 'YYYY-MM-DD')`,
      grossCents: creatorEarningsMonthly.grossCents,
    })
    .from(creatorEarningsMonthly)
    .where(
      and(
        eq(creatorEarningsMonthly.userId, userId),
        gte(creatorEarningsMonthly.month, since.toISOString().slice(0, 10)),
      ),
    );
}

export async function getEarningsTotals(db: Db, userId: string) {
  const [row] = await db
    .select({
      totalNetEarningsCents:
        sql<number>`coalesce(sum(${creatorEarningsMonthly.netCents}), 0)`.mapWith(Number),
      totalPlatformFeesCents:
        sql<number>`coalesce(sum(${creatorEarningsMonthly.feeCents}), 0)`.mapWith(Number),
      totalPayments: sql<number>`coalesce(sum(${creatorEarningsMonthly.payments}), 0)`.mapWith(
        Number,
      ),
      totalDiscountCents:
        sql<number>`coalesce(sum(${creatorEarningsMonthly.discountCents}), 0)`.mapWith(Number),
    })
    .from(creatorEarningsMonthly)
    .where(eq(creatorEarningsMonthly.userId, userId));
  return (
    row ?? {
      totalNetEarningsCents: 0,
      totalPlatformFeesCents: 0,
      totalPayments: 0,
      totalDiscountCents: 0,
    }
  );
}

/** Reads creator_earnings_user_date_idx in order and stops after `limit` rows. */
export function listRecentEarnings(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: creatorEarnings.id,
      offeringTitle: offerings.title,
      subscriberName: subscribers.name,
      subscriberEmail: subscribers.email,
      paymentDate: creatorEarnings.paymentDate,
      grossCents: creatorEarnings.grossAmountCents,
      feePercent: creatorEarnings.platformFeePercent,
      feeCents: creatorEarnings.platformFeeCents,
      netCents: creatorEarnings.netAmountCents,
      plan: creatorEarnings.plan,
      kind: creatorEarnings.kind,
    })
    .from(creatorEarnings)
    .innerJoin(offerings, eq(offerings.id, creatorEarnings.offeringId))
    .innerJoin(subscribers, eq(subscribers.id, creatorEarnings.subscriberId))
    .where(eq(creatorEarnings.userId, userId))
    .orderBy(
      desc(creatorEarnings.paymentDate),
      desc(creatorEarnings.createdAt),
      desc(creatorEarnings.id),
    )
    .limit(limit);
}
