import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import type { Stored } from "../core/state";
import { cancelInvoicePayments } from "./invoice-payments";
import { billNewPeriod, collectInvoice, finalizeDraftRenewal } from "./invoices";
import { periodEndOf } from "./periods";
import { setSubscriptionStatus, subscriptionOfInvoice } from "./subscription-status";
import { endTrial, sendTrialWillEnd, trialReminderAt } from "./trials";

const INCOMPLETE_EXPIRES_AFTER = 23 * 3600;

const isLive = (s: Stripe.Subscription) => s.status === "active" || s.status === "past_due";
// The emulator's subscriptions have one item each.
const periodEnd = (s: Stripe.Subscription) => s.items.data[0]!.current_period_end;

/** When a paused subscription's collection resumes, or null (not paused, or until cleared). */
const resumesAtOf = (s: Stripe.Subscription) =>
  s.status === "canceled" || s.status === "incomplete_expired"
    ? null
    : (s.pause_collection?.resumes_at ?? null);

/** The pause is over: collection resumes, with customer.subscription.updated saying so. */
function resumeCollection(em: Emulator, subscription: Stored<"subscription">) {
  const previous = { pause_collection: subscription.pause_collection };
  subscription.pause_collection = null;
  em.store.put(subscription);
  em.webhooks.emit("customer.subscription.updated", subscription, { previous });
}

/** The earliest time at which something is due, or null when nothing is waiting. */
function nextDueAt(em: Emulator): number | null {
  const times: number[] = [];
  for (const s of em.store.list("subscription")) {
    const resumesAt = resumesAtOf(s);
    if (resumesAt !== null) times.push(resumesAt);
    if (s.status === "incomplete") times.push((s.created as number) + INCOMPLETE_EXPIRES_AFTER);
    else if (isLive(s)) times.push(periodEnd(s));
    else if (s.status === "trialing") {
      const reminder = trialReminderAt(s);
      if (reminder !== null) times.push(reminder);
      times.push(s.trial_end as number);
    }
  }
  for (const i of em.store.listWhere("invoice", "status", "open", (i) => i.status === "open")) {
    if (typeof i.next_payment_attempt === "number") times.push(i.next_payment_attempt);
  }
  for (const i of em.store.listWhere("invoice", "status", "draft", (i) => i.status === "draft")) {
    if (typeof i._finalize_at === "number") times.push(i._finalize_at);
  }
  for (const l of em.store.list("account_link", (l) => !l._used)) times.push(l.expires_at);
  for (const c of em.store.list("checkout.session", (c) => c.status === "open"))
    times.push(c.expires_at);
  return times.length > 0 ? Math.min(...times) : null;
}

function expireIncomplete(em: Emulator, subscription: Stripe.Subscription, now: number) {
  const invoice = em.store.get(subscription.latest_invoice as string, "invoice");
  if (invoice && invoice.status === "open") {
    invoice.status = "void";
    invoice.next_payment_attempt = null;
    invoice.status_transitions = { ...invoice.status_transitions, voided_at: now };
    cancelInvoicePayments(invoice, now);
    em.store.put(invoice);
    const pi = em.store.get(invoice._payment_intent as string, "payment_intent");
    if (pi && pi.status !== "succeeded") {
      pi.status = "canceled";
      pi.canceled_at = now;
      pi.cancellation_reason = "void_invoice";
      pi.next_action = null;
      em.store.put(pi);
    }
  }
  setSubscriptionStatus(em, subscription, "incomplete_expired");
}

/** A period ended: roll the period, invoice it and charge the default card off-session. */
function renew(em: Emulator, subscription: Stripe.Subscription) {
  const item = subscription.items.data[0]!;
  const previous = {
    items: {
      ...subscription.items,
      data: [{ ...item }],
    },
    latest_invoice: subscription.latest_invoice,
  };
  item.current_period_start = item.current_period_end;
  item.current_period_end = periodEndOf(
    item.price,
    item.current_period_start,
    subscription.billing_cycle_anchor,
  );
  billNewPeriod(em, subscription, previous);
}

/** Set to cancel at its period's end, and the period is over: it ends as the customer asked. */
function endAsAsked(em: Emulator, subscription: Stored<"subscription">) {
  subscription.cancellation_details = {
    comment: null,
    feedback: null,
    ...subscription.cancellation_details,
    reason: "cancellation_requested",
  };
  setSubscriptionStatus(em, subscription, "canceled");
}

