import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { PlanId } from "../../../contracts/plans";
import type { Db } from "../../db/client";
import { creatorPlanPeriods, offerings, paymentSubscriptions } from "../../db/schema/app";
import type { PlanTimeline } from "./plan-timeline";

/**
 * The creator's plan in force at `at` (ADR 037): the latest period that began at or before it,
 * and Free before any. Fees are set, recorded and reconciled from this, never from "now's" plan,
 * so a renewal made before a change keeps the plan it was made under.
 */
export async function planInForceAt(db: Db, userId: string, at: Date): Promise<PlanId> {
  return (await periodInForceAt(db, userId, at))?.plan ?? "free";
}

/** Each creator's plan periods, oldest first: for many look-ups, one query (`planAt`). */
export async function listPlanPeriods(
  db: Db,
  userIds: string[],
): Promise<Map<string, PlanTimeline>> {
  const timelines = new Map<string, Array<PlanTimeline[number]>>();
  if (userIds.length === 0) return timelines;
  const rows = await db
    .select({
      userId: creatorPlanPeriods.userId,
      plan: creatorPlanPeriods.plan,
      effectiveAt: creatorPlanPeriods.effectiveAt,
    })
    .from(creatorPlanPeriods)
    .where(inArray(creatorPlanPeriods.userId, [...new Set(userIds)]))
    .orderBy(creatorPlanPeriods.effectiveAt);
  for (const row of rows) {
    const timeline = timelines.get(row.userId) ?? [];
    timeline.push(row);
    timelines.set(row.userId, timeline);
  }
  return timelines;
}

export interface PlanPeriodInput {
  userId: string;
  plan: PlanId;
  effectiveAt: Date;
  /** The platform's Stripe subscription the plan is billed on; null for Free. */
  stripeSubscriptionId: string | null;
}

/**
 * Writes the plan from `effectiveAt` on. One plan per moment: a second decision for the same
 * moment (a webhook and the request that caused it, or a later change of mind) replaces the
 * first, so repeats are harmless.
 */
export async function writePlanPeriod(db: Db, input: PlanPeriodInput): Promise<string> {
  const [period] = await db
    .insert(creatorPlanPeriods)
    .values(input)
    .onConflictDoUpdate({
      target: [creatorPlanPeriods.userId, creatorPlanPeriods.effectiveAt],
      // A changed decision is re-priced again; the same one written again (every sync of the
      // plan subscription writes its periods) is not.
      set: {
        plan: input.plan,
        stripeSubscriptionId: input.stripeSubscriptionId,
        repricingQueuedAt: sql`case when ${creatorPlanPeriods.plan} = excluded.plan then ${creatorPlanPeriods.repricingQueuedAt} else null end`,
      },
    })
    .returning({ id: creatorPlanPeriods.id });
  return period!.id;
}

/** The period in force at `at`, with its id: what a re-pricing job keys its Stripe call on. */
export async function periodInForceAt(db: Db, userId: string, at: Date) {
  const [period] = await db
    .select({
      id: creatorPlanPeriods.id,
      plan: creatorPlanPeriods.plan,
      effectiveAt: creatorPlanPeriods.effectiveAt,
    })
    .from(creatorPlanPeriods)
    .where(and(eq(creatorPlanPeriods.userId, userId), lte(creatorPlanPeriods.effectiveAt, at)))
    .orderBy(desc(creatorPlanPeriods.effectiveAt))
    .limit(1);
  return period ?? null;
}

/** Periods begun by `now` whose subscriptions were not yet queued for re-pricing, locked. */
export function lockPeriodsToReprice(db: Db, now: Date, limit: number) {
  return db
    .select({ id: creatorPlanPeriods.id, userId: creatorPlanPeriods.userId })
    .from(creatorPlanPeriods)
    .where(
      and(isNull(creatorPlanPeriods.repricingQueuedAt), lte(creatorPlanPeriods.effectiveAt, now)),
    )
    .orderBy(creatorPlanPeriods.effectiveAt)
    .limit(limit)
    .for("update", { skipLocked: true });
}

export async function markRepricingQueued(db: Db, periodId: string, at: Date) {
  await db
    .update(creatorPlanPeriods)
    .set({ repricingQueuedAt: at })
    .where(eq(creatorPlanPeriods.id, periodId));
}

/** Stripe statuses that will invoice again: each needs the plan's percentage. */
export const INVOICING_STATUSES = ["active", "trialing", "past_due", "unpaid"] as const;

/** The Stripe ids of the creator's subscriptions that will invoice again. */
export async function invoicingSubscriptionsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: paymentSubscriptions.stripeSubscriptionId })
    .from(paymentSubscriptions)
    .innerJoin(offerings, eq(offerings.id, paymentSubscriptions.offeringId))
    .where(
      and(
        eq(offerings.userId, userId),
        inArray(paymentSubscriptions.status, [...INVOICING_STATUSES]),
      ),
    );
  return rows.map((row) => row.id);
}
