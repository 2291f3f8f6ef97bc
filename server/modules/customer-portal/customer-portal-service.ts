import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type { CustomerPortal } from "../../../contracts/customer-portal";
import type { Db } from "../../db/client";
import type { Mailer } from "../../integrations/email/mailer";
import { renderEmailChangedEmail } from "../../integrations/email/templates/email-changed";
import { AppError } from "../../lib/errors";
import { customerPortalUrl } from "../../lib/public-links";
import { CANCELLATION_COMMENTS } from "../billing/lifecycle-emails";
import {
  findSubscriberOfOffering,
  markSubscriberCancelled,
  updateSubscriberEmail,
} from "./customer-portal-repository";

export interface CustomerPortalDeps {
  db: Db;
  stripe: Stripe;
  mailer: Mailer;
  publicUrl: string;
}

export interface SubscriberRef {
  customUrl: string;
  subscriberId: string;
}

const NOT_FOUND = "Subscription Not Found";

async function requireSubscriber(db: Db, ref: SubscriberRef) {
  const row = await findSubscriberOfOffering(db, ref.customUrl, ref.subscriberId);
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return row;
}

export async function getCustomerPortal(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
): Promise<CustomerPortal> {
  const { subscriber, offering } = await requireSubscriber(deps.db, ref);
  return {
    offering: {
      title: offering.title,
      description: offering.description,
      customUrl: offering.customUrl,
    },
    subscriber: {
      id: subscriber.id,
      name: subscriber.name,
      email: subscriber.email,
      paymentStatus: subscriber.paymentStatus,
      createdAt: subscriber.createdAt.toISOString(),
      priceCents: subscriber.priceCents,
      hasPaymentAccount: Boolean(subscriber.stripeCustomerId),
    },
  };
}

/**
 * Stripe first: our row changes only once the customer record that receipts use has. Then,
 * in one transaction, the new address and a notice to each of the old and the new one, so
 * a customer whose address was changed by someone else hears about it.
 */
export async function changeSubscriberEmail(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
  email: string,
) {
  const { subscriber, offering } = await requireSubscriber(deps.db, ref);
  if (subscriber.paymentStatus === "cancelled") {
    throw new AppError("conflict", "This subscription is cancelled.");
  }
  if (email === subscriber.email) return;
  if (subscriber.stripeCustomerId) {
    try {
      await deps.stripe.customers.update(subscriber.stripeCustomerId, { email });
    } catch {
      throw new AppError("payment_provider_error", "Failed to update email");
    }
  }
  const notice = {
    offeringTitle: offering.title,
    oldEmail: subscriber.email,
    newEmail: email,
  };
  const [toOld, toNew] = await Promise.all([
    renderEmailChangedEmail({
      ...notice,
      to: subscriber.email,
      recipient: "old",
      // The old address no longer owns the subscription: no way in from there.
      manageUrl: null,
    }),
    renderEmailChangedEmail({
      ...notice,
      to: email,
      recipient: "new",
      manageUrl: customerPortalUrl(deps.publicUrl, offering.customUrl, subscriber.id),
    }),
  ]);
  const change = randomUUID();
  await deps.db.transaction(async (tx) => {
    await updateSubscriberEmail(tx, subscriber.id, email);
    for (const [message, recipient] of [
      [toOld, "old"],
      [toNew, "new"],
    ] as const) {
      await deps.mailer.enqueue(tx, {
        ...message,
        kind: "email_changed",
        dedupeKey: `email-changed:${subscriber.id}:${change}:${recipient}`,
        userId: offering.userId,
        subscriberId: subscriber.id,
      });
    }
  });
}

export async function openBillingPortal(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
  returnUrl: string,
): Promise<string> {
  // Only our own pages may be the way back, so the portal can't be used as an open redirect.
  if (new URL(returnUrl).origin !== new URL(deps.publicUrl).origin) {
    throw new AppError("validation_failed", "returnUrl must be a page of this site.");
  }
  const { subscriber } = await requireSubscriber(deps.db, ref);
  if (!subscriber.stripeCustomerId || subscriber.paymentStatus === "cancelled") {
    throw new AppError(
      "conflict",
      "Payment update is not available at this time. Please contact support.",
    );
  }
  try {
    const session = await deps.stripe.billingPortal.sessions.create({
      customer: subscriber.stripeCustomerId,
      return_url: returnUrl,
    });
    return session.url;
  } catch {
    throw new AppError(
      "payment_provider_error",
      "Payment update is not available at this time. Please contact support.",
    );
  }
}

/**
 * Cancels in Stripe first, then marks the subscriber cancelled (one way). If Stripe fails,
 * nothing changes here, so a customer is never shown "cancelled" while still being charged.
 */
export async function cancelSubscription(deps: CustomerPortalDeps, ref: SubscriberRef) {
  const { subscriber } = await requireSubscriber(deps.db, ref);
  if (subscriber.paymentStatus === "cancelled") return;
  if (subscriber.stripeSubscriptionId) {
    try {
      const current = await deps.stripe.subscriptions.retrieve(subscriber.stripeSubscriptionId);
      if (current.status !== "canceled" && current.status !== "incomplete_expired") {
        await deps.stripe.subscriptions.cancel(subscriber.stripeSubscriptionId, {
          cancellation_details: { comment: CANCELLATION_COMMENTS.customer },
        });
      }
    } catch {
      throw new AppError("payment_provider_error", "Failed to cancel subscription");
    }
  }
  await markSubscriberCancelled(deps.db, subscriber.id);
}
