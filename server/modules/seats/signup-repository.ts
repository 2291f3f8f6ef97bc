import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { signups, subscriberAnswers, subscribers, waitlistEntries } from "../../db/schema/app";

export type SignupRow = typeof signups.$inferSelect;

export async function findSignupByAttemptKey(db: Db, attemptKey: string) {
  const [row] = await db.select().from(signups).where(eq(signups.attemptKey, attemptKey));
  return row ?? null;
}

export async function insertSignup(db: Db, values: typeof signups.$inferInsert) {
  const [row] = await db.insert(signups).values(values).returning();
  return row!;
}

/** A released attempt tried again (another card after a decline): open, holding anew. */
export async function reopenSignup(
  db: Db,
  signupId: string,
  values: Pick<SignupRow, "holdsSeat" | "holdExpiresAt" | "waitlistEntryId">,
) {
  await db
    .update(signups)
    .set({ ...values, state: "open", finishedAt: null })
    .where(eq(signups.id, signupId));
}

export async function attachStripeSubscription(
  db: Db,
  signupId: string,
  stripeSubscriptionId: string,
) {
  await db.update(signups).set({ stripeSubscriptionId }).where(eq(signups.id, signupId));
}

/** Gives an open sign-up's seat back; its offering, for offering the seat to the waitlist. */
export async function releaseSignup(
  db: Db,
  where: { id: string } | { stripeSubscriptionId: string },
): Promise<string | null> {
  const [row] = await db
    .update(signups)
    .set({ state: "released", finishedAt: sql`now()` })
    .where(
      and(
        "id" in where
          ? eq(signups.id, where.id)
          : eq(signups.stripeSubscriptionId, where.stripeSubscriptionId),
        eq(signups.state, "open"),
      ),
    )
    .returning({ offeringId: signups.offeringId });
  return row?.offeringId ?? null;
}

/** Open holds whose time ran out at `now` (the billing clock), released; their offerings. */
export async function releaseExpiredHolds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .update(signups)
    .set({ state: "released", finishedAt: sql`now()` })
    .where(
      and(eq(signups.state, "open"), eq(signups.holdsSeat, true), lte(signups.holdExpiresAt, now)),
    )
    .returning({ offeringId: signups.offeringId });
  return [...new Set(rows.map((row) => row.offeringId))];
}

/**
 * The sign-up behind a subscriber just recorded: its address, phone and answers become the
 * subscriber's, its seat becomes theirs, and the waitlist invitation it used is done. Found by
 * its id (the subscription's metadata) or the subscription; a subscription made without one
 * (before issue 22, or by hand at Stripe) has nothing to copy.
 */
export async function completeSignup(
  tx: Db,
  input: { signupId: string | null; stripeSubscriptionId: string; subscriberId: string },
) {
  const [signup] = await tx
    .select()
    .from(signups)
    .where(
      input.signupId
        ? eq(signups.id, input.signupId)
        : eq(signups.stripeSubscriptionId, input.stripeSubscriptionId),
    );
  if (!signup || signup.state === "subscribed") return null;
  await tx
    .update(signups)
    .set({
      state: "subscribed",
      finishedAt: sql`now()`,
      stripeSubscriptionId: signup.stripeSubscriptionId ?? input.stripeSubscriptionId,
    })
    .where(eq(signups.id, signup.id));
  await tx
    .update(subscribers)
    .set({
      phone: signup.phone,
      addressLine1: signup.addressLine1,
      addressLine2: signup.addressLine2,
      addressCity: signup.addressCity,
      addressState: signup.addressState,
      addressPostalCode: signup.addressPostalCode,
      addressCountry: signup.addressCountry,
    })
    .where(eq(subscribers.id, input.subscriberId));
  if (signup.answers.length > 0) {
    await tx
      .insert(subscriberAnswers)
      .values(
        signup.answers.map((answer) => ({
          subscriberId: input.subscriberId,
          questionId: answer.questionId,
          value: answer.value,
        })),
      )
      .onConflictDoNothing();
  }
  if (signup.waitlistEntryId) {
    await tx
      .update(waitlistEntries)
      .set({ status: "subscribed", finishedAt: sql`now()` })
      .where(eq(waitlistEntries.id, signup.waitlistEntryId));
  }
  return signup;
}

/**
 * A failed attempt (a declined card, Stripe unreachable) keeps its seat a little while for the
 * customer's next try, then the sweep gives it back.
 */
export async function shortenHold(db: Db, signupId: string, until: Date) {
  await db
    .update(signups)
    .set({ holdExpiresAt: until })
    .where(and(eq(signups.id, signupId), eq(signups.state, "open")));
}

/**
 * Sign-ups are working records: once recorded (the subscriber holds the details), released, or
 * abandoned without a seat (an offering without a limit), they go after a week. No attempt
 * outlives that: Stripe expires an unpaid first invoice in 23 hours, a Checkout session in 24.
 */
export async function deleteOldSignups(db: Db) {
  await db.delete(signups).where(
    sql`${signups.createdAt} < now() - interval '7 days'
        and (${signups.state} <> 'open' or not ${signups.holdsSeat})`,
  );
}
