import type Stripe from "stripe";
import { formatCents } from "../../../contracts/money";
import type { RefundPaymentResult, SubscriberPayment } from "../../../contracts/subscribers";
import type { EarningKind } from "../../db/schema/app";
import { renderPaymentRefundedEmail } from "../../integrations/email/templates/payment-refunded";
import { AppError } from "../../lib/errors";
import { stripeIdempotencyKey } from "../../lib/idempotency";
import { insertEarningOnce } from "../billing/billing-repository";
import { type BillingDeps, syncStripeSubscription } from "../billing/billing-sync";
import {
  findPaymentOfCreator,
  type LockedPayment,
  lockPaymentByPaymentIntent,
  type PaymentWithAdjustments,
} from "./refund-repository";

export const PAYMENT_NOT_FOUND = "That payment was not found.";

/** Stripe's refund states that move money back to the customer (failed/canceled ones don't). */
const MONEY_RETURNED = new Set(["succeeded", "pending", "requires_action"]);

export function toSubscriberPayment(row: PaymentWithAdjustments): SubscriberPayment {
  const dispute = row.isDisputeWon
    ? "won"
    : row.isDisputeLost
      ? "lost"
      : row.disputedCents > 0
        ? "disputed"
        : "none";
  const remaining = row.amountCents - row.refundedCents;
  return {
    id: row.id,
    paidAt: row.paidAt.toISOString(),
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    netCents: row.netCents,
    status: "paid",
    refundedCents: row.refundedCents,
    disputedCents: dispute === "won" ? 0 : row.disputedCents,
    dispute,
    canRefund: remaining > 0 && dispute === "none" && row.stripePaymentIntentId !== null,
  };
}

/** The platform's share of a refund, in proportion, never more than is left of the fee. */
function feeShare(payment: LockedPayment, amountCents: number): number {
  if (payment.amountCents === 0) return 0;
  const share = Math.round((payment.feeCents * amountCents) / payment.amountCents);
  return Math.min(share, payment.feeCents - payment.refundedFeeCents);
}

async function insertAdjustment(
  tx: BillingDeps["db"],
  payment: LockedPayment,
  input: { kind: EarningKind; sourceId: string; grossCents: number; feeCents: number; at: Date },
) {
  return insertEarningOnce(tx, {
    userId: payment.userId,
    offeringId: payment.offeringId,
    subscriberId: payment.subscriberId,
    kind: input.kind,
    grossAmountCents: input.grossCents,
    platformFeePercent: payment.feePercent,
    platformFeeCents: input.feeCents,
    netAmountCents: input.grossCents - input.feeCents,
    stripeInvoiceId: payment.stripeInvoiceId,
    stripePaymentIntentId: payment.stripePaymentIntentId,
    stripeSourceId: `${input.sourceId}:${input.kind}`,
    paymentDate: input.at,
  });
}

/**
 * Records every refund Stripe has for a payment intent as a negative earnings row (one per
 * refund id, so the route, the webhook and repeats of either write it once) and enqueues the
 * customer's refund e-mail with it. Re-fetches from Stripe: the event is only a pointer.
 */
export async function recordRefundsOfPaymentIntent(
  deps: BillingDeps,
  paymentIntentId: string,
): Promise<boolean> {
  const refunds = await deps.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 });
  const returned = refunds.data
    .filter((refund) => MONEY_RETURNED.has(refund.status ?? ""))
    .sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
  return deps.db.transaction(async (tx) => {
    const payment = await lockPaymentByPaymentIntent(tx, paymentIntentId);
    if (!payment) return false;
    for (const refund of returned) {
      const current = await lockPaymentByPaymentIntent(tx, paymentIntentId);
      if (!current) return false;
      const refundedAt = new Date(refund.created * 1000);
      const isNew = await insertAdjustment(tx, current, {
        kind: "refund",
        sourceId: refund.id,
        grossCents: -refund.amount,
        feeCents: -feeShare(current, refund.amount),
        at: refundedAt,
      });
      if (!isNew) continue;
      await deps.mailer.enqueue(tx, {
        kind: "payment_refunded",
        dedupeKey: `refund:${refund.id}`,
        userId: current.userId,
        subscriberId: current.subscriberId,
        ...(await renderPaymentRefundedEmail({
          to: current.subscriberEmail,
          subscriberName: current.subscriberName,
          offeringTitle: current.offeringTitle,
          creatorName: current.creatorName,
          refundCents: refund.amount,
          paymentCents: current.amountCents,
          paidAt: current.paidAt,
          refundedAt,
        })),
      });
    }
    return true;
  });
}

function chargeOf(intent: Stripe.PaymentIntent): Stripe.Charge | null {
  const charge = intent.latest_charge;
  return charge && typeof charge !== "string" ? charge : null;
}

/**
 * The creator refunds (part of) one payment. The payment must be theirs (404 otherwise),
 * have gone through, not be disputed, and have at least `amountCents` left to refund, counted
 * from our rows and from Stripe's charge both. The destination charge's transfer is reversed
 * and the platform fee refunded in proportion. `requestKey` makes a retried request one refund
 * at Stripe too. No transaction is open during the Stripe calls.
 */
