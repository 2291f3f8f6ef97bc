import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, type Stored } from "../core/state";
import { attemptPayment, createPaymentIntent } from "./payments";
import { RETRY_DAYS } from "./periods";
import { setSubscriptionStatus, subscriptionOfInvoice } from "./subscription-status";

// Subscription invoices: creation, collection, and what paying or failing does to them.

/** A payment attempt on the invoice failed: count it, schedule the retry, mark past due. */
export function invoiceFailed(em: Emulator, invoice: Stored<"invoice">) {
  invoice.attempt_count = ((invoice.attempt_count as number) ?? 0) + 1;
  invoice.attempted = true;
  const subscription = subscriptionOfInvoice(em, invoice);
  if (invoice.billing_reason === "subscription_cycle") {
    const retryIndex = (invoice.attempt_count as number) - 1;
    const days = RETRY_DAYS[retryIndex];
    invoice.next_payment_attempt =
      days === undefined ? null : (invoice._first_failed_at ?? em.store.now()) + days * 86400;
    invoice._first_failed_at ??= em.store.now();
  }
  em.store.put(invoice);
  em.webhooks.emit("invoice.payment_failed", invoice);
  if (
    subscription &&
    subscription.status === "active" &&
    invoice.billing_reason === "subscription_cycle"
  ) {
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
function defaultPayment(
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

/** A new invoice and PaymentIntent for one period of a subscription. */
export function createSubscriptionInvoice(
  em: Emulator,
  subscription: Stripe.Subscription,
  reason: "subscription_create" | "subscription_cycle",
) {
  // The emulator's subscriptions have one item each.
  const item = subscription.items.data[0]!;
  const product = em.store.get(item.price.product as string, "product");
  const productName = String(item.price.nickname ?? product?.name ?? "Subscription");
  // Only per-unit prices are modelled, and every one has a unit_amount.
  const unitAmount = item.price.unit_amount!;
  const amount = unitAmount * (item.quantity ?? 1);
  const now = em.store.now();
  const invoiceId = newId("in");
  const pct = subscription.application_fee_percent as number | null;
  const owner = em.store.ownerOf(subscription.id);
  const fee = pct == null ? null : Math.round((amount * pct) / 100);
  const destination =
    (subscription.transfer_data as { destination?: string } | null)?.destination ?? null;
  const customer = em.store.get(subscription.customer as string, "customer");
  const period = { start: item.current_period_start, end: item.current_period_end };
  const line: Stripe.InvoiceLineItem = {
    id: newId("il"),
    object: "line_item",
    amount,
    currency: "usd",
    description: `${item.quantity ?? 1} × ${productName} (at $${(unitAmount / 100).toFixed(2)} / ${item.price.recurring?.interval ?? "month"})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      type: "subscription_item_details",
      invoice_item_details: null,
      subscription_item_details: {
        subscription: subscription.id,
        subscription_item: item.id,
        proration: false,
        proration_details: { credited_items: null },
        invoice_item: null,
      },
    },
    period,
    pretax_credit_amounts: [],
    pricing: {
      type: "price_details",
      price_details: { price: item.price.id, product: item.price.product as string },
      unit_amount_decimal: String(item.price.unit_amount),
    },
    quantity: item.quantity ?? 1,
    subscription: subscription.id,
    taxes: [],
  };
  // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
  const invoice: Stored<"invoice"> = {
    id: invoiceId,
    object: "invoice",
    account_country: "US",
    account_name: "Regulars (emulated)",
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: reason,
    collection_method: "charge_automatically",
    created: now,
    currency: "usd",
    custom_fields: null,
    customer: subscription.customer,
    customer_address: null,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `${em.baseUrl}/invoices/${invoiceId}`,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: "list",
      data: [line],
      has_more: false,
      url: `/v1/invoices/${invoiceId}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `EMU-${String(em.store.count("invoice") + 1).padStart(5, "0")}`,
    on_behalf_of: subscription.on_behalf_of ?? null,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: {
        subscription: subscription.id,
        metadata: subscription.metadata ?? {},
      },
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: item.current_period_end,
    period_start: item.current_period_start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: amount === 0 ? "paid" : "open",
    status_transitions: {
      finalized_at: now,
      marked_uncollectible_at: null,
      paid_at: amount === 0 ? now : null,
      voided_at: null,
    },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
  };
  if (amount > 0) {
    const pi = createPaymentIntent(
      em,
      {
        amount,
        customer: subscription.customer as string,
        // Stripe puts the subscription's (or customer's) default card on the invoice's payment.
        paymentMethod: defaultPaymentMethodOf(em, subscription),
        invoice: invoiceId,
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
  subscription.latest_invoice = invoiceId;
  em.store.put(subscription);
  return invoice;
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

function defaultPaymentMethodOf(em: Emulator, subscription: Stripe.Subscription): string | null {
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
