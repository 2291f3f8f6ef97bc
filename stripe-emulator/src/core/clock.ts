import {
  addMonth,
  collectInvoice,
  createSubscriptionInvoice,
  type Obj,
  setSubscriptionStatus,
  subscriptionOfInvoice,
} from "./billing";
import type { Emulator } from "./context";

const DAY = 86_400;
const INCOMPLETE_EXPIRES_AFTER = 23 * 3600;

/** Runs whatever is due at the emulator's current time: renewals, retries, expiries. */
export function runDueWork(em: Emulator) {
  const now = em.store.now();
  for (const subscription of em.store.list<Obj>("subscription")) {
    if (
      subscription.status === "incomplete" &&
      subscription.created + INCOMPLETE_EXPIRES_AFTER <= now
    ) {
      const invoice = em.store.get<Obj>(subscription.latest_invoice as string, "invoice");
      if (invoice && invoice.status === "open") {
        invoice.status = "void";
        invoice.status_transitions = { ...invoice.status_transitions, voided_at: now };
        em.store.put(invoice);
      }
      setSubscriptionStatus(em, subscription, "incomplete_expired");
      continue;
    }
    const item = subscription.items.data[0] as Obj;
    if (
      !["active", "past_due"].includes(subscription.status as string) ||
      item.current_period_end > now
    )
      continue;
    if (subscription.cancel_at_period_end) {
      setSubscriptionStatus(em, subscription, "canceled");
      continue;
    }
    if (subscription.status !== "active") continue;
    const previous = {
      current_period_start: item.current_period_start,
      current_period_end: item.current_period_end,
    };
    item.current_period_start = item.current_period_end;
    item.current_period_end = addMonth(item.current_period_start as number);
    em.store.put(subscription);
    em.webhooks.emit("customer.subscription.updated", subscription, {
      previous: { items: { data: [previous] } },
    });
    const invoice = createSubscriptionInvoice(em, subscription, "subscription_cycle");
    if (invoice.status === "paid") {
      em.webhooks.emit("invoice.paid", invoice);
    } else {
      collectInvoice(em, invoice);
    }
  }
  for (const invoice of em.store.list<Obj>(
    "invoice",
    (i) => i.status === "open" && i.billing_reason === "subscription_cycle",
  )) {
    if (invoice.next_payment_attempt == null || invoice.next_payment_attempt > now) continue;
    collectInvoice(em, invoice);
    const after = em.store.get<Obj>(invoice.id, "invoice")!;
    if (after.status === "open" && after.next_payment_attempt == null) {
      // Retries exhausted: Stripe's default is to cancel the subscription.
      const subscription = subscriptionOfInvoice(em, after);
      if (subscription && subscription.status !== "canceled")
        setSubscriptionStatus(em, subscription, "canceled");
    }
  }
  for (const link of em.store.list<Obj>("account_link", (l) => !l._used && l.expires_at <= now)) {
    link._used = true;
    em.store.put(link);
  }
}

/** Moves the emulator-wide clock forward a day at a time, so events happen in order. */
export function advanceClock(em: Emulator, seconds: number) {
  let remaining = Math.max(0, Math.floor(seconds));
  while (remaining > 0) {
    const step = Math.min(DAY, remaining);
    em.store.state.clockOffset += step;
    remaining -= step;
    runDueWork(em);
  }
  em.store.save();
}

export { addMonth };
