import { and, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { failedCardAttempts } from "../../db/schema/app";

export interface CardAttemptSubject {
  clientAddress: string | null;
  offeringId: string | null;
  emailHash: string | null;
}

/** Declined cards since `since`, counted per client address, offering and e-mail in one read. */
export async function countFailedCardAttemptsSince(
  db: Db,
  subject: CardAttemptSubject,
  since: Date,
) {
  const t = failedCardAttempts;
  const matchesAny = [
    subject.clientAddress === null ? undefined : sql`${t.clientAddress} = ${subject.clientAddress}`,
    subject.offeringId === null ? undefined : sql`${t.offeringId} = ${subject.offeringId}`,
    subject.emailHash === null ? undefined : sql`${t.emailHash} = ${subject.emailHash}`,
  ].filter((condition) => condition !== undefined);
  if (matchesAny.length === 0) return { byClientAddress: 0, byOffering: 0, byEmail: 0 };
  const [row] = await db
    .select({
      byClientAddress: sql<number>`count(*) filter (where ${t.clientAddress} = ${subject.clientAddress})`,
      byOffering: sql<number>`count(*) filter (where ${t.offeringId} = ${subject.offeringId})`,
      byEmail: sql<number>`count(*) filter (where ${t.emailHash} = ${subject.emailHash})`,
    })
    .from(t)
    .where(and(gt(t.occurredAt, since), or(...matchesAny)));
  return {
    byClientAddress: Number(row?.byClientAddress ?? 0),
    byOffering: Number(row?.byOffering ?? 0),
    byEmail: Number(row?.byEmail ?? 0),
  };
}

/**
 * Records one declined card once: the same decline reported again (finalize and the webhook,
 * or a retry) only fills in what the first report lacked, such as the client's address.
 * Rows older than `pruneBefore` go at the same time; nothing reads them.
 */
export async function insertFailedCardAttempt(
  db: Db,
  values: CardAttemptSubject & { dedupeKey: string; source: "start" | "finalize" | "webhook" },
  pruneBefore: Date,
) {
  const t = failedCardAttempts;
  await db
    .insert(t)
    .values(values)
    .onConflictDoUpdate({
      target: t.dedupeKey,
      set: {
        clientAddress: sql`coalesce(${t.clientAddress}, excluded.client_address)`,
        offeringId: sql`coalesce(${t.offeringId}, excluded.offering_id)`,
        emailHash: sql`coalesce(${t.emailHash}, excluded.email_hash)`,
      },
    });
  await db.delete(t).where(lt(t.occurredAt, pruneBefore));
}
