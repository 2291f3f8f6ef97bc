import { and, eq, inArray, isNull, like, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { idempotencyRecords } from "../db/schema/app";

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Deletes every record whose key starts with one of `prefixes`. */
export async function deleteIdempotencyRecordsByPrefix(db: Db, prefixes: string[]) {
  await db
    .delete(idempotencyRecords)
    .where(or(...prefixes.map((prefix) => like(idempotencyRecords.key, `${escapeLike(prefix)}%`))));
}

/**
 * Deletes up to `batch` records created before `cutoff`; SKIP LOCKED lets concurrent callers
 * share the work without waiting.
 */
export async function deleteIdempotencyRecordsBefore(db: Db, cutoff: Date, batch: number) {
  await db
    .delete(idempotencyRecords)
    .where(
      inArray(
        idempotencyRecords.key,
        db
          .select({ key: idempotencyRecords.key })
          .from(idempotencyRecords)
          .where(lt(idempotencyRecords.createdAt, cutoff))
          .limit(batch)
          .for("update", { skipLocked: true }),
      ),
    );
}

/**
 * Deletes `key`'s record if it is a claim without a response made before `claimedBefore`, or
 * any record made before `createdBefore`.
 */
export async function deleteDeadIdempotencyRecord(
  db: Db,
  key: string,
  limits: { claimedBefore: Date; createdBefore: Date },
) {
  await db
    .delete(idempotencyRecords)
    .where(
      and(
        eq(idempotencyRecords.key, key),
        or(
          and(
            isNull(idempotencyRecords.responseStatus),
            lt(idempotencyRecords.createdAt, limits.claimedBefore),
          ),
          lt(idempotencyRecords.createdAt, limits.createdBefore),
        ),
      ),
    );
}

/** Whether this call wrote `key`'s record (false: one was there already). */
export async function claimIdempotencyKey(db: Db, key: string, requestHash: string) {
  const claimed = await db
    .insert(idempotencyRecords)
    .values({ key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key });
  return claimed.length > 0;
}

export async function findIdempotencyRecord(db: Db, key: string) {
  const [record] = await db
    .select()
    .from(idempotencyRecords)
    .where(eq(idempotencyRecords.key, key));
  return record;
}

export async function storeIdempotentResponse(
  db: Db,
  key: string,
  response: { status: number; body: unknown },
) {
  await db
    .update(idempotencyRecords)
    .set({ responseStatus: response.status, responseBody: response.body })
    .where(eq(idempotencyRecords.key, key));
}

export async function releaseIdempotencyKey(db: Db, key: string) {
  await db.delete(idempotencyRecords).where(eq(idempotencyRecords.key, key));
}
