import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { type LineSpec, newId, type Stored } from "../core/state";
import { discountAmounts } from "./discounts";

// How a subscription invoice is put together (its lines, discounts and totals), shared by the
// invoices the emulator issues and the previews of POST /v1/invoices/create_preview, so the two
// agree to the cent. Nothing here stores anything.

const productNameOf = (em: Emulator, price: Stripe.Price) =>
  String(
    price.nickname ?? em.store.get(price.product as string, "product")?.name ?? "Subscription",
  );

/** "/ week" for one interval, "every 2 weeks" for more, as Stripe's line descriptions say. */
function cadenceOf(price: Stripe.Price): string {
  const interval = price.recurring?.interval ?? "month";
  const count = price.recurring?.interval_count ?? 1;
  return count === 1 ? `/ ${interval}` : `every ${count} ${interval}s`;
}

/** The line for one whole period of the item at its price; $0 while the subscription trials. */
export function periodLine(
  em: Emulator,
  subscription: Stripe.Subscription,
  item: Stripe.SubscriptionItem,
  period: { start: number; end: number },
): LineSpec {
  const name = productNameOf(em, item.price);
  const quantity = item.quantity ?? 1;
  const trial = subscription.status === "trialing";
  // Only per-unit prices are modelled, and every one has a unit_amount.
  const unitAmount = item.price.unit_amount!;
  return {
    amount: trial ? 0 : unitAmount * quantity,
    description: trial
      ? `Trial period for ${name}`
      : `${quantity} × ${name} (at $${(unitAmount / 100).toFixed(2)} ${cadenceOf(item.price)})`,
    period,
    price: item.price,
    quantity,
    proration: false,
    subscriptionItem: item.id,
  };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "14 Mar 2026", the date form of Stripe's proration descriptions (UTC). */
function prorationDateText(unix: number): string {
  const d = new Date(unix * 1000);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * The two lines Stripe writes when an item moves from one price (or quantity) to another at
 * `prorationDate`: a credit for the unused rest of the period at the old price and a charge for
 * it at the new one, each the unit amount × quantity × the period's remaining fraction, rounded
 * on its own to the cent.
 */
export function prorationLines(
  em: Emulator,
  item: Stripe.SubscriptionItem,
  next: { price: Stripe.Price; quantity: number },
  prorationDate: number,
): LineSpec[] {
  const start = item.current_period_start;
  const end = item.current_period_end;
  const fraction = end > start ? (end - prorationDate) / (end - start) : 0;
  const period = { start: prorationDate, end };
  const after = prorationDateText(prorationDate);
  const quantityText = (quantity: number) => (quantity === 1 ? "" : `${quantity} × `);
  const oldQuantity = item.quantity ?? 1;
  return [
    {
      amount: -Math.round(item.price.unit_amount! * oldQuantity * fraction),
      description: `Unused time on ${quantityText(oldQuantity)}${productNameOf(em, item.price)} after ${after}`,
      period,
      price: item.price,
      quantity: oldQuantity,
      proration: true,
      subscriptionItem: item.id,
    },
    {
      amount: Math.round(next.price.unit_amount! * next.quantity * fraction),
      description: `Remaining time on ${quantityText(next.quantity)}${productNameOf(em, next.price)} after ${after}`,
      period,
      price: next.price,
      quantity: next.quantity,
      proration: true,
      subscriptionItem: item.id,
    },
  ];
}

function lineItem(
  spec: LineSpec,
  invoiceId: string,
  subscription: string,
  discounts: Stripe.InvoiceLineItem.DiscountAmount[],
): Stripe.InvoiceLineItem {
  return {
    id: newId("il"),
    object: "line_item",
    // A line's amount is before discounts; discount_amounts say what came off.
    amount: spec.amount,
    currency: "usd",
    description: spec.description,
    discount_amounts: discounts,
    discountable: true,
    discounts: discounts.map((d) => d.discount as string),
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      type: "subscription_item_details",
      invoice_item_details: null,
      subscription_item_details: {
        subscription,
        subscription_item: spec.subscriptionItem,
        proration: spec.proration,
        proration_details: { credited_items: null },
        invoice_item: null,
      },
    },
    period: spec.period,
    pretax_credit_amounts: [],
    pricing: {
      type: "price_details",
      price_details: { price: spec.price.id, product: spec.price.product as string },
      unit_amount_decimal: String(spec.price.unit_amount),
    },
    quantity: spec.quantity,
    subscription,
    taxes: [],
  };
}

interface DraftInput {
  id: string;
  reason: "subscription_create" | "subscription_cycle" | "subscription_update";
  lines: LineSpec[];
  period: { start: number; end: number };
  /** The discounts to apply instead of the subscription's (a preview's `discounts`). */
  discounts?: Stripe.Discount[];
}

/**
 * A draft invoice for a subscription: lines, discounts, totals and the customer's credit
 * balance applied. The subscription's discounts apply to its full-period lines only; proration
 * lines take none (an emulator simplification: Stripe discounts prorations too).
 */
export function draftInvoice(
  em: Emulator,
  subscription: Stripe.Subscription,
  input: DraftInput,
): Stored<"invoice"> {
  const { id } = input;
  const perLine = input.lines.map((spec) =>
    spec.proration
      ? []
      : discountAmounts(
          em,
          subscription,
          {
            amount: spec.amount,
            product: spec.price.product as string,
            periodStart: spec.period.start,
          },
          input.discounts,
        ),
  );
  const all = perLine.flat();
  const lines = input.lines.map((spec, i) =>
    lineItem(
      spec,
      id,
      subscription.id,
      perLine[i]!.filter((d) => d.appliesToLine).map((d) => ({
        amount: d.amount,
        discount: d.discount,
      })),
    ),
  );
  const subtotal = input.lines.reduce((sum, spec) => sum + spec.amount, 0);
  const total = subtotal - all.reduce((sum, d) => sum + d.amount, 0);
  const customer = em.store.get(subscription.customer as string, "customer");
  // A credit (negative balance) pays what it can of the invoice; a negative total adds to it.
  const startingBalance = customer?.balance ?? 0;
  const amountDue = Math.max(0, total + startingBalance);
  const now = em.store.now();
  // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
  return {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Regulars (emulated)",
    account_tax_ids: null,
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amountDue,
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
    billing_reason: input.reason,
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
    discounts: [...new Set(all.map((d) => d.discount))],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: "list", data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
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
    period_end: input.period.end,
    period_start: input.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: startingBalance,
    statement_descriptor: null,
    status: "draft",
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total,
    total_discount_amounts: all.map((d) => ({ amount: d.amount, discount: d.discount })),
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}