export async function refundPayment(
  deps: BillingDeps,
  input: {
    userId: string;
    subscriberId: string;
    earningId: string;
    amountCents: number;
    requestKey: string;
  },
): Promise<RefundPaymentResult> {
  const payment = await findPaymentOfCreator(
    deps.db,
    input.userId,
    input.subscriberId,
    input.earningId,
  );
  if (!payment) throw new AppError("not_found", PAYMENT_NOT_FOUND);
  const paymentIntentId = payment.stripePaymentIntentId;
  if (!paymentIntentId) {
    throw new AppError(
      "conflict",
      "This payment was not made through Stripe, so it can't be refunded here.",
    );
  }
  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.stripe.paymentIntents.retrieve(paymentIntentId, {
      expand: ["latest_charge"],
    });
  } catch (error) {
    throw new AppError(
      "payment_provider_error",
      "Stripe could not be reached to check this payment. Nothing was refunded; please try again.",
      { cause: error },
    );
  }
  const charge = chargeOf(intent);
  if (intent.status !== "succeeded" || !charge || charge.status !== "succeeded") {
    throw new AppError(
      "conflict",
      `This payment has not gone through yet (Stripe says "${charge?.status ?? intent.status}"). It can be refunded once it has succeeded.`,
    );
  }
  if (charge.disputed || payment.disputedCents > 0) {
    throw new AppError(
      "conflict",
      "This payment is disputed by the customer's bank, so it can't be refunded. The dispute decides where the money goes.",
    );
  }
  const remaining = Math.min(
    payment.amountCents - payment.refundedCents,
    charge.amount - charge.amount_refunded,
  );
  if (remaining <= 0) {
    throw new AppError("conflict", "This payment has already been refunded in full.");
  }
  if (input.amountCents > remaining) {
    throw new AppError(
      "validation_failed",
      `At most ${formatCents(remaining)} of this payment can still be refunded; ${formatCents(input.amountCents)} is more than that.`,
    );
  }
  let refund: Stripe.Refund;
  try {
    refund = await deps.stripe.refunds.create(
      {
        payment_intent: paymentIntentId,
        amount: input.amountCents,
        reverse_transfer: true,
        refund_application_fee: true,
        reason: "requested_by_customer",
        // The payment names its subscriber. Not the subscriber's id: a link made before manage
        // keys has the id as its key (ADR 022), and Stripe's dashboard and webhooks show this.
        metadata: { regulars_earning_id: payment.id },
      },
      {
        idempotencyKey: stripeIdempotencyKey(input.requestKey, {
          earningId: input.earningId,
          amountCents: input.amountCents,
        }),
      },
    );
  } catch (error) {
    throw new AppError(
      "payment_provider_error",
      "Stripe could not make this refund right now. Nothing was refunded; please try again.",
      { cause: error },
    );
  }
  try {
    // The webhook's own idempotent write, now, so the creator sees it before the event comes.
    await recordRefundsOfPaymentIntent(deps, paymentIntentId);
  } catch (error) {
    deps.logger.warn({ err: error }, "recording a refund failed; the charge.refunded webhook will");
  }
  const updated = await findPaymentOfCreator(
    deps.db,
    input.userId,
    input.subscriberId,
    input.earningId,
  );
  return {
    refund: { id: refund.id, amountCents: refund.amount },
    payment: toSubscriberPayment(updated ?? payment),
  };
}

/**
 * A dispute of one of our payments, re-fetched from Stripe: the withdrawn amount is a negative
 * 'dispute' row (the platform's fee on it given up in proportion, as for a refund); a won
 * dispute adds a 'dispute_won' row reinstating exactly that, a lost one a zero 'dispute_lost'
 * marker. Each row once per dispute, whatever order and however often the events come.
 */
export async function recordDispute(deps: BillingDeps, disputeId: string): Promise<boolean> {
  const dispute = await deps.stripe.disputes.retrieve(disputeId);
  const intent = dispute.payment_intent;
  if (!intent) return false;
  const paymentIntentId = typeof intent === "string" ? intent : intent.id;
  if (await recordDisputeRows(deps, dispute, paymentIntentId)) return true;
  // Events come in any order: the dispute can arrive before the invoice.paid that records its
  // payment. Record the customer's subscriptions from Stripe first, then the dispute.
  const paymentIntent = await deps.stripe.paymentIntents.retrieve(paymentIntentId);
  const customer = paymentIntent.customer;
  if (!customer) return false;
  const subscriptions = await deps.stripe.subscriptions.list({
    customer: typeof customer === "string" ? customer : customer.id,
    status: "all",
    limit: 10,
  });
  for (const subscription of subscriptions.data) {
    await syncStripeSubscription(deps, subscription.id);
  }
  return recordDisputeRows(deps, dispute, paymentIntentId);
}

function recordDisputeRows(deps: BillingDeps, dispute: Stripe.Dispute, paymentIntentId: string) {
  return deps.db.transaction(async (tx) => {
    const payment = await lockPaymentByPaymentIntent(tx, paymentIntentId);
    if (!payment) return false;
    const at = new Date(dispute.created * 1000);
    const withdrawn = {
      grossCents: -dispute.amount,
      feeCents: -feeShare(payment, dispute.amount),
    };
    await insertAdjustment(tx, payment, {
      kind: "dispute",
      sourceId: dispute.id,
      ...withdrawn,
      at,
    });
    if (dispute.status === "won") {
      await insertAdjustment(tx, payment, {
        kind: "dispute_won",
        sourceId: dispute.id,
        grossCents: -withdrawn.grossCents,
        feeCents: -withdrawn.feeCents,
        at: new Date(),
      });
    } else if (dispute.status === "lost") {
      await insertAdjustment(tx, payment, {
        kind: "dispute_lost",
        sourceId: dispute.id,
        grossCents: 0,
        feeCents: 0,
        at: new Date(),
      });
    }
    return true;
  });
}
