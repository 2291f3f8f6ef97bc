import type Stripe from "stripe";
import { cadenceOfRecurring } from "../../../contracts/cadence";
import { sanitizeExternalText } from "../../../contracts/text";
import type { Db } from "../../db/client";
import type { Mailer } from "../../integrations/email/mailer";
import type { JobQueue } from "../../integrations/jobs/job-queue";
import type { BillingClock } from "../../integrations/stripe/billing-clock";
import { paymentIntentIdOf } from "../../integrations/stripe/invoice-payment-intent";
import type { Logger } from "../../lib/logger";
import { renderClosingNotice } from "../closed-subscriptions/closing-notice";
import { findOfferingById, type OfferingRow } from "../offerings/offering-repository";
import { findPromoCodeById } from "../promotions/promotion-repository";
import { offerSeats } from "../seats/seat-offers";
import { releaseSignup } from "../seats/signup-repository";
import { recordServiceDetails } from "../seats/signup-sync";
import {
  findCreatorContact,
  findSubscriberByStripeSubscriptionId,
  insertEarningOnce,
  insertSubscriberOnce,
  recordDiscountEnd,
  updateSubscriberStatus,
  upsertPaymentSubscription,
} from "./billing-repository";
import { controlEmails } from "./control-emails";
import { feesOfNewPayments } from "./invoice-fees";
import {
  cancelledByOf,
  cardOf,
  type FailedAttempt,
  isEndedByAccountDeletion,
  lifecycleEmails,
} from "./lifecycle-emails";
import { type OrphanOutcome, settleOrphanSubscription } from "./orphan-subscription";
import { subscriberStatusFor } from "./subscriber-status";
import { lockPaymentSubscription } from "./subscription-change-repository";
import {
  type ChangeContext,
  recordCancelSchedule,
  recordPause,
  recordSwitch,
} from "./subscription-changes";
import { isUuid, SUBSCRIPTION_METADATA } from "./subscription-metadata";
import { claimSyncWrite, takeSyncTicket } from "./sync-order-repository";
import { MAX_SYNC_READS, syncTurnsOf } from "./sync-turns";
import { recordTrialGrant } from "./trial-grant-repository";

