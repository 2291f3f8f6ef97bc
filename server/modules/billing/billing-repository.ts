import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  creatorEarnings,
  creatorEarningsMonthly,
  paymentSubscriptions,
  type SubscriberStatus,
  subscribers,
} from "../../db/schema/app";

export async function findSubscriberByStripeSubscriptionId(db: Db, stripeSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(eq(subscribers.stripeSubscriptionId, stripeSubscriptionId));
  return row ?? null;
}

/** Returns the new row, or null when another request or event already created it. */
export async function insertSubscriberOnce(db: Db, values: typeof subscribers.$inferInsert) {
  const [row] = await db.insert(subscribers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Cancelled is one-way: a late or reordered event never brings a subscriber back. */
export async function updateSubscriberStatus(
  db: Db,
  subscriberId: string,
  status: SubscriberStatus,
) {
  await db
    .update(subscribers)
    .set({ paymentStatus: status })
    .where(and(eq(subscribers.id, subscriberId), ne(subscribers.paymentStatus, "cancelled")));
}

export async function upsertPaymentSubscription(
  db: Db,
  values: typeof paymentSubscriptions.$inferInsert,
) {
  await db
    .insert(paymentSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: paymentSubscriptions.stripeSubscriptionId,
      set: {
        status: values.status,
        currentPeriodStart: values.currentPeriodStart,
        currentPeriodEnd: values.currentPeriodEnd,
        updatedAt: new Date(),
      },
    });
}

/**
 * One row per paid invoice; the unique invoice id makes repeats and races harmless. Only a
 * row actually inserted moves the monthly rollup, in the same transaction.
 */
export async function insertEarningOnce(db: Db, values: typeof creatorEarnings.$inferInsert) {
  const inserted = await db
    .insert(creatorEarnings)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: creatorEarnings.id });
  if (inserted.length === 0) return;
  const month = monthOf(values.paymentDate as Date);
  await db
    .insert(creatorEarningsMonthly)
    .values({
      userId: values.userId,
      month,
      grossCents: values.grossAmountCents,
      feeCents: values.platformFeeCents,
      netCents: values.netAmountCents,
      payments: 1,
    })
    .onConflictDoUpdate({
      target: [creatorEarningsMonthly.userId, creatorEarningsMonthly.month],
      set: {
        grossCents: sql`${creatorEarningsMonthly.grossCents} + excluded.gross_cents`,
        feeCents: sql`${creatorEarningsMonthly.feeCents} + excluded.fee_cents`,
        netCents: sql`${creatorEarningsMonthly.netCents} + excluded.net_cents`,
        payments: sql`${creatorEarningsMonthly.payments} + 1`,
      },
    });
}

/** First day of the payment's month in UTC, as YYYY-MM-01. */
export function monthOf(date: Date): string {
  return `${date.toISOString().slice(0, 7)}-01`;
}
