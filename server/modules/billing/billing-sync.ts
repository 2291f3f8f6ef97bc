import type Stripe from "stripe";
import { splitPlatformFee } from "../../../contracts/money";
import { FREE_PLAN_FEE_PERCENT } from "../../../contracts/plans";
import type { Db } from "../../db/client";
import type { Mailer } from "../../integrations/email/mailer";
import type { Logger } from "../../lib/logger";
import { findOfferingById, type OfferingRow } from "../offerings/offering-repository";
import {
  findSubscriberByStripeSubscriptionId,
  insertEarningOnce,
  insertSubscriberOnce,
  updateSubscriberStatus,
  upsertPaymentSubscription,
} from "./billing-repository";
import { confirmationEmail } from "./confirmation-email";
import { subscriberStatusFor } from "./subscriber-status";

export interface BillingDeps {
  db: Db;
  stripe: Stripe;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

/** Metadata we put on every Stripe subscription we create, so webhooks can find their way back. */
export const SUBSCRIPTION_METADATA = {
  offeringId: "regulars_offering_id",
  subscriberName: "regulars_subscriber_name",
  subscriberEmail: "regulars_subscriber_email",
} as const;

export interface SyncResult {
  subscriberId: string | null;
  stripeStatus: Stripe.Subscription.Status;
  offering: OfferingRow | null;
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
  return invoices.data.filter((invoice) => invoice.status === "paid" && invoice.amount_paid > 0);
}

function paymentIntentIdOf(invoice: Stripe.Invoice): string | null {
  const payment = invoice.payments?.data[0]?.payment;
  const intent = payment?.payment_intent;
  if (!intent) return null;
  return typeof intent === "string" ? intent : intent.id;
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
  return {
    customerId:
      typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    email,
    name: name || "Subscriber",
  };
}

/**
 * Brings our rows in line with Stripe's current state of one subscription. Webhooks and the
 * subscribe flow both call it; it re-fetches from Stripe, so events may come in any order,
 * in parallel and more than once, and it can reconcile a payment whose request died.
 */
export async function syncStripeSubscription(
  deps: BillingDeps,
  stripeSubscriptionId: string,
): Promise<SyncResult> {
  const subscription = await deps.stripe.subscriptions.retrieve(stripeSubscriptionId, {
    expand: ["customer"],
  });
  const offeringId = subscription.metadata[SUBSCRIPTION_METADATA.offeringId];
  const offering = offeringId ? await findOfferingById(deps.db, offeringId) : null;
  if (!offering) {
    return { subscriberId: null, stripeStatus: subscription.status, offering: null };
  }
  const status = subscriberStatusFor(subscription.status);
  const paidInvoices = status ? await listPaidInvoices(deps.stripe, subscription.id) : [];
  const feePercent = Math.round(subscription.application_fee_percent ?? FREE_PLAN_FEE_PERCENT);
  const { customerId, email, name } = customerDetails(subscription);
  const period = periodOf(subscription);

  let isNewSubscriber = false;
  const subscriberId = await deps.db.transaction(async (tx) => {
    let subscriber = await findSubscriberByStripeSubscriptionId(tx, subscription.id);
    if (!subscriber) {
      // Nobody paid yet (or the attempt expired): there is no subscriber to record.
      if (status === null || paidInvoices.length === 0) return null;
      const inserted = await insertSubscriberOnce(tx, {
        offeringId: offering.id,
        name,
        email,
        paymentStatus: status,
        stripeCustomerId: customerId,
        stripeSubscriptionId: subscription.id,
      });
      subscriber = inserted ?? (await findSubscriberByStripeSubscriptionId(tx, subscription.id));
      if (!subscriber) return null;
      if (inserted) {
        isNewSubscriber = true;
        await deps.mailer.enqueue(
          tx,
          confirmationEmail({
            to: email,
            subscriberName: name,
            offeringTitle: offering.title,
            priceCents: offering.priceCents,
            manageUrl: `${deps.publicUrl}/customer/${encodeURIComponent(offering.customUrl)}/${inserted.id}`,
          }),
        );
      }
    } else if (status) {
      await updateSubscriberStatus(tx, subscriber.id, status);
    }
    await upsertPaymentSubscription(tx, {
      offeringId: offering.id,
      subscriberId: subscriber.id,
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: customerId,
      status: subscription.status,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
    });
    for (const invoice of paidInvoices) {
      const split = splitPlatformFee(invoice.amount_paid, feePercent);
      const paidAt = invoice.status_transitions?.paid_at ?? invoice.created;
      await insertEarningOnce(tx, {
        userId: offering.userId,
        offeringId: offering.id,
        subscriberId: subscriber.id,
        grossAmountCents: split.grossCents,
        platformFeePercent: split.feePercent,
        platformFeeCents: split.feeCents,
        netAmountCents: split.netCents,
        stripeInvoiceId: invoice.id!,
        stripePaymentIntentId: paymentIntentIdOf(invoice),
        paymentDate: new Date(paidAt * 1000),
      });
    }
    return subscriber.id;
  });

  if (isNewSubscriber) {
    deps.mailer.flush().catch((error) => deps.logger.warn({ err: error }, "email flush failed"));
  }
  return { subscriberId, stripeStatus: subscription.status, offering };
}
