import type { Emulator } from "../core/context";
import type { Stored } from "../core/state";
import { billNewPeriod, defaultPaymentMethodOf } from "./invoices";
import { periodEndOf } from "./periods";
import { setSubscriptionStatus } from "./subscription-status";

// Free trials: the reminder before the end, and the end itself, where the first paid period
// starts and is charged, or the trial's missing_payment_method behaviour applies.

/** Stripe reminds three days before a trial ends (at once if the trial is shorter). */
const REMINDER_BEFORE = 3 * 86_400;

/** When `customer.subscription.trial_will_end` is due, or null once sent. */
export function trialReminderAt(subscription: Stored<"subscription">): number | null {
  if (subscription._trial_will_end_sent || typeof subscription.trial_end !== "number") return null;
  return subscription.trial_end - REMINDER_BEFORE;
}

export function sendTrialWillEnd(em: Emulator, subscription: Stored<"subscription">) {
  if (subscription._trial_will_end_sent) return;
  subscription._trial_will_end_sent = true;
  em.store.put(subscription);
  em.webhooks.emit("customer.subscription.trial_will_end", subscription);
}

/** Sends the reminder now if the trial ends within three days. */
export function remindIfDue(em: Emulator, subscription: Stored<"subscription">) {
  const at = trialReminderAt(subscription);
  if (subscription.status === "trialing" && at !== null && at <= em.store.now())
    sendTrialWillEnd(em, subscription);
}

/**
 * The trial is over (its end came, or trial_end=now): the subscription is active and its first
 * paid period, starting at trial_end (the new billing_cycle_anchor), is invoiced and charged
 * off-session. Without a card, trial_settings decide: cancel, pause, or invoice anyway (which
 * then fails into past_due and the usual retries).
 */
export function endTrial(em: Emulator, subscription: Stored<"subscription">) {
  const item = subscription.items.data[0]!;
  const end = subscription.trial_end as number;
  const missing = subscription.trial_settings?.end_behavior.missing_payment_method;
  if (!defaultPaymentMethodOf(em, subscription) && missing !== "create_invoice") {
    if (missing === "pause") {
      setSubscriptionStatus(em, subscription, "paused");
      return;
    }
    subscription.cancellation_details = {
      comment: null,
      feedback: null,
      ...subscription.cancellation_details,
      reason: null,
    };
    setSubscriptionStatus(em, subscription, "canceled");
    return;
  }
  const previous = {
    status: subscription.status,
    billing_cycle_anchor: subscription.billing_cycle_anchor,
    items: { ...subscription.items, data: [{ ...item }] },
    latest_invoice: subscription.latest_invoice,
  };
  item.current_period_start = end;
  item.current_period_end = periodEndOf(item.price, end, end);
  subscription.billing_cycle_anchor = end;
  subscription.status = "active";
  billNewPeriod(em, subscription, previous);
}

/**
 * An update's trial_end: "now" ends the trial at once; a future time (re)starts a trial that
 * ends then, with no charge until it does.
 */
export function changeTrialEnd(
  em: Emulator,
  subscription: Stored<"subscription">,
  trialEnd: number | "now",
) {
  const now = em.store.now();
  if (trialEnd === "now") {
    if (subscription.status !== "trialing") return;
    subscription.trial_end = now;
    sendTrialWillEnd(em, subscription);
    endTrial(em, subscription);
    return;
  }
  if (subscription.status !== "trialing" && subscription.status !== "active") return;
  const item = subscription.items.data[0]!;
  const previous = {
    status: subscription.status,
    trial_end: subscription.trial_end,
    trial_start: subscription.trial_start,
    billing_cycle_anchor: subscription.billing_cycle_anchor,
    items: { ...subscription.items, data: [{ ...item }] },
  };
  if (subscription.status !== "trialing") {
    subscription.trial_start = now;
    item.current_period_start = now;
  }
  subscription.status = "trialing";
  subscription.trial_end = trialEnd;
  subscription.billing_cycle_anchor = trialEnd;
  subscription._trial_will_end_sent = false;
  item.current_period_end = trialEnd;
  em.store.put(subscription);
  em.webhooks.emit("customer.subscription.updated", subscription, { previous });
  remindIfDue(em, subscription);
}
