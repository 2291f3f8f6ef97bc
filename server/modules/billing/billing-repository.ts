import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  creatorEarnings,
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

/** One row per paid invoice; the unique invoice id makes repeats and races harmless. */
export async function insertEarningOnce(db: Db, values: typeof creatorEarnings.$inferInsert) {
  await db.insert(creatorEarnings).values(values).onConflictDoNothing();
}
