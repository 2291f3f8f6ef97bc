import type Stripe from "stripe";
import type { CustomerPortal } from "../../../contracts/customer-portal";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import {
  findSubscriberOfActiveOffering,
  markSubscriberCancelled,
  updateSubscriberEmail,
} from "./customer-portal-repository";

export interface CustomerPortalDeps {
  db: Db;
  stripe: Stripe;
  publicUrl: string;
}

export interface SubscriberRef {
  customUrl: string;
  subscriberId: string;
}

const NOT_FOUND = "Subscription Not Found";

async function requireSubscriber(db: Db, ref: SubscriberRef) {
  const row = await findSubscriberOfActiveOffering(db, ref.customUrl, ref.subscriberId);
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
      priceCents: offering.priceCents,
      customUrl: offering.customUrl,
    },
    subscriber: {
      id: subscriber.id,
      name: subscriber.name,
      email: subscriber.email,
      paymentStatus: subscriber.paymentStatus,
      createdAt: subscriber.createdAt.toISOString(),
      hasPaymentAccount: Boolean(subscriber.stripeCustomerId),
    },
  };
}

/** Stripe first: our row changes only once the customer record that receipts use has. */
export async function changeSubscriberEmail(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
  email: string,
) {
  const { subscriber } = await requireSubscriber(deps.db, ref);
  if (subscriber.paymentStatus === "cancelled") {
    throw new AppError("conflict", "This subscription is cancelled.");
  }
  if (subscriber.stripeCustomerId) {
    try {
      await deps.stripe.customers.update(subscriber.stripeCustomerId, { email });
    } catch {
      throw new AppError("payment_provider_error", "Failed to update email");
    }
  }
  await updateSubscriberEmail(deps.db, subscriber.id, email);
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
        await deps.stripe.subscriptions.cancel(subscriber.stripeSubscriptionId);
      }
    } catch {
      throw new AppError("payment_provider_error", "Failed to cancel subscription");
    }
  }
  await markSubscriberCancelled(deps.db, subscriber.id);
}
