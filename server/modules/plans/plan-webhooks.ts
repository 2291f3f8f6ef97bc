import type Stripe from "stripe";
import { type PlanId, planById } from "../../../contracts/plans";
import type { Mailer } from "../../integrations/email/mailer";
import {
  renderPlanEndedEmail,
  renderPlanPaymentFailedEmail,
} from "../../integrations/email/templates/plan-billing";
import { dashboardPath } from "../../lib/public-links";
import { planInForceAt } from "./plan-period-repository";
import { findPlanContact } from "./plan-subscription-repository";
import { isCreatorPlanMetadata, PLAN_METADATA, paidPlanOf } from "./plan-subscription-state";
import { type PlanSyncDeps, syncPlanSubscription } from "./plan-subscription-sync";

// Stripe's events about the creators' own plan subscriptions (ADR 038), kept apart from the
// events about their customers' subscriptions: each writes the plan periods from Stripe's
// state, and a failed charge or the plan's end e-mails the creator once (keyed by its cause).

export interface PlanEventDeps extends PlanSyncDeps {
  mailer: Mailer;
  publicUrl: string;
}

type Outcome = "handled" | "ignored";

/** The plan subscription an event is about, or null when it isn't about one. */
function planSubscriptionOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "invoice.created":
    case "invoice.paid":
    case "invoice.payment_succeeded":
    case "invoice.payment_failed": {
      const details = event.data.object.parent?.subscription_details;
      if (!details || !isCreatorPlanMetadata(details.metadata)) return null;
      const ref = details.subscription;
      return typeof ref === "string" ? ref : ref.id;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.trial_will_end":
      return isCreatorPlanMetadata(event.data.object.metadata) ? event.data.object.id : null;
    default:
      return null;
  }
}

const accountUrl = (publicUrl: string) => `${publicUrl}${dashboardPath}?tab=settings`;

/**
 * Handles the event when it is about a plan subscription; null when it isn't (the caller's
 * handlers for customers' subscriptions take it).
 */
export async function handlePlanEvent(
  deps: PlanEventDeps,
  event: Stripe.Event,
): Promise<Outcome | null> {
  const subscriptionId = planSubscriptionOf(event);
  if (!subscriptionId) return null;
  // A plan's invoices are the platform's own: no fee to set on their drafts.
  if (event.type === "invoice.created") return "ignored";
  const outcome = await syncPlanSubscription(deps, subscriptionId);
  if (outcome.kind === "ignored") return "ignored";
  // Written or overtaken by a newer read, the event's own facts are e-mailed once.
  const { userId, subscription } = outcome;
  if (event.type === "invoice.payment_failed") {
    await emailFailedPayment(deps, userId, subscription, event.data.object);
  }
  if (event.type === "customer.subscription.deleted") {
    await emailPlanEnded(deps, userId, subscription);
  }
  return "handled";
}

async function emailFailedPayment(
  deps: PlanEventDeps,
  userId: string,
  subscription: Stripe.Subscription,
  invoice: Stripe.Invoice,
) {
  const contact = await findPlanContact(deps.db, userId);
  const plan = paidPlanOf(subscription.metadata[PLAN_METADATA.plan]);
  // A first charge declined at the card step was said there; this is for the monthly ones.
  if (!contact || !plan || invoice.billing_reason === "subscription_create") return;
  await deps.mailer.enqueue(deps.db, {
    kind: "plan_payment_failed",
    // Per attempt: each retry that fails is its own message.
    dedupeKey: `plan-payment-failed:${invoice.id}:${invoice.attempt_count}`,
    userId,
    ...(await renderPlanPaymentFailedEmail({
      to: contact.email,
      name: contact.name,
      planName: planById(plan).name,
      amountCents: invoice.amount_due,
      nextAttemptAt: invoice.next_payment_attempt
        ? new Date(invoice.next_payment_attempt * 1000)
        : null,
      accountUrl: accountUrl(deps.publicUrl),
    })),
  });
}

async function emailPlanEnded(
  deps: PlanEventDeps,
  userId: string,
  subscription: Stripe.Subscription,
) {
  const contact = await findPlanContact(deps.db, userId);
  const endedAt = new Date((subscription.ended_at ?? subscription.canceled_at ?? 0) * 1000);
  // The plan that ended is the one in force just before: none if it was never paid.
  const ended: PlanId = await planInForceAt(deps.db, userId, new Date(endedAt.getTime() - 1));
  if (!contact || ended === "free") return;
  await deps.mailer.enqueue(deps.db, {
    kind: "plan_ended",
    dedupeKey: `plan-ended:${subscription.id}`,
    userId,
    ...(await renderPlanEndedEmail({
      to: contact.email,
      name: contact.name,
      planName: planById(ended).name,
      endedAt,
      reason:
        subscription.cancellation_details?.reason === "payment_failed"
          ? "payment_failed"
          : "cancelled",
      accountUrl: accountUrl(deps.publicUrl),
    })),
  });
}
