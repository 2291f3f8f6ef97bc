import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { creatorEarnings, offerings, subscribers } from "../../db/schema/app";

// Drizzle leaves a column unqualified in a one-table select, which inside these subqueries
// would name adj's own column: the outer row is written out in full.
// Adjustments (refunds, disputes) are rows of their own carrying their payment's invoice id;
// these read a payment together with what has happened to it since. Scoped by the creator
// wherever a creator asks.

const adjusted = (kind: string) =>
  sql<number>`coalesce((select -sum(adj.gross_amount_cents) from creator_earnings adj where adj.stripe_invoice_id = "creator_earnings"."stripe_invoice_id" and adj.kind = ${kind}), 0)::int`;
const hasAdjustment = (kind: string) =>
  sql<boolean>`exists (select 1 from creator_earnings adj where adj.stripe_invoice_id = "creator_earnings"."stripe_invoice_id" and adj.kind = ${kind})`;

const paymentColumns = {
  id: creatorEarnings.id,
  userId: creatorEarnings.userId,
  subscriberId: creatorEarnings.subscriberId,
  offeringId: creatorEarnings.offeringId,
  paidAt: creatorEarnings.paymentDate,
  amountCents: creatorEarnings.grossAmountCents,
  feePercent: creatorEarnings.platformFeePercent,
  feeCents: creatorEarnings.platformFeeCents,
  netCents: creatorEarnings.netAmountCents,
  stripeInvoiceId: creatorEarnings.stripeInvoiceId,
  stripePaymentIntentId: creatorEarnings.stripePaymentIntentId,
  refundedCents: adjusted("refund"),
  refundedFeeCents: sql<number>`coalesce((select -sum(adj.platform_fee_cents) from creator_earnings adj where adj.stripe_invoice_id = "creator_earnings"."stripe_invoice_id" and adj.kind = 'refund'), 0)::int`,
  disputedCents: adjusted("dispute"),
  isDisputeWon: hasAdjustment("dispute_won"),
  isDisputeLost: hasAdjustment("dispute_lost"),
};
export type PaymentWithAdjustments = Awaited<
  ReturnType<typeof listPaymentsWithAdjustments>
>[number];

/** A subscriber's payments (never the adjustment rows), newest first, each with its adjustments. */
export function listPaymentsWithAdjustments(db: Db, userId: string, subscriberId: string) {
  return db
    .select(paymentColumns)
    .from(creatorEarnings)
    .where(
      and(
        eq(creatorEarnings.userId, userId),
        eq(creatorEarnings.subscriberId, subscriberId),
        eq(creatorEarnings.kind, "payment"),
      ),
    )
    .orderBy(
      desc(creatorEarnings.paymentDate),
      desc(creatorEarnings.createdAt),
      desc(creatorEarnings.id),
    );
}

/** One payment of one of the creator's subscribers, or null (someone else's reads as absent). */
export async function findPaymentOfCreator(
  db: Db,
  userId: string,
  subscriberId: string,
  earningId: string,
) {
  const [row] = await db
    .select(paymentColumns)
    .from(creatorEarnings)
    .where(
      and(
        eq(creatorEarnings.id, earningId),
        eq(creatorEarnings.userId, userId),
        eq(creatorEarnings.subscriberId, subscriberId),
        eq(creatorEarnings.kind, "payment"),
      ),
    );
  return row ?? null;
}

/**
 * The payment a Stripe charge paid, locked until the transaction ends so the route and the
 * webhook recording the same refund take turns (the fee share depends on earlier refunds).
 */
export async function lockPaymentByPaymentIntent(db: Db, paymentIntentId: string) {
  const [locked] = await db
    .select({ id: creatorEarnings.id })
    .from(creatorEarnings)
    .where(
      and(
        eq(creatorEarnings.stripePaymentIntentId, paymentIntentId),
        eq(creatorEarnings.kind, "payment"),
      ),
    )
    .for("update");
  if (!locked) return null;
  const [row] = await db
    .select({
      ...paymentColumns,
      subscriberName: subscribers.name,
      subscriberEmail: subscribers.email,
      offeringTitle: offerings.title,
      creatorName: offerings.creatorName,
    })
    .from(creatorEarnings)
    .innerJoin(subscribers, eq(subscribers.id, creatorEarnings.subscriberId))
    .innerJoin(offerings, eq(offerings.id, creatorEarnings.offeringId))
    .where(eq(creatorEarnings.id, locked.id));
  return row ?? null;
}
export type LockedPayment = NonNullable<Awaited<ReturnType<typeof lockPaymentByPaymentIntent>>>;
