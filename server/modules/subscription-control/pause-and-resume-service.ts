import type Stripe from "stripe";
import { cadenceOfRecurring, formatPeriods } from "../../../contracts/cadence";
import type { CustomerPortal } from "../../../contracts/customer-portal";
import type { PauseRequest } from "../../../contracts/subscription-control";
import { AppError } from "../../lib/errors";
import { syncAfterChange } from "../billing/sync-after-change";
import {
  type CustomerPortalDeps,
  getCustomerPortal,
  requireSubscriber,
  type SubscriberRef,
} from "../customer-portal/customer-portal-service";
import { CONTROL_MESSAGES, formatDay, pauseAvailability, withStripeState } from "./control-state";
import { firstRenewalOnOrAfter, nthRenewal } from "./renewal-dates";
import { loadControlState } from "./subscription-control-repository";

// Resume a scheduled cancellation; pause (skip) and end a pause (issue 21, ADR 033). Stripe
// first, checked against Stripe's own state; the sync then records it and sends the e-mails,
// and the answer is the page as it now stands.

/**
 * Stripe lifts the pause this long before the first charge after it: that moment's webhook is
 * the customer's reminder, days ahead, that charges start again.
 */
const PAUSE_REMINDER_DAYS = 3;

const DAY_MS = 86_400_000;

async function retrieveLive(deps: CustomerPortalDeps, ref: SubscriberRef) {
  const { subscriber, offering } = await requireSubscriber(deps.db, ref);
  const ended = () =>
    new AppError(
      "conflict",
      `This subscription has already ended. You can subscribe again from ${offering.title}'s page.`,
    );
  if (subscriber.paymentStatus === "cancelled") throw ended();
  if (!subscriber.stripeSubscriptionId) throw new AppError("conflict", CONTROL_MESSAGES.free);
  const subscription = await atStripe(
    "Stripe could not be reached. Nothing has changed; please try again.",
    () => deps.stripe.subscriptions.retrieve(subscriber.stripeSubscriptionId!),
  );
  if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
    throw ended();
  }
  return { subscriber, offering, subscription };
}

async function atStripe<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new AppError("payment_provider_error", message, { cause: error });
  }
}

async function answer(deps: CustomerPortalDeps, ref: SubscriberRef, subscriptionId: string) {
  await syncAfterChange(deps, subscriptionId);
  return getCustomerPortal(deps, ref);
}

/** "Resume subscription": the end set for the period's end is called off. */
export async function resumeSubscription(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
): Promise<CustomerPortal> {
  const { subscription } = await retrieveLive(deps, ref);
  if (!subscription.cancel_at_period_end)
    throw new AppError("conflict", CONTROL_MESSAGES.notEnding);
  await atStripe(
    "Stripe could not resume your subscription. Nothing has changed; please try again.",
    () => deps.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }),
  );
  return answer(deps, ref, subscription.id);
}

/** "Resume now": the pause ends, and the next renewal is charged. */
export async function endPause(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
): Promise<CustomerPortal> {
  const { subscription } = await retrieveLive(deps, ref);
  if (!subscription.pause_collection) throw new AppError("conflict", CONTROL_MESSAGES.notPaused);
  await atStripe(
    "Stripe could not resume your subscription. Nothing has changed; please try again.",
    () => deps.stripe.subscriptions.update(subscription.id, { pause_collection: "" }),
  );
  return answer(deps, ref, subscription.id);
}

/**
 * When the first charge after the pause falls: after `periods` renewals passed over, or the
 * first renewal on or after the day asked for. Refused when it would pass over none (the
 * day is before the next charge) or more than the offering allows.
 */
function pauseEndOf(
  request: PauseRequest,
  subscription: Stripe.Subscription,
  maxPeriods: number,
  now: Date,
): Date {
  const item = subscription.items.data[0];
  const cadence = cadenceOfRecurring(item?.price.recurring);
  if (!item || !cadence) throw new AppError("conflict", CONTROL_MESSAGES.free);
  const periodEnd = new Date(item.current_period_end * 1000);
  const anchor = new Date(subscription.billing_cycle_anchor * 1000);
  const tooLong = `You can pause for at most ${formatPeriods(maxPeriods, cadence)} at a time.`;
  if ("periods" in request) {
    if (request.periods > maxPeriods) throw new AppError("validation_failed", tooLong);
    return nthRenewal(periodEnd, anchor, cadence, request.periods);
  }
  const day = new Date(`${request.until}T00:00:00Z`);
  if (day.getTime() <= now.getTime()) {
    throw new AppError("validation_failed", "Pick a date in the future to pause until.");
  }
  const first = firstRenewalOnOrAfter(periodEnd, anchor, cadence, day);
  if (first.skipped === 0) {
    throw new AppError(
      "validation_failed",
      `Your next charge is on ${formatDay(periodEnd)}: pick a date after it to pause.`,
    );
  }
  if (first.skipped > maxPeriods) {
    const latest = nthRenewal(periodEnd, anchor, cadence, maxPeriods);
    throw new AppError(
      "validation_failed",
      `${tooLong} Pick a date on or before ${formatDay(latest)}.`,
    );
  }
  return first.at;
}

/**
 * Pause (one period: skip the next visit). The renewals passed over are voided by Stripe
 * (pause_collection void): nothing is charged, nothing is owed. Stripe lifts the pause a few
 * days before the first charge after it, which sends the customer's reminder.
 */
export async function pauseSubscription(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
  request: PauseRequest,
): Promise<CustomerPortal> {
  const { subscriber, offering, subscription } = await retrieveLive(deps, ref);
  const state = await loadControlState(deps.db, subscriber, offering);
  const availability = pauseAvailability(withStripeState(state, subscription));
  if (!availability.available) throw new AppError("conflict", availability.reason ?? "");
  const firstCharge = pauseEndOf(request, subscription, offering.maxPausePeriods, new Date());
  const resumesAt = Math.floor((firstCharge.getTime() - PAUSE_REMINDER_DAYS * DAY_MS) / 1000);
  await atStripe(
    "Stripe could not pause your subscription. Nothing has changed; please try again.",
    () =>
      deps.stripe.subscriptions.update(subscription.id, {
        pause_collection: { behavior: "void", resumes_at: resumesAt },
      }),
  );
  return answer(deps, ref, subscription.id);
}
