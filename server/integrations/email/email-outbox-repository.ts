import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema/app";

type NewOutboxMessage = typeof emailOutbox.$inferInsert;

/** The new message's id, or null when one with the same dedupe key was already written. */
export async function insertOutboxMessage(tx: Db, values: NewOutboxMessage) {
  const [inserted] = await tx
    .insert(emailOutbox)
    .values(values)
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return inserted?.id ?? null;
}

export async function findOutboxMessage(db: Db, id: string) {
  const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return message;
}

export async function recordFailedDelivery(
  db: Db,
  id: string,
  failure: { lastError: string; isLastAttempt: boolean },
) {
  await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: failure.lastError,
      status: failure.isLastAttempt ? "failed" : "pending",
    })
    .where(eq(emailOutbox.id, id));
}

export async function markOutboxMessageSent(db: Db, id: string) {
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1` })
    .where(eq(emailOutbox.id, id));
}

/**
 * A transaction-scoped advisory lock on one mailbox: concurrent writers for it wait for each
 * other until the holder's transaction ends.
 */
export async function lockMailbox(tx: Db, mailbox: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`regulars:unsolicited-mail:${mailbox}`}, 0))`,
  );
}

/** Unsolicited messages written to `mailbox` after `since`. */
export async function countUnsolicitedMailSince(tx: Db, mailbox: string, since: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.unsolicitedMailbox, mailbox), gt(emailOutbox.createdAt, since)));
  return row?.n ?? 0;
}
