import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { offerings, subscribers } from "../../db/schema/app";

/**
 * Every subscription taken out with this e-mail address, across all creators and offerings
 * (active or not: the self-service page serves both). The address is matched without regard
 * to case, as mail systems do.
 */
export async function listSubscriptionsByEmail(db: Db, email: string) {
  return db
    .select({
      subscriberId: subscribers.id,
      manageKey: subscribers.manageKey,
      status: subscribers.paymentStatus,
      customUrl: offerings.customUrl,
      offeringTitle: offerings.title,
      creatorName: offerings.creatorName,
    })
    .from(subscribers)
    .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
    .where(eq(sql`lower(${subscribers.email})`, email.toLowerCase()))
    .orderBy(asc(subscribers.createdAt), asc(subscribers.id))
    .limit(100);
}
