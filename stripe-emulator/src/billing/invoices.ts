import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { StripeApiError } from "../core/errors";
import { type LineSpec, newId, type Stored } from "../core/state";
import { dropSpentDiscounts } from "./discounts";
import { draftInvoice, periodLine } from "./invoice-build";
import { cancelInvoicePayments, defaultPayment, invoiceFailed } from "./invoice-payments";
import { attemptPayment, createPaymentIntent } from "./payments";
import { subscriptionOfInvoice } from "./subscription-status";

// Subscription invoices: creation, voiding and collection. What paying or failing does to an
// invoice is in invoice-payments.ts, which the payments module calls back.

/** Where an update's proration invoice is issued: it bills no period, so it spans its moment. */
const momentOf = (now: number) => ({ start: now, end: now });

/**
 * Issues a subscription invoice: for its current period (creation, renewal; a renewal also
 * takes the prorations an update left pending), or for an update's prorations. A renewal while
 * collection is paused with `void` is created void at once, with no PaymentIntent; otherwise it
 * is open with a PaymentIntent for what is due, or paid when nothing is.
 */
export function createSubscriptionInvoice(
  em: Emulator,
  subscription: Stored<"subscription">,
  reason: "subscription_create" | "subscription_cycle" | "subscription_update",
  prorations: LineSpec[] = [],
) {
  // The emulator's subscriptions have one item each.
  const item = subscription.items.data[0]!;
  const period = { start: item.current_period_start, end: item.current_period_end };
  const pending = reason === "subscription_cycle" ? (subscription._pending_prorations ?? []) : [];
  // Billed now: the renewal takes them (issueInvoice stores the subscription).
  if (pending.length > 0) delete subscription._pending_prorations;
  const update = reason === "subscription_update";
  const invoice = draftInvoice(em, subscription, {
    id: newId("in"),
    reason,
    lines: update ? prorations : [...pending, periodLine(em, subscription, item, period)],
    period: update ? momentOf(em.store.now()) : period,
  });
  const paused =
    reason === "subscription_cycle" && subscription.pause_collection?.behavior === "void";
  const draftSeconds = em.store.state.settings.renewalDraftSeconds ?? 0;
  if (reason === "subscription_cycle" && !paused && draftSeconds > 0) {
    // Stripe's renewal waits as a draft after invoice.created; a platform may set its fee.
    invoice._finalize_at = em.store.now() + draftSeconds;
    em.store.put(invoice, em.store.ownerOf(subscription.id));
    subscription.latest_invoice = invoice.id;
    em.store.put(subscription);
    return invoice;
  }
  issueInvoice(em, subscription, invoice, paused);
  return invoice;
}

/**
 * A renewal's draft time is over: finalized and charged as a renewal made now would be. One
 * whose subscription ended meanwhile is voided, uncharged (a guess: Stripe's docs don't say).
 */
export function finalizeDraftRenewal(em: Emulator, invoice: Stored<"invoice">) {
  delete invoice._finalize_at;
  const subscription = subscriptionOfInvoice(em, invoice);
  if (!subscription || !isCollectable(subscription)) {
    invoice.status = "void";
    invoice.status_transitions = { ...invoice.status_transitions, voided_at: em.store.now() };
    em.store.put(invoice);
    return;
  }
  issueInvoice(em, subscription, invoice, false);
  chargeIssued(em, em.store.get(invoice.id, "invoice")!);
}

/** What follows an issued invoice: paid when nothing was due, else its first attempt. */
function chargeIssued(em: Emulator, invoice: Stored<"invoice">) {
  if (invoice.status === "paid") em.webhooks.emit("invoice.paid", invoice);
  else if (invoice.status === "open") collectInvoice(em, invoice);
}

/**
 * `application_fee_amount` on an invoice: only while it is a draft, as Stripe allows; the
 * charge takes it instead of the subscription's percentage.
 */
export function setDraftApplicationFee(
  em: Emulator,
  invoice: Stored<"invoice">,
  amount: number,
): Stored<"invoice"> {
  if (invoice.status !== "draft") {
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "invoice_not_editable",
      param: "application_fee_amount",
      message: `You can only modify the application fee of a draft invoice; this invoice is ${invoice.status}.`,
    });
  }
  invoice._application_fee_amount = amount;
  em.store.put(invoice);
  return invoice;
}

