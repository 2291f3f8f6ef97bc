import { createHash } from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { idempotencyRecords } from "../db/schema/app";
import { AppError } from "./errors";

export interface StoredResponse {
  status: number;
  body: unknown;
}

const POLL_INTERVAL_MS = 100;
const WAIT_FOR_FIRST_MS = 30_000;
/** A claim older than this belongs to a request that died; a retry may take it over. */
const STALE_CLAIM_MS = 120_000;

function hashRequest(body: unknown): string {
  return createHash("sha256").update(JSON.stringify(body)).digest("hex");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `operation` once per key. A retry or a double click with the same key and body gets
 * the first response (waiting for it if the first is still running); the same key with a
 * different body is refused. A failed operation releases the key so the client can retry.
 */
export async function runIdempotent(
  db: Db,
  key: string,
  requestBody: unknown,
  operation: () => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const requestHash = hashRequest(requestBody);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;

  for (;;) {
    await db
      .delete(idempotencyRecords)
      .where(
        and(
          eq(idempotencyRecords.key, key),
          isNull(idempotencyRecords.responseStatus),
          lt(idempotencyRecords.createdAt, new Date(Date.now() - STALE_CLAIM_MS)),
        ),
      );
    const claimed = await db
      .insert(idempotencyRecords)
      .values({ key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key });
    if (claimed.length > 0) break;

    const [existing] = await db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, key));
    if (!existing) continue;
    if (existing.requestHash !== requestHash) {
      throw new AppError(
        "conflict",
        "This request was already made with different details. Start again to make a new one.",
      );
    }
    if (existing.responseStatus !== null) {
      return { status: existing.responseStatus, body: existing.responseBody };
    }
    if (Date.now() > deadline) {
      throw new AppError("conflict", "The same request is still being processed. Please wait.");
    }
    await sleep(POLL_INTERVAL_MS);
  }

  try {
    const response = await operation();
    await db
      .update(idempotencyRecords)
      .set({ responseStatus: response.status, responseBody: response.body })
      .where(eq(idempotencyRecords.key, key));
    return response;
  } catch (error) {
    await db.delete(idempotencyRecords).where(eq(idempotencyRecords.key, key));
    throw error;
  }
}
