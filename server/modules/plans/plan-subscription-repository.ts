import { and, eq, gt, sql } from "drizzle-orm";
import type { PlanId } from "../../../contracts/plans";
import type { Db } from "../../db/client";
import { creatorPlanCustomers, creatorPlanPeriods } from "../../db/schema/app";
import { user } from "../../db/schema/auth";

// The creator as the platform's customer, and the plan periods their plan subscription writes
// (ADR 038). Periods are written only through writePlanPeriod's upsert and the deletes here.

export async function findPlanCustomer(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(creatorPlanCustomers)
    .where(eq(creatorPlanCustomers.userId, userId));
  return row ?? null;
}

/**
 * Serialises one creator's purchases: a double click, or two tabs, wait for each other here,
 * so the second sees the first's customer and subscription instead of making its own.
 */
export async function lockPlanPurchase(tx: Db, userId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`regulars:plan-purchase:${userId}`}, 0))`,
  );
}

export async function savePlanCustomer(db: Db, userId: string, stripeCustomerId: string) {
  await db
    .insert(creatorPlanCustomers)
    .values({ userId, stripeCustomerId })
    .onConflictDoNothing({ target: creatorPlanCustomers.userId });
}

export async function savePlanSubscription(db: Db, userId: string, stripeSubscriptionId: string) {
  await db
    .update(creatorPlanCustomers)
    .set({ stripeSubscriptionId })
    .where(eq(creatorPlanCustomers.userId, userId));
}

/** The creator's e-mail and name, for the plan's e-mails; null once the account is gone. */
export async function findPlanContact(db: Db, userId: string) {
  const [row] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

/** Whether the subscription already wrote a period: its first payment was recorded. */
export async function hasPeriodOfSubscription(db: Db, stripeSubscriptionId: string) {
  const [row] = await db
    .select({ id: creatorPlanPeriods.id })
    .from(creatorPlanPeriods)
    .where(eq(creatorPlanPeriods.stripeSubscriptionId, stripeSubscriptionId))
    .limit(1);
  return row !== undefined;
}

/** A decision made later replaces those scheduled after it (a downgrade undone, say). */
export async function deletePeriodsAfter(db: Db, userId: string, after: Date) {
  await db
    .delete(creatorPlanPeriods)
    .where(and(eq(creatorPlanPeriods.userId, userId), gt(creatorPlanPeriods.effectiveAt, after)));
}

/** The scheduled change, if any: the first period that begins after `now`. */
export async function nextPeriodAfter(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ plan: PlanId; effectiveAt: Date } | null> {
  const [row] = await db
    .select({ plan: creatorPlanPeriods.plan, effectiveAt: creatorPlanPeriods.effectiveAt })
    .from(creatorPlanPeriods)
    .where(and(eq(creatorPlanPeriods.userId, userId), gt(creatorPlanPeriods.effectiveAt, now)))
    .orderBy(creatorPlanPeriods.effectiveAt)
    .limit(1);
  return row ?? null;
}
