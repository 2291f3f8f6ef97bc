import { randomUUID } from "node:crypto";
import type { Cadence } from "../../contracts/cadence";
import { splitPlatformFee } from "../../contracts/money";
import type { Offering } from "../../contracts/offerings";
import type { Db } from "../../server/db/client";
import type { EarningKind, SubscriberStatus } from "../../server/db/schema/app";
import {
  insertEarningOnce,
  insertSubscriberOnce,
} from "../../server/modules/billing/billing-repository";

/**
 * Rows at dates of the test's choosing, for figures that depend on when things happened (the
 * HTTP path always records "now"). They go through the billing repository, the same inserts
 * the Stripe sync uses.
 */
export async function insertDatedSubscriber(
  db: Db,
  offering: Pick<Offering, "id">,
  overrides: {
    createdAt: Date;
    priceCents?: number;
    /** How often priceCents is charged; monthly when not given, as the column defaults. */
    cadence?: Cadence;
    status?: SubscriberStatus;
    /** Required with status cancelled. */
    cancelledAt?: Date;
    name?: string;
    /** The free trial's end: no revenue before it. */
    trialEndsAt?: Date;
    /** A promo code's discount (one of the two) on each charge, until discountEndsAt. */
    discountPercentOff?: number;
    discountAmountOffCents?: number;
    /** Not given with a discount: forever. */
    discountEndsAt?: Date;
  },
) {
  const status = overrides.status ?? (overrides.cancelledAt ? "cancelled" : "active");
  const row = await insertSubscriberOnce(db, {
    offeringId: offering.id,
    name: overrides.name ?? "Dated Subscriber",
    email: `dated-${randomUUID()}@example.com`,
    paymentStatus: status,
    priceCents: overrides.priceCents ?? 2500,
    cadence: overrides.cadence ?? "month",
    createdAt: overrides.createdAt,
    cancelledAt: overrides.cancelledAt ?? null,
    trialEndsAt: overrides.trialEndsAt ?? null,
    discountPercentOff: overrides.discountPercentOff ?? null,
    discountAmountOffCents: overrides.discountAmountOffCents ?? null,
    discountEndsAt: overrides.discountEndsAt ?? null,
  });
  if (!row) throw new Error("insertDatedSubscriber: not inserted");
  return row;
}

/**
 * One creator_earnings row (and its monthly rollup): a payment, or an adjustment to one (a
 * negative refund or dispute row, a positive dispute_won, a zero dispute_lost), as the refund
 * and dispute webhooks record them. The fee defaults to 15% of the gross, with its sign.
 */
export async function insertDatedEarning(
  db: Db,
  subscriber: { id: string; offeringId: string },
  overrides: {
    userId: string;
    paidAt: Date;
    grossCents: number;
    feeCents?: number;
    kind?: EarningKind;
  },
) {
  const split = splitPlatformFee(Math.abs(overrides.grossCents), 15);
  const feeCents = overrides.feeCents ?? Math.sign(overrides.grossCents) * split.feeCents;
  const kind = overrides.kind ?? "payment";
  const isInserted = await insertEarningOnce(db, {
    userId: overrides.userId,
    offeringId: subscriber.offeringId,
    subscriberId: subscriber.id,
    kind,
    grossAmountCents: overrides.grossCents,
    platformFeePercent: 15,
    platformFeeCents: feeCents,
    netAmountCents: overrides.grossCents - feeCents,
    stripeInvoiceId: `in_dated_${randomUUID()}`,
    stripeSourceId: kind === "payment" ? null : `src_dated_${randomUUID()}:${kind}`,
    paymentDate: overrides.paidAt,
  });
  if (!isInserted) throw new Error("insertDatedEarning: not inserted");
}
