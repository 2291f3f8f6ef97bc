import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import { AppError } from "./errors";
import {
  claimIdempotencyKey,
  deleteDeadIdempotencyRecord,
  deleteIdempotencyRecordsBefore,
  deleteIdempotencyRecordsByPrefix,
  findIdempotencyRecord,
  releaseIdempotencyKey,
  storeIdempotentResponse,
} from "./idempotency-repository";

export interface StoredResponse<Body = unknown, Status extends number = number> {
  status: Status;
  body: Body;
}

const POLL_INTERVAL_MS = 100;
const WAIT_FOR_FIRST_MS = 30_000;
/** A claim older than this belongs to a request that died; a retry may take it over. */
const STALE_CLAIM_MS = 120_000;
/**
 * Records are kept this long, then deleted: a retry comes within seconds or minutes, and a
 * stored response may hold a payment's client secret, which must not outlive its use.
 */
export const IDEMPOTENCY_RECORD_TTL_MS = 24 * 60 * 60 * 1000;
/** Expired records deleted per claim: enough to keep up, small enough to stay cheap. */
const EXPIRED_BATCH = 100;

/**
 * Keys name their owner, so deleting an account can delete its records: a creator's own
 * requests by user id, a customer's subscribe attempts by the offering's custom URL (which
 * never changes). Each part ends at a delimiter, so one owner's prefix never covers another's.
 */
export const idempotencyKeys = {
  subscribe: (customUrl: string, attemptId: string) =>
    `subscribe:${customUrl.toLowerCase()}:${attemptId}`,
  freeSubscribe: (customUrl: string, attemptId: string) =>
    `subscribe-free:${customUrl.toLowerCase()}:${attemptId}`,
  createOffering: (userId: string, clientKey: string) => `offering-${userId}-${clientKey}`,
  refundPayment: (userId: string, clientKey: string) => `refund-${userId}-${clientKey}`,
};

/**
 * The Idempotency-Key for a Stripe call made for one exact request: our key and the request's
 * body together. A request that reached Stripe and is then sent again with other details under
 * the same key (a client that keeps one key per dialog) is another request to Stripe, not one
 * it refuses as "the same key with different parameters" on every retry.
 */
export function stripeIdempotencyKey(requestKey: string, requestBody: unknown): string {
  const digest = createHash("sha256")
    .update(requestKey)
    .update("\n")
    .update(JSON.stringify(requestBody))
    .digest("hex");
  return `regulars-${digest}`;
}

/** Deletes every record a creator's account owns (see idempotencyKeys). */
export async function deleteIdempotencyRecordsOf(
  db: Db,
  owner: { userId: string; customUrls: string[] },
): Promise<void> {
  const prefixes = [
    idempotencyKeys.createOffering(owner.userId, ""),
    idempotencyKeys.refundPayment(owner.userId, ""),
    ...owner.customUrls.flatMap((customUrl) => [
      idempotencyKeys.subscribe(customUrl, ""),
      idempotencyKeys.freeSubscribe(customUrl, ""),
    ]),
  ];
  await deleteIdempotencyRecordsByPrefix(db, prefixes);
}

/**
 * Deletes up to a batch of records past their time. Runs on every claim, so the table holds
 * about a day of requests; SKIP LOCKED lets concurrent claims share the work without waiting.
 */
async function deleteExpiredRecords(db: Db): Promise<void> {
  const cutoff = new Date(Date.now() - IDEMPOTENCY_RECORD_TTL_MS);
  await deleteIdempotencyRecordsBefore(db, cutoff, EXPIRED_BATCH);
}

function hashRequest(body: unknown): string {
  return createHash("sha256").update(JSON.stringify(body)).digest("hex");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `operation` once per key. A retry or a double click with the same key and body gets
 * the first response (waiting for it if the first is still running); the same key with a
 * different body is refused. A failed operation releases the key so the client can retry.
 */
export async function runIdempotent<Body, Status extends number>(
  db: Db,
  key: string,
  requestBody: unknown,
  operation: () => Promise<StoredResponse<Body, Status>>,
): Promise<StoredResponse<Body, Status>> {
  const requestHash = hashRequest(requestBody);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;

  await deleteExpiredRecords(db);
  for (;;) {
    // A dead request's claim, or a record past its time, no longer answers for this key.
    await deleteDeadIdempotencyRecord(db, key, {
      claimedBefore: new Date(Date.now() - STALE_CLAIM_MS),
      createdBefore: new Date(Date.now() - IDEMPOTENCY_RECORD_TTL_MS),
    });
    if (await claimIdempotencyKey(db, key, requestHash)) break;

    const existing = await findIdempotencyRecord(db, key);
    if (!existing) continue;
    if (existing.requestHash !== requestHash) {
      throw new AppError(
        "conflict",
        "This request was already made with different details. Start again to make a new one.",
      );
    }
    if (existing.responseStatus !== null) {
      // Stored below by this same operation (its key names the route), so it is its answer.
      return {
        status: existing.responseStatus as Status,
        body: existing.responseBody as Body,
      };
    }
    if (Date.now() > deadline) {
      throw new AppError("conflict", "The same request is still being processed. Please wait.");
    }
    await sleep(POLL_INTERVAL_MS);
  }

  try {
    const response = await operation();
    await storeIdempotentResponse(db, key, response);
    return response;
  } catch (error) {
    await releaseIdempotencyKey(db, key);
    throw error;
  }
}
