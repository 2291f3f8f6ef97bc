import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { offerings, subscribers } from "../../db/schema/app";

/**
 * A subscriber is reachable only together with the offering it belongs to, active or not:
 * deactivating an offering stops new sign-ups, not its subscribers' way to manage or cancel.
 */
export async function findSubscriberOfOffering(db: Db, customUrl: string, subscriberId: string) {
  const [row] = await db
    .select({ subscriber: subscribers, offering: offerings })
    .from(subscribers)
    .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
    .where(and(eq(subscribers.id, subscriberId), eq(offerings.customUrl, customUrl)));
  return row ?? null;
}

export async function updateSubscriberEmail(db: Db, subscriberId: string, email: string) {
  await db.update(subscribers).set({ email }).where(eq(subscribers.id, subscriberId));
}

/** Cancelled now, unless it already was: the first cancellation's date stands. */
export async function markSubscriberCancelled(db: Db, subscriberId: string) {
  await db
    .update(subscribers)
    .set({
      paymentStatus: "cancelled",
      cancelledAt: sql`coalesce(${subscribers.cancelledAt}, greatest(${subscribers.createdAt}, now()))`,
    })
    .where(eq(subscribers.id, subscriberId));
}
