import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox, offerings, promoCodes, subscribers } from "../../db/schema/app";
import { user } from "../../db/schema/auth";
import { deleteIdempotencyRecordsOf } from "../../lib/idempotency";
import { customerPortalPathPrefix } from "../../lib/public-links";

/** The Stripe catalogue behind the creator's offerings, to close it when the account goes. */
export function listOfferingStripeRefs(db: Db, userId: string) {
  return db
    .select({
      id: offerings.id,
      stripeProductId: offerings.stripeProductId,
      stripePriceId: offerings.stripePriceId,
      customUrl: offerings.customUrl,
    })
    .from(offerings)
    .where(eq(offerings.userId, userId));
}

/** The Stripe coupons behind the creator's promo codes that can still be redeemed. */
export async function listActiveCouponIds(db: Db, userId: string) {
  const rows = await db
    .select({ stripeCouponId: promoCodes.stripeCouponId })
    .from(promoCodes)
    .where(and(eq(promoCodes.userId, userId), eq(promoCodes.isActive, true)));
  return rows.map((row) => row.stripeCouponId);
}

/** Every Stripe subscription we recorded for the creator's subscribers, whatever its status. */
export async function listRecordedStripeSubscriptionIds(db: Db, userId: string) {
  const rows = await db
    .select({ stripeSubscriptionId: subscribers.stripeSubscriptionId })
    .from(subscribers)
    .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
    .where(and(eq(offerings.userId, userId), isNotNull(subscribers.stripeSubscriptionId)));
  return rows.map((row) => row.stripeSubscriptionId!);
}

/**
 * Everything the account leaves behind, in the caller's transaction:
 * - "Lost your link?" e-mails that list a manage link to one of the creator's offerings (they
 *   name no owner, as one e-mail may list several businesses; one still waiting to be sent is
 *   dropped with the rest, and the customer can ask again);
 * - idempotency records of the creator's requests and their customers' subscribe attempts
 *   (stored responses hold payments' client secrets);
 * - the offerings, and through them the subscribers, their earnings and their e-mails;
 * - the auth user, and through it sessions, 2FA, the creator's e-mails and profile.
 */
export async function deleteCreatorRows(tx: Db, userId: string, customUrls: string[]) {
  const portalPaths = customUrls.map((customUrl) => customerPortalPathPrefix(customUrl));
  if (portalPaths.length > 0) {
    await tx
      .delete(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "manage_links"),
          or(...portalPaths.map((path) => sql`strpos(${emailOutbox.text}, ${path}) > 0`)),
        ),
      );
  }
  await deleteIdempotencyRecordsOf(tx, { userId, customUrls });
  await tx.delete(offerings).where(eq(offerings.userId, userId));
  await tx.delete(user).where(eq(user.id, userId));
}
