import { randomUUID } from "node:crypto";
import { and, desc, eq, exists, gt, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  offerings,
  paymentSubscriptions,
  subscriberEmailChanges,
  subscriberSwitches,
  subscribers,
} from "../../db/schema/app";

const from = alias(offerings, "from_offering");

/**
 * A subscriber is reachable only together with the offering it belongs to, active or not:
 * deactivating an offering stops new sign-ups, not its subscribers' way to manage or cancel.
 * The key is the link's manage key, never the row id (ADR 022).
 */
export async function findSubscriberByManageKey(db: Db, customUrl: string, manageKey: string) {
  const [row] = await db
    .select({ subscriber: subscribers, offering: offerings })
    .from(subscribers)
    .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
    .where(
      and(
        eq(subscribers.manageKey, manageKey),
        // A switch moves the subscriber to another offering and keeps the link they have: the
        // address of an offering they switched from still reaches them (issue 21).
        or(
          eq(offerings.customUrl, customUrl),
          exists(
            db
              .select({ one: sql`1` })
              .from(subscriberSwitches)
              .innerJoin(from, eq(from.id, subscriberSwitches.fromOfferingId))
              .where(
                and(
                  eq(subscriberSwitches.subscriberId, subscribers.id),
                  eq(from.customUrl, customUrl),
                ),
              ),
          ),
        ),
      ),
    );
  return row ?? null;
}

/** The key of a subscriber's self-service link, for the answers and pages that hand it out. */
export async function findManageKeyOfSubscriber(db: Db, subscriberId: string) {
  const [row] = await db
    .select({ manageKey: subscribers.manageKey })
    .from(subscribers)
    .where(eq(subscribers.id, subscriberId));
  return row?.manageKey ?? null;
}

/**
 * Replaces the manage key, which ends every link made with the old one. Only while the key is
 * still `currentKey`: of two requests racing with the same link, one wins and the other finds
 * no subscription, as the old link would. Null when it lost.
 */
export async function replaceManageKey(db: Db, subscriberId: string, currentKey: string) {
  const [row] = await db
    .update(subscribers)
    .set({ manageKey: randomUUID() })
    .where(and(eq(subscribers.id, subscriberId), eq(subscribers.manageKey, currentKey)))
    .returning({ manageKey: subscribers.manageKey });
  return row?.manageKey ?? null;
}

/** A confirmed e-mail change: the new address and a new key, in one UPDATE. */
export async function applyEmailChange(db: Db, subscriberId: string, email: string) {
  const [row] = await db
    .update(subscribers)
    .set({ email, manageKey: randomUUID() })
    .where(eq(subscribers.id, subscriberId))
    .returning({ manageKey: subscribers.manageKey });
  return row!.manageKey;
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

const isOpen = and(
  isNull(subscriberEmailChanges.confirmedAt),
  isNull(subscriberEmailChanges.withdrawnAt),
);

/** The address waiting to be confirmed, if a change is open and not yet expired. */
export async function findPendingEmail(db: Db, subscriberId: string) {
  const [row] = await db
    .select({ newEmail: subscriberEmailChanges.newEmail })
    .from(subscriberEmailChanges)
    .where(
      and(
        eq(subscriberEmailChanges.subscriberId, subscriberId),
        isOpen,
        gt(subscriberEmailChanges.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(subscriberEmailChanges.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** Ends every open change of a subscriber: a newer request, or a new link, replaces them. */
export async function withdrawOpenEmailChanges(db: Db, subscriberId: string) {
  await db
    .update(subscriberEmailChanges)
    .set({ withdrawnAt: sql`now()` })
    .where(and(eq(subscriberEmailChanges.subscriberId, subscriberId), isOpen));
}

export async function insertEmailChange(
  db: Db,
  values: {
    subscriberId: string;
    newEmail: string;
    confirmTokenHash: string;
    undoTokenHash: string;
    expiresAt: Date;
  },
) {
  const [row] = await db
    .insert(subscriberEmailChanges)
    .values(values)
    .returning({ id: subscriberEmailChanges.id });
  return row!.id;
}

/** A change by one of its two token digests, with its subscriber and offering. */
export async function findEmailChangeByToken(
  db: Db,
  column: "confirmTokenHash" | "undoTokenHash",
  digest: string,
) {
  const [row] = await db
    .select({ change: subscriberEmailChanges, subscriber: subscribers, offering: offerings })
    .from(subscriberEmailChanges)
    .innerJoin(subscribers, eq(subscribers.id, subscriberEmailChanges.subscriberId))
    .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
    .where(eq(subscriberEmailChanges[column], digest));
  return row ?? null;
}

/**
 * Marks an open change confirmed (`confirmed`) or withdrawn, only if it is still open (and, to
 * confirm, not expired): of two racing requests one wins. False when it was not open.
 */
export async function closeEmailChange(
  db: Db,
  changeId: string,
  outcome: "confirmed" | "withdrawn",
) {
  const now = sql`now()`;
  const [row] = await db
    .update(subscriberEmailChanges)
    .set(outcome === "confirmed" ? { confirmedAt: now } : { withdrawnAt: now })
    .where(
      and(
        eq(subscriberEmailChanges.id, changeId),
        isOpen,
        outcome === "confirmed" ? gt(subscriberEmailChanges.expiresAt, now) : undefined,
      ),
    )
    .returning({ id: subscriberEmailChanges.id });
  return Boolean(row);
}

/** Stripe's status of a subscription as last synced (payment_subscriptions). */
export async function findStripeStatus(db: Db, stripeSubscriptionId: string) {
  const [row] = await db
    .select({ status: paymentSubscriptions.status })
    .from(paymentSubscriptions)
    .where(eq(paymentSubscriptions.stripeSubscriptionId, stripeSubscriptionId));
  return row?.status ?? null;
}
