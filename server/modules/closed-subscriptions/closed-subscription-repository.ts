import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { closedSubscriptions, offerings, subscribers, userProfiles } from "../../db/schema/app";
import { user } from "../../db/schema/auth";

/** The name the subscriber knew the business by: the landing page's, else the profile's. */
const businessName = sql<string>`coalesce(nullif(${offerings.creatorName}, ''), ${userProfiles.businessName}, ${user.name})`;

/**
 * The creator's subscribers who still have a subscription (not cancelled), with what their
 * closing e-mail says. Read before Stripe ends the subscriptions: the cancellation webhooks may
 * mark them cancelled before the account's rows are deleted.
 */
export function listLiveSubscriptionsOf(db: Db, userId: string) {
  return db
    .select({
      subscriberId: subscribers.id,
      name: subscribers.name,
      email: subscribers.email,
      offeringTitle: offerings.title,
      businessName,
    })
    .from(subscribers)
    .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
    .innerJoin(user, eq(user.id, offerings.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, offerings.userId))
    .where(and(eq(offerings.userId, userId), ne(subscribers.paymentStatus, "cancelled")));
}

/**
 * One tombstone per subscriber of the creator, cancelled or not, written in the deletion's
 * transaction from the rows it is about to delete: each saved self-service link then says the
 * business closed it instead of "Subscription Not Found". A retried deletion writes nothing twice.
 */
export async function insertClosedSubscriptionsOf(tx: Db, userId: string, closedAt: Date) {
  await tx
    .insert(closedSubscriptions)
    .select(
      tx
        .select({
          manageKey: subscribers.manageKey,
          customUrl: offerings.customUrl,
          offeringTitle: offerings.title,
          businessName: sql<string>`${businessName}`.as("business_name"),
          closedAt: sql<Date>`${closedAt.toISOString()}::timestamptz`.as("closed_at"),
        })
        .from(subscribers)
        .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
        .innerJoin(user, eq(user.id, offerings.userId))
        .leftJoin(userProfiles, eq(userProfiles.userId, offerings.userId))
        .where(eq(offerings.userId, userId)),
    )
    .onConflictDoNothing({ target: closedSubscriptions.manageKey });
}

/** The tombstone a self-service link names: its key, under the custom URL it was made for. */
export async function findClosedSubscription(db: Db, customUrl: string, manageKey: string) {
  const [row] = await db
    .select()
    .from(closedSubscriptions)
    .where(
      and(
        eq(closedSubscriptions.manageKey, manageKey),
        eq(closedSubscriptions.customUrl, customUrl),
      ),
    );
  return row ?? null;
}
