import type Stripe from "stripe";
import { paymentIntentIdOf } from "../../integrations/stripe/invoice-payment-intent";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { CANCELLATION_COMMENTS } from "./lifecycle-emails";

/**
 * A Stripe subscription whose metadata names an offering we no longer have: its creator deleted
 * their account while a customer was still paying (a browser confirming a card, a Checkout page
 * open, a start request in flight). Nothing may be charged for it without a record, so it is
 * cancelled at once and what it was paid is refunded.
 *
 * The marker is set on the subscription before it is cancelled, so that a crash between the
 * cancellation and the refunds, or a second event racing this one, still knows the refunds are
 * owed. A subscription that was recorded and then ended by the account deletion has no marker:
 * its payments were real, recorded earnings, and stay.
 */
const ORPHAN_MARKER = { key: "regulars_orphaned", value: "refund_paid_invoices" } as const;

/** What the customer is told: refunded, never charged, or (a recorded subscription) just closed. */
export type OrphanOutcome = "refunded" | "not_charged" | "closed";

const CLOSED = "This business is no longer accepting subscriptions.";
const MESSAGES: Record<OrphanOutcome, string> = {
  refunded: `${CLOSED} Your payment has been refunded.`,
  not_charged: `${CLOSED} You have not been charged.`,
  closed: CLOSED,
};

/** The 4xx finalize answers for an orphaned attempt, with the true half of the message. */
export function orphanedAttemptError(outcome: OrphanOutcome): AppError {
  return new AppError("conflict", MESSAGES[outcome]);
}

const ENDED = new Set<Stripe.Subscription.Status>(["canceled", "incomplete_expired"]);

interface OrphanDeps {
  stripe: Stripe;
  logger: Logger;
}

async function listPaidInvoices(stripe: Stripe, subscriptionId: string) {
  const paid: Stripe.Invoice[] = [];
  // `payments` is includable: absent unless expanded.
  for await (const invoice of stripe.invoices.list({
    subscription: subscriptionId,
    limit: 100,
    expand: ["data.payments"],
  })) {
    if (invoice.status === "paid" && invoice.amount_paid > 0) paid.push(invoice);
  }
  return paid;
}

async function cancelAtOnce(stripe: Stripe, subscriptionId: string) {
  try {
    await stripe.subscriptions.cancel(subscriptionId, {
      cancellation_details: { comment: CANCELLATION_COMMENTS.businessClosed },
    });
  } catch (error) {
    // Another event or request may have cancelled it a moment ago; anything else is real.
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    if (!ENDED.has(current.status)) throw error;
  }
}

/**
 * Refunds one paid invoice's payment in full. A destination charge also takes the transfer and
 * the platform fee back, so neither the creator nor we keep any of it. The key derives from the
 * invoice, and a charge already refunded is left alone, so repeats refund nothing twice.
 */
async function refundInvoicePayment(
  stripe: Stripe,
  invoice: Stripe.Invoice,
  subscriptionId: string,
): Promise<boolean> {
  const intentId = paymentIntentIdOf(invoice);
  if (!intentId) return false;
  const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
  const charge = intent.latest_charge;
  if (charge && typeof charge !== "string" && charge.refunded) return true;
  const isDestinationCharge = Boolean(intent.transfer_data?.destination);
  try {
    await stripe.refunds.create(
      {
        payment_intent: intentId,
        reason: "requested_by_customer",
        ...(isDestinationCharge
          ? {
              reverse_transfer: true,
              ...(intent.application_fee_amount ? { refund_application_fee: true } : {}),
            }
          : {}),
        metadata: {
          regulars_reason: "offering_deleted",
          regulars_subscription_id: subscriptionId,
          regulars_invoice_id: invoice.id!,
        },
      },
      { idempotencyKey: `orphan-refund-${invoice.id}` },
    );
  } catch (error) {
    if ((error as { code?: string }).code === "charge_already_refunded") return true;
    throw error;
  }
  return true;
}

/**
 * Ends an orphaned subscription: a live one is marked and cancelled at once, and every paid
 * invoice of a marked one is refunded. Idempotent: webhooks, finalize and the account deletion
 * may all call it for the same subscription, in any order and in parallel.
 */
export async function settleOrphanSubscription(
  deps: OrphanDeps,
  subscription: Stripe.Subscription,
): Promise<OrphanOutcome> {
  let isMarked = subscription.metadata[ORPHAN_MARKER.key] === ORPHAN_MARKER.value;
  if (!ENDED.has(subscription.status)) {
    if (!isMarked) {
      await deps.stripe.subscriptions.update(
        subscription.id,
        { metadata: { [ORPHAN_MARKER.key]: ORPHAN_MARKER.value } },
        { idempotencyKey: `orphan-mark-${subscription.id}` },
      );
      isMarked = true;
    }
    await cancelAtOnce(deps.stripe, subscription.id);
    deps.logger.warn(
      { subscriptionId: subscription.id, status: subscription.status },
      "cancelled a subscription whose offering no longer exists",
    );
  }
  const paid = await listPaidInvoices(deps.stripe, subscription.id);
  if (!isMarked) return paid.length > 0 ? "closed" : "not_charged";
  let hasRefunded = false;
  for (const invoice of paid) {
    if (await refundInvoicePayment(deps.stripe, invoice, subscription.id)) hasRefunded = true;
  }
  return hasRefunded ? "refunded" : "not_charged";
}