/** Finalizes a draft: its number and pages, the customer's balance, and its payment. */
function issueInvoice(
  em: Emulator,
  subscription: Stored<"subscription">,
  invoice: Stored<"invoice">,
  paused: boolean,
) {
  const now = em.store.now();
  const id = invoice.id;
  const owner = em.store.ownerOf(subscription.id);
  invoice.number = `EMU-${String(em.store.count("invoice") + 1).padStart(5, "0")}`;
  invoice.hosted_invoice_url = `${em.baseUrl}/invoices/${id}`;
  invoice.invoice_pdf = `${em.baseUrl}/invoices/${id}/pdf`;
  invoice.effective_at = now;
  invoice.webhooks_delivered_at = now;
  invoice.status_transitions.finalized_at = now;
  if (paused) {
    // pause_collection `void`: Stripe voids the renewal as it is made; nothing is collected.
    invoice.status = "void";
    invoice.ending_balance = invoice.starting_balance;
    invoice.status_transitions.voided_at = now;
  } else {
    invoice.ending_balance = Math.min(0, invoice.total + invoice.starting_balance);
    settleBalance(em, subscription.customer as string, invoice.ending_balance);
    invoice.status = invoice.amount_due === 0 ? "paid" : "open";
    invoice.status_transitions.paid_at = invoice.amount_due === 0 ? now : null;
  }
  if (invoice.status === "open") {
    const pct = subscription.application_fee_percent as number | null;
    const destination =
      (subscription.transfer_data as { destination?: string } | null)?.destination ?? null;
    // The platform's fee: set on the draft, else a share of what is charged, after discounts.
    const fee =
      invoice._application_fee_amount !== undefined
        ? Math.min(invoice._application_fee_amount, invoice.amount_due)
        : pct == null
          ? null
          : Math.round((invoice.amount_due * pct) / 100);
    const pi = createPaymentIntent(
      em,
      {
        amount: invoice.amount_due,
        customer: subscription.customer as string,
        // Stripe puts the subscription's (or customer's) default card on the invoice's payment.
        paymentMethod: defaultPaymentMethodOf(em, subscription),
        invoice: id,
        destination,
        applicationFeeAmount: destination || owner ? fee : null,
        onBehalfOf: (subscription.on_behalf_of as string | null) ?? null,
      },
      owner,
    );
    invoice._payment_intent = pi.id;
    invoice._payments = [defaultPayment(invoice, pi.id, now)];
  }
  em.store.put(invoice, owner);
  subscription.latest_invoice = id;
  em.store.put(subscription);
}

/** The customer's balance after an invoice (a credit is negative), with customer.updated. */
function settleBalance(em: Emulator, customerId: string, balance: number) {
  const customer = em.store.get(customerId, "customer");
  if (!customer || customer.balance === balance) return;
  const previous = { balance: customer.balance };
  customer.balance = balance;
  em.store.put(customer);
  em.webhooks.emit("customer.updated", customer, { previous });
}

/**
 * Voids an open invoice, as an immediate cancellation does: nothing more is collected, and its
 * PaymentIntent is canceled, so a browser still holding the client secret can no longer pay it.
 */
export function voidInvoice(
  em: Emulator,
  invoice: Stored<"invoice">,
  reason: Stripe.PaymentIntent.CancellationReason,
) {
  if (invoice.status !== "open") return;
  const now = em.store.now();
  invoice.status = "void";
  invoice.next_payment_attempt = null;
  invoice.status_transitions = { ...invoice.status_transitions, voided_at: now };
  cancelInvoicePayments(invoice, now);
  em.store.put(invoice);
  const pi = invoice._payment_intent
    ? em.store.get(invoice._payment_intent as string, "payment_intent")
    : undefined;
  if (pi && pi.status !== "succeeded" && pi.status !== "canceled") {
    pi.status = "canceled";
    pi.canceled_at = now;
    pi.cancellation_reason = reason;
    pi.next_action = null;
    em.store.put(pi);
    em.webhooks.emit("payment_intent.canceled", pi);
  }
}

/** The card a subscription's invoices are charged to: its own default, else its customer's. */
export function defaultPaymentMethodOf(
  em: Emulator,
  subscription: Stripe.Subscription,
): string | null {
  if (subscription.default_payment_method) return subscription.default_payment_method as string;
  const customer = em.store.get(subscription.customer as string, "customer");
  return (customer?.invoice_settings?.default_payment_method as string | null) ?? null;
}

const isCollectable = (s: Stripe.Subscription) => s.status === "active" || s.status === "past_due";

/** Charges an invoice off-session with the subscription's default card. */
export function collectInvoice(em: Emulator, invoice: Stored<"invoice">) {
  const subscription = subscriptionOfInvoice(em, invoice);
  const pi = invoice._payment_intent
    ? em.store.get(invoice._payment_intent, "payment_intent")
    : undefined;
  if (!subscription || !pi || !isCollectable(subscription)) {
    invoice.next_payment_attempt = null;
    em.store.put(invoice);
    return;
  }
  const pm = defaultPaymentMethodOf(em, subscription);
  if (!pm) {
    invoiceFailed(em, invoice);
    return;
  }
  attemptPayment(em, pi, pm, true);
}

/**
 * A subscription has moved into a new paid period (a renewal, a trial's end): invoice it, say
 * what changed, charge it (or record it paid when nothing is due), and drop spent discounts.
 */
export function billNewPeriod(
  em: Emulator,
  subscription: Stored<"subscription">,
  previous: Record<string, unknown>,
) {
  em.store.put(subscription);
  const invoice = createSubscriptionInvoice(em, subscription, "subscription_cycle");
  em.webhooks.emit("customer.subscription.updated", subscription, { previous });
  // A renewal voided by a pause sends no invoice.* event (guess from Stripe's pause docs, which
  // name none; not checked in test mode).
  if (invoice.status === "draft") em.webhooks.emit("invoice.created", invoice);
  else chargeIssued(em, invoice);
  dropSpentDiscounts(em, em.store.get(subscription.id, "subscription")!, invoice);
}
