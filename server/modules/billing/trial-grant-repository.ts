import { and, asc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { trialGrants } from "../../db/schema/app";

export interface TrialClaimant {
  /** The creator whose trial it is. */
  userId: string;
  email: string;
  cardFingerprint: string | null;
}

function sameCustomer(claimant: TrialClaimant): SQL | undefined {
  const email = eq(trialGrants.email, claimant.email.trim().toLowerCase());
  return claimant.cardFingerprint
    ? or(email, eq(trialGrants.cardFingerprint, claimant.cardFingerprint))
    : email;
}

/** Whether this business already gave a trial to this e-mail or this card. */
export async function hasHadTrial(db: Db, claimant: TrialClaimant): Promise<boolean> {
  const [row] = await db
    .select({ id: trialGrants.id })
    .from(trialGrants)
    .where(and(eq(trialGrants.userId, claimant.userId), sameCustomer(claimant)))
    .limit(1);
  return row !== undefined;
}

/**
 * Records the trial of a subscription, in the caller's transaction, and answers whether it is
 * this customer's first with the business. Idempotent per subscription. Sign-ups of the same
 * customer take turns here, so of two trials started at once exactly one is the first.
 */
export async function recordTrialGrant(
  tx: Db,
  claimant: TrialClaimant,
  stripeSubscriptionId: string,
): Promise<"first" | "repeat"> {
  const email = claimant.email.trim().toLowerCase();
  // Same order for every caller (e-mail, then card), so two sign-ups can't wait on each other.
  for (const part of [email, claimant.cardFingerprint]) {
    if (!part) continue;
    const key = `regulars:trial:${claimant.userId}:${part}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
  const [earlier] = await tx
    .select({ stripeSubscriptionId: trialGrants.stripeSubscriptionId })
    .from(trialGrants)
    .where(
      and(
        eq(trialGrants.userId, claimant.userId),
        sameCustomer(claimant),
        ne(trialGrants.stripeSubscriptionId, stripeSubscriptionId),
      ),
    )
    .orderBy(asc(trialGrants.createdAt))
    .limit(1);
  if (earlier) return "repeat";
  await tx
    .insert(trialGrants)
    .values({
      userId: claimant.userId,
      email,
      cardFingerprint: claimant.cardFingerprint,
      stripeSubscriptionId,
    })
    .onConflictDoNothing({ target: trialGrants.stripeSubscriptionId });
  return "first";
}
