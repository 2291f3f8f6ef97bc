import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { offerings, subscribers } from "../../db/schema/app";

/** A subscriber is reachable only together with the active offering it belongs to. */
export async function findSubscriberOfActiveOffering(
  db: Db,
  customUrl: string,
  subscriberId: string,
) {
  const [row] = await db
    .select({ subscriber: subscribers, offering: offerings })
    .from(subscribers)
    .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
    .where(
      and(
        eq(subscribers.id, subscriberId),
        eq(offerings.customUrl, customUrl),
        eq(offerings.isActive, true),
      ),
    );
  return row ?? null;
}

export async function updateSubscriberEmail(db: Db, subscriberId: string, email: string) {
  await db.update(subscribers).set({ email }).where(eq(subscribers.id, subscriberId));
}

export async function markSubscriberCancelled(db: Db, subscriberId: string) {
  await db
    .update(subscribers)
    .set({ paymentStatus: "cancelled" })
    .where(eq(subscribers.id, subscriberId));
}