export interface BillingDeps {
  db: Db;
  stripe: Stripe;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** Billing's time: the emulator's clock in emulator mode (a waitlist hold's 48 hours). */
  clock: BillingClock;
  /** The job queue, where a caller queues follow-up work (a plan change's re-pricing). */
  queue?: JobQueue;
}

export interface SyncResult {
  subscriberId: string | null;
  stripeStatus: Stripe.Subscription.Status;
  offering: OfferingRow | null;
  /** Set when the subscription names an offering that no longer exists; see orphan-subscription. */
  orphan?: OrphanOutcome | null;
}

function periodOf(subscription: Stripe.Subscription) {
  // Basil moved the period onto the subscription items.
  const item = subscription.items.data[0];
  return {
    start: item ? new Date(item.current_period_start * 1000) : null,
    end: item ? new Date(item.current_period_end * 1000) : null,
  };
}

async function listPaidInvoices(stripe: Stripe, subscriptionId: string) {
  // `payments` is includable: absent unless expanded (on Stripe too).
  const invoices = await stripe.invoices.list({
    subscription: subscriptionId,
    limit: 100,
    expand: ["data.payments"],
  });
  // A free offering's $0 invoice is paid at once: it makes a subscriber, not an earning.
  return invoices.data.filter((invoice) => invoice.status === "paid");
}

/** What a promo code took off an invoice. */
function discountCentsOf(invoice: Stripe.Invoice): number {
  return (invoice.total_discount_amounts ?? []).reduce((sum, discount) => sum + discount.amount, 0);
}

/**
 * A free offering's and a trial's $0 invoice billed nothing: no earning. A charge a code took
 * to $0 is a payment of $0, so what the code cost is on the books.
 */
function isEarning(invoice: Stripe.Invoice): boolean {
  return invoice.amount_paid > 0 || discountCentsOf(invoice) > 0;
}

/**
 * The end of something Stripe times (a trial, a discount) as our rows keep it: Stripe's date
 * while it runs, and once Stripe says it is over, no later than when we learnt so. Monthly
 * revenue compares these with our own clock, which a test clock can run ahead of.
 */
function observedEnd(end: Date | null, isOver: boolean, now = new Date()): Date | null {
  if (!isOver) return end;
  return end && end < now ? end : now;
}

function trialEndOf(subscription: Stripe.Subscription): Date | null {
  if (!subscription.trial_end) return null;
  const end = new Date(subscription.trial_end * 1000);
  return observedEnd(end, subscription.status !== "trialing");
}

/**
 * A trial whose card isn't confirmed yet (3-D Secure pending, or abandoned): nobody has
 * subscribed until it is. Stripe cancels it at the trial's end, as it has no card to charge.
 */
function awaitsCardSetup(subscription: Stripe.Subscription): boolean {
  return subscription.status === "trialing" && subscription.pending_setup_intent !== null;
}

function cardFingerprintOf(subscription: Stripe.Subscription): string | null {
  const method = subscription.default_payment_method;
  return method && typeof method !== "string" ? (method.card?.fingerprint ?? null) : null;
}

/**
 * One trial per customer per business (ADR 032). Sign-up refuses a known e-mail or card; a
 * second trial that got through anyway (two sign-ups at once) ends now, so its first charge
 * is made today, as it would have been without a trial.
 */
async function enforceOneTrial(
  deps: BillingDeps,
  offering: OfferingRow,
  subscription: Stripe.Subscription,
): Promise<Stripe.Subscription> {
  if (subscription.status !== "trialing" || awaitsCardSetup(subscription)) return subscription;
  const claimant = {
    userId: offering.userId,
    email: customerDetails(subscription).email,
    cardFingerprint: cardFingerprintOf(subscription),
  };
  const verdict = await deps.db.transaction((tx) =>
    recordTrialGrant(tx, claimant, subscription.id),
  );
  if (verdict === "first") return subscription;
  deps.logger.warn(
    { stripeSubscriptionId: subscription.id },
    "a second free trial for the same customer: ending it now",
  );
  return deps.stripe.subscriptions.update(
    subscription.id,
    { trial_end: "now", expand: ["customer", "default_payment_method", "discounts"] },
    { idempotencyKey: `${subscription.id}-end-repeat-trial` },
  );
}

/**
 * The subscriber's discount, from the code they signed up with (its facts are ours and never
 * change), ending when Stripe's does: a repeating one at Stripe's end, a forever one never,
 * and any at once when Stripe no longer has it on the subscription (a first-charge-only one
 * after that charge: it never counts in monthly revenue). Null when they used no code.
 */
async function discountOf(
  deps: BillingDeps,
  subscription: Stripe.Subscription,
  offering: OfferingRow,
) {
  const promoCodeId = subscription.metadata[SUBSCRIPTION_METADATA.promoCodeId];
  const code = isUuid(promoCodeId) ? await findPromoCodeById(deps.db, promoCodeId) : null;
  if (!code || code.userId !== offering.userId) return null;
  const stripeDiscount = subscription.discounts.find(
    (discount): discount is Stripe.Discount =>
      typeof discount !== "string" && discount.coupon.id === code.stripeCouponId,
  );
  const stripeEnd = stripeDiscount?.end ? new Date(stripeDiscount.end * 1000) : null;
  const isOver = stripeDiscount === undefined;
  const endsAt =
    code.duration === "forever" && !isOver
      ? null
      : observedEnd(stripeEnd ?? trialEndOf(subscription) ?? periodOf(subscription).end, isOver);
  return {
    promoCodeId: code.id,
    discountPercentOff: code.percentOff,
    discountAmountOffCents: code.amountOffCents,
    discountEndsAt: endsAt,
  };
}

/** What an upgrade charged at once: the latest invoice, when a switch made it. */
function amountChargedBySwitch(subscription: Stripe.Subscription, paid: Stripe.Invoice[]): number {
  const latest = paid.find((invoice) => invoice.id === subscription.latest_invoice);
  return latest?.billing_reason === "subscription_update" ? latest.amount_paid : 0;
}

/** When Stripe says the subscription ended; canceled_at is when it was asked to, a fallback. */
function endedAtOf(subscription: Stripe.Subscription): Date | null {
  const seconds = subscription.ended_at ?? subscription.canceled_at;
  return seconds ? new Date(seconds * 1000) : null;
}

function customerDetails(subscription: Stripe.Subscription) {
  const customer = typeof subscription.customer === "string" ? null : subscription.customer;
  const liveCustomer = customer && !("deleted" in customer && customer.deleted) ? customer : null;
  const email =
    liveCustomer?.email ?? subscription.metadata[SUBSCRIPTION_METADATA.subscriberEmail] ?? "";
  const name =
    subscription.metadata[SUBSCRIPTION_METADATA.subscriberName] ??
    liveCustomer?.name ??
    email.split("@")[0] ??
    "Subscriber";
  // Stripe hands back whatever was written there (hosted Checkout's form, metadata from before
  // our text rules): clean it so a NUL can't make every webhook of this subscription fail.
  return {
    customerId:
      typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    email: sanitizeExternalText(email, 254),
    name: sanitizeExternalText(name, 120) || "Subscriber",
  };
}

interface SyncOptions {
  /** From an invoice.payment_failed event: each attempt is a fact of its own to tell. */
  failedAttempt?: FailedAttempt;
  /** From a trial_will_end event: remind the subscriber of the first charge. */
  trialWillEnd?: boolean;
}

/** A read of Stripe that a newer one may have overtaken: read again rather than write it. */
class OvertakenReadError extends Error {}

/**
 * Brings our rows in line with Stripe's current state of one subscription. Webhooks and the
 * subscribe flow both call it; it re-fetches from Stripe, so events may come in any order,
 * in parallel and more than once, and it can reconcile a payment whose request died. Two syncs
 * that overlap read Stripe at different moments: the later writer reads again unless its read
 * began after the other's had arrived, so an older state never overwrites a newer one (a
 * cancellation undone in our rows, and "resumed" e-mailed, by a read from just before it).
 */
export async function syncStripeSubscription(
  deps: BillingDeps,
  stripeSubscriptionId: string,
  options: SyncOptions = {},
): Promise<SyncResult> {
  // A sync that tells no fact of its own (a failed attempt, a trial's end) may share one still
  // waiting: a burst of webhooks (and the customer's finalize among them) costs one read more,
  // not one each, and a caller waits behind at most one sync, even when Stripe is slow to answer.
  const shared = !options.failedAttempt && !options.trialWillEnd;
  return syncTurnsOf(deps.db)(
    stripeSubscriptionId,
    async () => {
      for (let read = 1; ; read += 1) {
        try {
          return await syncFromOneRead(deps, stripeSubscriptionId, options);
        } catch (error) {
          if (!(error instanceof OvertakenReadError) || read >= MAX_SYNC_READS) throw error;
        }
      }
    },
    { shared },
  );
}

async function syncFromOneRead(
  deps: BillingDeps,
  stripeSubscriptionId: string,
  options: SyncOptions,
): Promise<SyncResult> {
  const readStart = await takeSyncTicket(deps.db, stripeSubscriptionId);
  let subscription: Stripe.Subscription = await deps.stripe.subscriptions.retrieve(
    stripeSubscriptionId,
    {
      expand: ["customer", "default_payment_method", "discounts"],
    },
  );
  // Metadata is ours, but anything that isn't a UUID can't name an offering (and would be a
  // database error on every retry of the webhook): it is not one of our subscriptions.
  const metadataOfferingId = subscription.metadata[SUBSCRIPTION_METADATA.offeringId];
  const offeringId = isUuid(metadataOfferingId) ? metadataOfferingId : undefined;
  const offering = offeringId ? await findOfferingById(deps.db, offeringId) : null;
  if (!offering) {
    // Its creator deleted the account: nothing is charged without a record (refund + cancel).
    const orphan = offeringId ? await settleOrphanSubscription(deps, subscription) : null;
    return { subscriberId: null, stripeStatus: subscription.status, offering: null, orphan };
  }
  subscription = await enforceOneTrial(deps, offering, subscription);
  const status = subscriberStatusFor(subscription.status);
  const paidInvoices = status ? await listPaidInvoices(deps.stripe, subscription.id) : [];
  const fees = await feesOfNewPayments(deps, offering.userId, paidInvoices.filter(isEarning));
  const { customerId, email, name } = customerDetails(subscription);
  const period = periodOf(subscription);
  const discount = await discountOf(deps, subscription, offering);
  // An ended subscription may free a seat for the waitlist, on the billing clock's time.
  const freesSeat =
    offering.capacity !== null &&
    (subscription.status === "canceled" || subscription.status === "incomplete_expired");
  const seatTime = freesSeat ? await deps.clock.now() : null;

  const subscriberId = await deps.db.transaction(async (tx) => {
    if (!(await claimSyncWrite(tx, stripeSubscriptionId, readStart))) {
      throw new OvertakenReadError();
    }
    let subscriber = await findSubscriberByStripeSubscriptionId(tx, subscription.id);
    let isNewSubscriber = false;
    if (!subscriber) {
      // Nobody paid yet (or the attempt expired): there is no subscriber to record.
      if (status === null || paidInvoices.length === 0 || awaitsCardSetup(subscription)) {
        // An attempt that expired (3-D Secure never completed) gives its held seat back.
        if (status === "cancelled") {
          const released = await releaseSignup(tx, { stripeSubscriptionId: subscription.id });
          if (released && seatTime) await offerSeats(tx, deps, offering.id, seatTime);
        }
        return null;
      }
      const inserted = await insertSubscriberOnce(tx, {
        offeringId: offering.id,
        userId: offering.userId,
        name,
        email,
        paymentStatus: status,
        priceCents: subscription.items.data[0]?.price.unit_amount ?? offering.priceCents,
        cadence:
          cadenceOfRecurring(subscription.items.data[0]?.price.recurring) ?? offering.cadence,
        stripeCustomerId: customerId,
        stripeSubscriptionId: subscription.id,
        trialEndsAt: trialEndOf(subscription),
        ...discount,
      });
      isNewSubscriber = inserted !== null;
      if (inserted) {
        await recordServiceDetails(tx, offering, subscription, inserted.id);
        if (status === "cancelled" && seatTime) await offerSeats(tx, deps, offering.id, seatTime);
      }
      subscriber = inserted ?? (await findSubscriberByStripeSubscriptionId(tx, subscription.id));
      if (!subscriber) return null;
    } else if (status) {
      await updateSubscriberStatus(
        tx,
        subscriber.id,
        status,
        endedAtOf(subscription),
        trialEndOf(subscription),
      );
      // Only ever earlier: an end already recorded stays (a later sync must not move it on).
      if (discount) await recordDiscountEnd(tx, subscriber.id, discount.discountEndsAt);
      // Offering nothing when nothing freed: cheap to repeat on every sync of an ended one.
      if (status === "cancelled" && seatTime) await offerSeats(tx, deps, offering.id, seatTime);
    }
    const emails = lifecycleEmails({
      tx,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      offering,
      subscriber,
    });
    if (isNewSubscriber) await emails.welcome(subscription.id);
    const before = await lockPaymentSubscription(tx, subscription.id);
    await upsertPaymentSubscription(tx, {
      offeringId: offering.id,
      subscriberId: subscriber.id,
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: customerId,
      status: subscription.status,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    });
    for (const invoice of paidInvoices) {
      const discountCents = discountCentsOf(invoice);
      // Not an earning, or recorded by an earlier sync: nothing new to write or say.
      const fee = fees.get(invoice.id!);
      if (!fee) continue;
      const paidAt = new Date((invoice.status_transitions?.paid_at ?? invoice.created) * 1000);
      const isNewPayment = await insertEarningOnce(tx, {
        userId: offering.userId,
        offeringId: offering.id,
        subscriberId: subscriber.id,
        grossAmountCents: invoice.amount_paid,
        platformFeePercent: fee.feePercent,
        platformFeeCents: fee.feeCents,
        netAmountCents: invoice.amount_paid - fee.feeCents,
        plan: fee.plan,
        discountCents,
        stripeInvoiceId: invoice.id!,
        stripePaymentIntentId: paymentIntentIdOf(invoice),
        paymentDate: paidAt,
      });
      if (isNewPayment) {
        await emails.receipt(
          { id: invoice.id!, amountPaidCents: invoice.amount_paid, discountCents, paidAt },
          cardOf(subscription),
        );
      }
    }
    if (options.failedAttempt) await emails.paymentFailed(options.failedAttempt);
    const trialEnd = trialEndOf(subscription);
    // Only a trial still running: one ended early, or cancelled, has no charge coming.
    if (options.trialWillEnd && subscription.status === "trialing" && trialEnd) {
      if (!subscription.cancel_at_period_end) await emails.trialEnding(subscription.id, trialEnd);
    }
    const isClosing = isEndedByAccountDeletion(subscription);
    const changes: ChangeContext = {
      tx,
      subscription,
      subscriber,
      offering,
      emails: controlEmails({
        tx,
        mailer: deps.mailer,
        publicUrl: deps.publicUrl,
        offering,
        subscriber,
      }),
      wasSetToEnd: before?.cancelAtPeriodEnd ?? null,
    };
    const by = cancelledByOf(subscription);
    if (!isClosing) await recordCancelSchedule(changes, by === "creator" ? "creator" : "customer");
    await recordPause(changes);
    await recordSwitch(changes, amountChargedBySwitch(subscription, paidInvoices));
    const hasEnded = subscription.status === "canceled" || subscription.cancel_at_period_end;
    if (hasEnded && isClosing) {
      // Ended by the account's deletion, before its rows are gone: the subscriber hears why
      // (the deletion writes the same message, under the same key), never "You cancelled".
      const contact = await findCreatorContact(tx, offering.userId);
      const notice = await renderClosingNotice(
        {
          subscriberId: subscriber.id,
          name: subscriber.name,
          email: subscriber.email,
          offeringTitle: offering.title,
          businessName: offering.creatorName || contact?.businessName || "The business",
        },
        new Date(),
      );
      if (notice) await deps.mailer.enqueue(tx, notice);
    } else if (subscription.status === "canceled") {
      // A scheduled end was told when it was set (recordCancelSchedule): the business isn't
      // told twice; the customer hears that it has now ended.
      await emails.cancelled(subscription.id, by, {
        tellCreator: before?.cancelAtPeriodEnd !== true,
      });
    }
    return subscriber.id;
  });
  return { subscriberId, stripeStatus: subscription.status, offering };
}
