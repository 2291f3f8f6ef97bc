import type Stripe from "stripe";
import { isFreePrice } from "../../../contracts/offerings";
import type { Db } from "../../db/client";
import type { subscribers } from "../../db/schema/app";
import type { Mailer } from "../../integrations/email/mailer";
import { renderCreatorCancellationEmail } from "../../integrations/email/templates/creator-cancellation";
import { renderCreatorNewSubscriberEmail } from "../../integrations/email/templates/creator-new-subscriber";
import { renderCreatorPaymentFailedEmail } from "../../integrations/email/templates/creator-payment-failed";
import { renderPaymentFailedEmail } from "../../integrations/email/templates/payment-failed";
import { renderPaymentReceiptEmail } from "../../integrations/email/templates/payment-receipt";
import { renderSubscriptionCancelledEmail } from "../../integrations/email/templates/subscription-cancelled";
import { renderSubscriptionConfirmationEmail } from "../../integrations/email/templates/subscription-confirmation";
import { renderTrialEndingEmail } from "../../integrations/email/templates/trial-ending";
import { customerPortalUrl, dashboardPath } from "../../lib/public-links";
import type { OfferingRow } from "../offerings/offering-repository";
import { type CreatorContact, findCreatorContact } from "./billing-repository";

/**
 * Who ended a subscription, written into Stripe's cancellation comment by whoever cancels it,
 * so the webhook that reports the end can say so in the e-mails.
 */
export const CANCELLATION_COMMENTS = {
  customer: "Cancelled by the customer on the Regulars self-service page.",
  creator: "Cancelled by the business on Regulars.",
  /**
   * The business deleted its account: the subscriber is told that (closing-notice.ts), by the
   * deletion or by the webhook reporting the end, never "You cancelled".
   */
  businessClosed: "The business closed its Regulars account.",
} as const;

export function isEndedByAccountDeletion(subscription: Stripe.Subscription): boolean {
  return subscription.cancellation_details?.comment === CANCELLATION_COMMENTS.businessClosed;
}

export type CancelledBy = "customer" | "creator" | "failed_payments";

export function cancelledByOf(subscription: Stripe.Subscription): CancelledBy {
  const details = subscription.cancellation_details;
  if (details?.reason === "payment_failed") return "failed_payments";
  if (details?.comment === CANCELLATION_COMMENTS.creator) return "creator";
  return "customer";
}

export interface FailedAttempt {
  invoiceId: string;
  attemptCount: number;
  amountDueCents: number;
  nextAttemptAt: Date | null;
}

type SubscriberRow = typeof subscribers.$inferSelect;

/**
 * The messages a subscription's life causes, each keyed by its cause so that webhooks
 * repeated, reordered or run in parallel write each one once. All are written in the
 * caller's transaction, with the rows that record the change.
 */
