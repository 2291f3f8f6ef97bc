import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { offerings, subscribers } from "../../db/schema/app";
import { user } from "../../db/schema/auth";

/** Stripe subscriptions that could still charge a customer of this creator. */
export function listLiveStripeSubscriptionIds(db: Db, userId: string) {
  return db
    .select({ stripeSubscriptionId: subscribers.stripeSubscriptionId })
    .from(subscribers)
    .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
    .where(
      and(
        eq(offerings.userId, userId),
        isNotNull(subscribers.stripeSubscriptionId),
        ne(subscribers.paymentStatus, "cancelled"),
      ),
    );
}

/** Offerings first (and through them subscribers and earnings), then the auth user. */
export async function deleteCreator(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(offerings).where(eq(offerings.userId, userId));
    await tx.delete(user).where(eq(user.id, userId));
  });
}
