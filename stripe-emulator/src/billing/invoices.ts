import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, type Stored } from "../core/state";
import { discountAmounts, dropSpentDiscounts } from "./discounts";
import { cancelInvoicePayments, defaultPayment, invoiceFailed } from "./invoice-payments";
import { attemptPayment, createPaymentIntent } from "./payments";
import { subscriptionOfInvoice } from "./subscription-status";

// Subscription invoices: creation, voiding and collection. What paying or failing does to an
// invoice is in invoice-payments.ts, which the payments module calls back.

/** "/ week" for one interval, "every 2 weeks" for more, as Stripe's line descriptions say. */
function cadenceOf(price: Stripe.Price): string {
  const interval = price.recurring?.interval ?? "month";
  const count = price.recurring?.interval_count ?? 1;
  return count === 1 ? `/ ${interval}` : `every ${count} ${interval}s`;
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
  // A subscription that starts with a trial gets a $0 invoice for it.
  const trial = subscription.status === "trialing";
  const subtotal = trial ? 0 : unitAmount * (item.quantity ?? 1);
  const period = { start: item.current_period_start, end: item.current_period_end };
  const discounts = discountAmounts(em, subscription, {
    amount: subtotal,
    product: item.price.product as string,
    periodStart: period.start,
  });
  const lineDiscounts = discounts.filter((d) => d.appliesToLine);
  const amount = subtotal - discounts.reduce((sum, d) => sum + d.amount, 0);
  const now = em.store.now();
  const invoiceId = newId("in");
  const pct = subscription.application_fee_percent as number | null;
  const owner = em.store.ownerOf(subscription.id);
  // The platform's fee is a share of what is charged, after discounts.
  const fee = pct == null ? null : Math.round((amount * pct) / 100);
  const destination =
    (subscription.transfer_data as { destination?: string } | null)?.destination ?? null;
  const customer = em.store.get(subscription.customer as string, "customer");
  const line: Stripe.InvoiceLineItem = {
    id: newId("il"),
    object: "line_item",
    // A line's amount is before discounts; discount_amounts say what came off.
    amount: subtotal,
    currency: "usd",
    description: trial
      ? `Trial period for ${productName}`
      : `${item.quantity ?? 1} × ${productName} (at $${(unitAmount / 100).toFixed(2)} ${cadenceOf(item.price)})`,
    discount_amounts: lineDiscounts.map((d) => ({ amount: d.amount, discount: d.discount })),
    discountable: true,
    discounts: lineDiscounts.map((d) => d.discount),
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
    discounts: discounts.map((d) => d.discount),
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
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total: amount,
    total_discount_amounts: discounts.map((d) => ({ amount: d.amount, discount: d.discount })),
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
  if (invoice.status === "paid") em.webhooks.emit("invoice.paid", invoice);
  else collectInvoice(em, invoice);
  dropSpentDiscounts(em, em.store.get(subscription.id, "subscription")!, invoice);
}