export function lifecycleEmails(options: {
  tx: Db;
  mailer: Mailer;
  publicUrl: string;
  offering: OfferingRow;
  subscriber: SubscriberRow;
}) {
  const { tx, mailer, publicUrl, offering, subscriber } = options;
  const manageUrl = customerPortalUrl(publicUrl, offering.customUrl, subscriber.manageKey);
  const dashboardUrl = `${publicUrl}${dashboardPath}`;
  const settingsUrl = `${publicUrl}${dashboardPath}?tab=settings`;
  const forSubscriber = { userId: offering.userId, subscriberId: subscriber.id };
  let creator: CreatorContact | null | undefined;
  const creatorContact = async () => {
    creator ??= await findCreatorContact(tx, offering.userId);
    return creator;
  };

  return {
    async welcome(stripeSubscriptionId: string) {
      // Anyone can subscribe any address to a free offering: both messages then count against
      // the recipient's cap on unsolicited mail (ADR 023). A paid one took a card; it is not.
      const isUnsolicited = isFreePrice(subscriber.priceCents);
      await mailer.enqueue(tx, {
        kind: "subscription_confirmation",
        dedupeKey: `confirmation:${stripeSubscriptionId}`,
        isUnsolicited,
        ...forSubscriber,
        ...(await renderSubscriptionConfirmationEmail({
          to: subscriber.email,
          subscriberName: subscriber.name,
          offeringTitle: offering.title,
          creatorName: offering.creatorName,
          priceCents: subscriber.priceCents,
          cadence: subscriber.cadence,
          manageUrl,
        })),
      });
      const contact = await creatorContact();
      if (!contact?.notifyNewSubscriber) return;
      await mailer.enqueue(tx, {
        kind: "creator_new_subscriber",
        dedupeKey: `creator-new-subscriber:${stripeSubscriptionId}`,
        isUnsolicited,
        ...forSubscriber,
        ...(await renderCreatorNewSubscriberEmail({
          to: contact.email,
          businessName: contact.businessName,
          subscriberName: subscriber.name,
          subscriberEmail: subscriber.email,
          offeringTitle: offering.title,
          priceCents: subscriber.priceCents,
          cadence: subscriber.cadence,
          dashboardUrl,
          settingsUrl,
        })),
      });
    },

    /** Stripe's trial_will_end: three days before a free trial's first charge. */
    async trialEnding(stripeSubscriptionId: string, chargeAt: Date) {
      await mailer.enqueue(tx, {
        kind: "trial_ending",
        // Per trial end: a trial moved to another date is another reminder.
        dedupeKey: `trial-ending:${stripeSubscriptionId}:${chargeAt.toISOString()}`,
        ...forSubscriber,
        ...(await renderTrialEndingEmail({
          to: subscriber.email,
          subscriberName: subscriber.name,
          offeringTitle: offering.title,
          creatorName: offering.creatorName,
          priceCents: subscriber.priceCents,
          cadence: subscriber.cadence,
          chargeAt,
          manageUrl,
        })),
      });
    },

    async receipt(
      invoice: { id: string; amountPaidCents: number; discountCents: number; paidAt: Date },
      card: Card,
    ) {
      await mailer.enqueue(tx, {
        kind: "payment_receipt",
        dedupeKey: `receipt:${invoice.id}`,
        ...forSubscriber,
        ...(await renderPaymentReceiptEmail({
          to: subscriber.email,
          subscriberName: subscriber.name,
          offeringTitle: offering.title,
          creatorName: offering.creatorName,
          amountCents: invoice.amountPaidCents,
          discountCents: invoice.discountCents,
          // A discount that still runs after this payment says until when.
          discountEndsAt:
            subscriber.discountEndsAt && subscriber.discountEndsAt > invoice.paidAt
              ? subscriber.discountEndsAt
              : null,
          paidAt: invoice.paidAt,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          manageUrl,
        })),
      });
    },

    async paymentFailed(attempt: FailedAttempt) {
      const cause = `${attempt.invoiceId}:${attempt.attemptCount}`;
      await mailer.enqueue(tx, {
        kind: "payment_failed",
        dedupeKey: `payment-failed:${cause}`,
        ...forSubscriber,
        ...(await renderPaymentFailedEmail({
          to: subscriber.email,
          subscriberName: subscriber.name,
          offeringTitle: offering.title,
          amountCents: attempt.amountDueCents,
          nextAttemptAt: attempt.nextAttemptAt,
          updateCardUrl: manageUrl,
        })),
      });
      const contact = await creatorContact();
      if (!contact?.notifyPaymentFailed) return;
      await mailer.enqueue(tx, {
        kind: "creator_payment_failed",
        dedupeKey: `creator-payment-failed:${cause}`,
        ...forSubscriber,
        ...(await renderCreatorPaymentFailedEmail({
          to: contact.email,
          businessName: contact.businessName,
          subscriberName: subscriber.name,
          subscriberEmail: subscriber.email,
          offeringTitle: offering.title,
          amountCents: attempt.amountDueCents,
          nextAttemptAt: attempt.nextAttemptAt,
          dashboardUrl,
          settingsUrl,
        })),
      });
    },

    /**
     * Once per subscription, when it has ended. The business is told unless it already was,
     * when the end was scheduled.
     */
    async cancelled(
      stripeSubscriptionId: string,
      cancelledBy: CancelledBy,
      options: { tellCreator: boolean } = { tellCreator: true },
    ) {
      await mailer.enqueue(tx, {
        kind: "subscription_cancelled",
        dedupeKey: `cancelled:${stripeSubscriptionId}`,
        ...forSubscriber,
        ...(await renderSubscriptionCancelledEmail({
          to: subscriber.email,
          subscriberName: subscriber.name,
          offeringTitle: offering.title,
          cancelledBy,
          endsAt: null,
        })),
      });
      const contact = await creatorContact();
      if (!options.tellCreator || !contact?.notifyCancellation) return;
      await mailer.enqueue(tx, {
        kind: "creator_cancellation",
        dedupeKey: `creator-cancelled:${stripeSubscriptionId}`,
        ...forSubscriber,
        ...(await renderCreatorCancellationEmail({
          to: contact.email,
          businessName: contact.businessName,
          subscriberName: subscriber.name,
          subscriberEmail: subscriber.email,
          offeringTitle: offering.title,
          cancelledBy,
          endsAt: null,
          dashboardUrl,
          settingsUrl,
        })),
      });
    },
  };
}

export type Card = { brand: string; last4: string } | null;

export function cardOf(subscription: Stripe.Subscription): Card {
  const method = subscription.default_payment_method;
  if (!method || typeof method === "string" || !method.card) return null;
  return { brand: method.card.brand, last4: method.card.last4 };
}
