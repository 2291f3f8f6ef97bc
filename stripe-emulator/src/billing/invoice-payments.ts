import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, type Stored } from "../core/state";
import { RETRY_DAYS } from "./periods";
import { setSubscriptionStatus, subscriptionOfInvoice } from "./subscription-status";

// What a payment attempt does to the invoice it pays: its InvoicePayments, its status, its
// retries, and its subscription's status. Apart from invoices.ts so that payments.ts, which
// calls these, and invoices.ts, which starts payments, do not import each other.

/** A payment attempt on the invoice failed: count it, schedule the retry, mark past due. */
export function invoiceFailed(em: Emulator, invoice: Stored<"invoice">) {
  invoice.attempt_count = ((invoice.attempt_count as number) ?? 0) + 1;
  invoice.attempted = true;
  const subscription = subscriptionOfInvoice(em, invoice);
  // An update's proration invoice that fails is retried and dunned like a renewal.
  const isRecurring =
    !invoice._undo_on_failure &&
    (invoice.billing_reason === "subscription_cycle" ||
      invoice.billing_reason === "subscription_update");
  if (isRecurring) {
    const retryIndex = (invoice.attempt_count as number) - 1;
    const days = RETRY_DAYS[retryIndex];
    invoice.next_payment_attempt =
      days === undefined ? null : (invoice._first_failed_at ?? em.store.now()) + days * 86400;
    invoice._first_failed_at ??= em.store.now();
  }
  em.store.put(invoice);
  em.webhooks.emit("invoice.payment_failed", invoice);
  if (subscription && subscription.status === "active" && isRecurring) {
    setSubscriptionStatus(em, subscription, "past_due");
  }
}

/** The invoice's PaymentIntent succeeded: paid, its payment recorded, subscription active. */
export function invoicePaid(
  em: Emulator,
  invoice: Stored<"invoice">,
  pi: Stored<"payment_intent">,
) {
  const now = em.store.now();
  invoice.status = "paid";
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempted = true;
  invoice.attempt_count = ((invoice.attempt_count as number) ?? 0) + 1;
  invoice.next_payment_attempt = null;
  invoice.status_transitions = { ...invoice.status_transitions, paid_at: now };
  const payments = (invoice._payments as Stripe.InvoicePayment[] | undefined) ?? [];
  const payment =
    payments.find((p) => p.payment.payment_intent === pi.id) ?? defaultPayment(invoice, pi.id, now);
  payment.amount_paid = pi.amount;
  payment.status = "paid";
  payment.status_transitions = { ...payment.status_transitions, paid_at: now };
  invoice._payments = [payment, ...payments.filter((p) => p !== payment)];
  em.store.put(invoice);
  em.webhooks.emit("invoice.paid", invoice);
  em.webhooks.emit("invoice.payment_succeeded", invoice);
  const subscription = subscriptionOfInvoice(em, invoice);
  if (!subscription) return;
  const previous: Record<string, unknown> = {};
  if (
    subscription.payment_settings?.save_default_payment_method === "on_subscription" &&
    pi.payment_method &&
    subscription.default_payment_method !== pi.payment_method
  ) {
    previous.default_payment_method = subscription.default_payment_method;
    subscription.default_payment_method = pi.payment_method;
  }
  if (subscription.status !== "active" && subscription.status !== "canceled") {
    setSubscriptionStatus(em, subscription, "active", previous);
  } else {
    em.store.put(subscription);
    if (Object.keys(previous).length > 0)
      em.webhooks.emit("customer.subscription.updated", subscription, { previous });
  }
}

/**
 * The invoice's default InvoicePayment, which Stripe creates when it finalizes the invoice (open,
 * nothing paid yet) and updates when its PaymentIntent succeeds or the invoice is voided.
 */
export function defaultPayment(
  invoice: Stored<"invoice">,
  paymentIntent: string,
  now: number,
): Stripe.InvoicePayment {
  return {
    id: newId("inpay"),
    object: "invoice_payment",
    amount_paid: null,
    amount_requested: invoice.amount_due as number,
    currency: "usd",
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: "payment_intent", payment_intent: paymentIntent },
    status: "open",
    status_transitions: { canceled_at: null, paid_at: null },
    created: now,
  };
}

/** A voided invoice's open payments are canceled. */
export function cancelInvoicePayments(invoice: Stored<"invoice">, now: number) {
  for (const payment of (invoice._payments as Stripe.InvoicePayment[] | undefined) ?? []) {
    if (payment.status !== "open") continue;
    payment.status = "canceled";
    payment.status_transitions = { ...payment.status_transitions, canceled_at: now };
  }
}
