import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscribers } from "../../db/schema/app";

/**
 * Makes free subscribes of one address to one offering take turns until the caller's
 * transaction ends, so of two racing requests the second sees what the first recorded.
 */
export async function lockFreeSubscribe(tx: Db, offeringId: string, email: string) {
  const key = `regulars:free-subscribe:${offeringId}:${email.trim().toLowerCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** Whether the address (any case) already has a subscription to the offering that is not over. */
export async function hasLiveSubscription(tx: Db, offeringId: string, email: string) {
  const [row] = await tx
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.offeringId, offeringId),
        eq(sql`lower(${subscribers.email})`, email.trim().toLowerCase()),
        ne(subscribers.paymentStatus, "cancelled"),
      ),
    )
    .limit(1);
  return row !== undefined;
}
