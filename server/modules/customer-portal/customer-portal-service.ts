import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type { CustomerPortal } from "../../../contracts/customer-portal";
import type { Db } from "../../db/client";
import type { Mailer } from "../../integrations/email/mailer";
import { renderManageLinkReplacedEmail } from "../../integrations/email/templates/manage-link-replaced";
import type { BillingClock } from "../../integrations/stripe/billing-clock";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { customerPortalUrl } from "../../lib/public-links";
import { CANCELLATION_COMMENTS } from "../billing/lifecycle-emails";
import { syncAfterChange } from "../billing/sync-after-change";
import { throwIfSubscriptionClosed } from "../closed-subscriptions/closed-subscription-service";
import { subscriberDiscountOf } from "../promotions/subscriber-discount";
import { addressOfRow } from "../service-details/address-columns";
import { portalControlsOf } from "../subscription-control/control-state";
import { loadControlState } from "../subscription-control/subscription-control-repository";
import {
  findPendingEmail,
  findStripeStatus,
  findSubscriberByManageKey,
  markSubscriberCancelled,
  replaceManageKey,
  withdrawOpenEmailChanges,
} from "./customer-portal-repository";

export interface CustomerPortalDeps {
  db: Db;
  stripe: Stripe;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  clock: BillingClock;
}

/** A self-service link's two parts; the key is the manage key, never the subscriber's id. */
export interface SubscriberRef {
  customUrl: string;
  manageKey: string;
}

export const SUBSCRIPTION_NOT_FOUND = "Subscription Not Found";

export async function requireSubscriber(db: Db, ref: SubscriberRef) {
  const row = await findSubscriberByManageKey(db, ref.customUrl, ref.manageKey);
  if (!row) {
    // Its business deleted the account: the link says so rather than "Not Found".
    await throwIfSubscriptionClosed(db, ref);
    throw new AppError("not_found", SUBSCRIPTION_NOT_FOUND);
  }
  return row;
}

export async function getCustomerPortal(
  deps: Pick<CustomerPortalDeps, "db">,
  ref: SubscriberRef,
): Promise<CustomerPortal> {
  const { subscriber, offering } = await requireSubscriber(deps.db, ref);
  const isTrialing =
    subscriber.stripeSubscriptionId !== null &&
    (await findStripeStatus(deps.db, subscriber.stripeSubscriptionId)) === "trialing";
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
      pendingEmail:
        subscriber.paymentStatus === "cancelled"
          ? null
          : await findPendingEmail(deps.db, subscriber.id),
      paymentStatus: subscriber.paymentStatus,
      createdAt: subscriber.createdAt.toISOString(),
      priceCents: subscriber.priceCents,
      cadence: subscriber.cadence,
      trialEndsAt: isTrialing ? (subscriber.trialEndsAt?.toISOString() ?? null) : null,
      discount: subscriber.paymentStatus === "cancelled" ? null : subscriberDiscountOf(subscriber),
      hasPaymentAccount: Boolean(subscriber.stripeCustomerId),
      phone: subscriber.phone,
      address: addressOfRow(subscriber),
    },
    service: { onSite: offering.onSite, serviceArea: offering.serviceArea },
    controls: portalControlsOf(await loadControlState(deps.db, subscriber, offering)),
  };
}

/**
 * "Get a New Link": one UPDATE replaces the key, so the link it was asked from (and every copy
 * of it) answers "Subscription Not Found" from then on. An e-mail change the old link started
 * is withdrawn with it: whoever held the link must not finish it. The new link goes to the
 * subscriber's address, and back to the page, which moves to it.
 */
export async function replaceManageLink(deps: CustomerPortalDeps, ref: SubscriberRef) {
  const { subscriber, offering } = await requireSubscriber(deps.db, ref);
  return deps.db.transaction(async (tx) => {
    const manageKey = await replaceManageKey(tx, subscriber.id, ref.manageKey);
    // Another request with the same link replaced it first: this link is already gone.
    if (!manageKey) throw new AppError("not_found", SUBSCRIPTION_NOT_FOUND);
    await withdrawOpenEmailChanges(tx, subscriber.id);
    await sendNewManageLink(deps, tx, {
      subscriber: { ...subscriber, manageKey },
      offering,
      reason: "asked",
    });
    return { manageKey };
  });
}

/** The new link, to the subscriber's current address, keyed by the key so it is sent once. */
export async function sendNewManageLink(
  deps: Pick<CustomerPortalDeps, "mailer" | "publicUrl">,
  tx: Db,
  input: {
    subscriber: { id: string; email: string; manageKey: string };
    offering: { title: string; customUrl: string; userId: string };
    reason: "asked" | "undo";
  },
) {
  const { subscriber, offering } = input;
  await deps.mailer.enqueue(tx, {
    ...(await renderManageLinkReplacedEmail({
      to: subscriber.email,
      offeringTitle: offering.title,
      manageUrl: customerPortalUrl(deps.publicUrl, offering.customUrl, subscriber.manageKey),
      reason: input.reason,
    })),
    kind: "manage_link_replaced",
    // Each replacement is its own cause (and the key stays out of the outbox's columns).
    dedupeKey: `manage-link-replaced:${subscriber.id}:${randomUUID()}`,
    userId: offering.userId,
    subscriberId: subscriber.id,
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
  } catch (error) {
    throw new AppError(
      "payment_provider_error",
      "Payment update is not available at this time. Please contact support.",
      { cause: error },
    );
  }
}

/**
 * "Cancel Subscription" ends the subscription at the end of the period paid for (ADR 033): it
 * is set to end at Stripe, and the sync records it and sends the e-mails. With nothing paid
 * ahead (past due, still completing) it ends now; a free one has no Stripe subscription. If
 * Stripe fails nothing changes here, so a customer is never told "cancelled" while still being
 * charged.
 */
export async function cancelSubscription(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
): Promise<{ endsAt: Date | null }> {
  const { subscriber } = await requireSubscriber(deps.db, ref);
  if (subscriber.paymentStatus === "cancelled") return { endsAt: null };
  const stripeSubscriptionId = subscriber.stripeSubscriptionId;
  if (!stripeSubscriptionId) {
    await markSubscriberCancelled(deps.db, subscriber.id);
    return { endsAt: null };
  }
  let endsAt: Date | null = null;
  try {
    const current = await deps.stripe.subscriptions.retrieve(stripeSubscriptionId);
    const isOver = current.status === "canceled" || current.status === "incomplete_expired";
    const hasPaidAhead = current.status === "active" || current.status === "trialing";
    if (!isOver && hasPaidAhead) {
      const updated = await deps.stripe.subscriptions.update(stripeSubscriptionId, {
        cancel_at_period_end: true,
        // A pause and a scheduled end don't mix: the rest of the period runs to its end.
        ...(current.pause_collection ? { pause_collection: "" as const } : {}),
        cancellation_details: { comment: CANCELLATION_COMMENTS.customer },
      });
      const periodEnd = updated.items.data[0]?.current_period_end;
      endsAt = periodEnd ? new Date(periodEnd * 1000) : null;
    } else if (!isOver) {
      await deps.stripe.subscriptions.cancel(stripeSubscriptionId, {
        cancellation_details: { comment: CANCELLATION_COMMENTS.customer },
      });
    }
  } catch (error) {
    throw new AppError("payment_provider_error", "Failed to cancel subscription", {
      cause: error,
    });
  }
  await syncAfterChange(deps, stripeSubscriptionId);
  if (!endsAt) await markSubscriberCancelled(deps.db, subscriber.id);
  return { endsAt };
}
