import { and, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { connectAccounts, creatorEarnings } from "../../db/schema/app";

export type RecordedEarning = Pick<
  typeof creatorEarnings.$inferSelect,
  | "userId"
  | "stripeInvoiceId"
  | "stripePaymentIntentId"
  | "grossAmountCents"
  | "platformFeeCents"
  | "netAmountCents"
>;

const recordedColumns = {
  userId: creatorEarnings.userId,
  stripeInvoiceId: creatorEarnings.stripeInvoiceId,
  stripePaymentIntentId: creatorEarnings.stripePaymentIntentId,
  grossAmountCents: creatorEarnings.grossAmountCents,
  platformFeeCents: creatorEarnings.platformFeeCents,
  netAmountCents: creatorEarnings.netAmountCents,
};

export async function findEarningsByInvoiceIds(db: Db, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return new Map<string, RecordedEarning>();
  const rows = await db
    .select(recordedColumns)
    .from(creatorEarnings)
    .where(inArray(creatorEarnings.stripeInvoiceId, invoiceIds));
  return new Map(rows.map((row) => [row.stripeInvoiceId, row]));
}

/** Payments we recorded as made since `since`, to find any Stripe doesn't know as paid. */
export function listEarningsSince(db: Db, since: Date) {
  return db
    .select(recordedColumns)
    .from(creatorEarnings)
    .where(gte(creatorEarnings.paymentDate, since));
}

export function listConnectedCreators(db: Db) {
  return db
    .select({ userId: connectAccounts.userId, stripeAccountId: connectAccounts.stripeAccountId })
    .from(connectAccounts)
    .where(and(eq(connectAccounts.chargesEnabled, true)));
}