/** A trial's reminder and end; one set to cancel at period end ends with it, uncharged. */
function runTrial(em: Emulator, subscription: Stored<"subscription">, now: number) {
  const reminder = trialReminderAt(subscription);
  if (reminder !== null && reminder <= now) sendTrialWillEnd(em, subscription);
  if ((subscription.trial_end as number) > now) return;
  if (subscription.cancel_at_period_end) endAsAsked(em, subscription);
  else endTrial(em, subscription);
}

/** Runs whatever is due at the emulator's current time: renewals, retries, expiries. */
export function runDueWork(em: Emulator) {
  const now = em.store.now();
  // Resumes first: a renewal due at the very moment a pause ends is charged.
  for (const subscription of em.store.list("subscription")) {
    const resumesAt = resumesAtOf(subscription);
    if (resumesAt !== null && resumesAt <= now) resumeCollection(em, subscription);
  }
  for (const subscription of em.store.list("subscription")) {
    if (subscription.status === "incomplete") {
      if ((subscription.created as number) + INCOMPLETE_EXPIRES_AFTER <= now)
        expireIncomplete(em, subscription, now);
      continue;
    }
    if (subscription.status === "trialing") {
      runTrial(em, subscription, now);
      continue;
    }
    if (!isLive(subscription) || periodEnd(subscription) > now) continue;
    if (subscription.cancel_at_period_end) {
      endAsAsked(em, subscription);
    } else if (subscription.status === "active") {
      renew(em, subscription);
    } else {
      // Still past due when the next period starts: Stripe stops retrying and cancels.
      setSubscriptionStatus(em, subscription, "canceled");
    }
  }
  // Renewals whose draft hour is over, before the retries: a renewal is charged as it is made.
  for (const invoice of em.store.listWhere(
    "invoice",
    "status",
    "draft",
    (i) => i.status === "draft" && typeof i._finalize_at === "number" && i._finalize_at <= now,
  )) {
    finalizeDraftRenewal(em, invoice);
  }
  for (const invoice of em.store.listWhere(
    "invoice",
    "status",
    "open",
    (i) => i.status === "open",
  )) {
    if (typeof invoice.next_payment_attempt !== "number" || invoice.next_payment_attempt > now)
      continue;
    collectInvoice(em, invoice);
    const after = em.store.get(invoice.id, "invoice")!;
    if (after.status === "open" && after.next_payment_attempt == null) {
      // Retries exhausted: Stripe's default dunning setting cancels; "unpaid" is the other.
      const subscription = subscriptionOfInvoice(em, after);
      const final = em.store.state.settings.afterFinalRetry === "unpaid" ? "unpaid" : "canceled";
      if (subscription && isLive(subscription)) {
        if (final === "canceled") {
          subscription.cancellation_details = {
            comment: null,
            feedback: null,
            ...subscription.cancellation_details,
            reason: "payment_failed",
          };
        }
        setSubscriptionStatus(em, subscription, final);
      }
    }
  }
  for (const link of em.store.list("account_link", (l) => !l._used && l.expires_at <= now)) {
    link._used = true;
    em.store.put(link);
  }
  for (const session of em.store.list(
    "checkout.session",
    (c) => c.status === "open" && c.expires_at <= now,
  )) {
    session.status = "expired";
    em.store.put(session);
  }
}

/**
 * Moves the emulator-wide clock forward. It stops at each moment something falls due, in
 * order, so renewals, retries and expiries happen at their own timestamps, as over real months.
 * Synchronous: when it returns, everything due has run (webhook delivery follows asynchronously).
 */
export function advanceClock(em: Emulator, seconds: number) {
  const target = em.store.now() + Math.max(0, Math.floor(seconds));
  for (let step = 0; step < 10_000; step += 1) {
    const due = nextDueAt(em);
    if (due === null || due > target) break;
    em.store.runAt(due, () => runDueWork(em));
    // A month of renewals is written as it goes rather than held until the advance returns.
    em.store.checkpointIfBusy();
    // Defensive: if the work due did not move on, stop rather than spin.
    if (nextDueAt(em) === due) break;
  }
  em.store.runAt(target, () => runDueWork(em));
  em.store.save();
}

// One emulator-wide clock stands in for every test clock: creating a clock at a future
// frozen_time, or advancing any clock, moves the whole emulator (and runs what falls due).
// Customers need not be attached to a clock. Advancing is synchronous, so the clock is always
// "ready" when the call returns.

export function testClockView(
  frozenTime: number,
  id: string,
  name: string | null = null,
): Stripe.TestHelpers.TestClock {
  return {
    id,
    object: "test_helpers.test_clock",
    created: frozenTime,
    deletes_after: frozenTime + 30 * 86400,
    frozen_time: frozenTime,
    livemode: false,
    name,
    status: "ready",
    status_details: {},
  };
}
