import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { invalid, StripeApiError } from "../core/errors";
import { requireObject } from "../core/lookup";
import type { LineSpec, Stored } from "../core/state";
import { prorationLines } from "./invoice-build";
import { invoiceFailed } from "./invoice-payments";
import { createSubscriptionInvoice, defaultPaymentMethodOf } from "./invoices";
import { attemptPayment } from "./payments";

// A subscription's item moving to another price or quantity, and the prorations Stripe makes of
// it. Updates and previews (POST /v1/invoices/create_preview) both go through applyItemChange,
// so a preview and the update it previews bill the same cents.

export type ProrationBehavior = "none" | "always_invoice" | "create_prorations";

export interface ItemChange {
  /** If named, it must be the item's (the emulator's subscriptions have one item each). */
  id?: string;
  price?: string;
  quantity?: number;
}

/** Subscription items still carry the legacy Plan view of their price. */
export function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: "per_unit",
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? "month",
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

/**
 * Moves the item to the new price and quantity and returns the proration lines that makes
 * (none with `none`, during a trial, or when nothing changed). The period and anchor stay: the
 * emulator refuses a price of another interval rather than model the anchor's reset.
 */
export function applyItemChange(
  em: Emulator,
  subscription: Stripe.Subscription,
  change: ItemChange,
  proration: { behavior: ProrationBehavior; date?: number; param: string; dateParam: string },
  account: string | null,
): LineSpec[] {
  const item = subscription.items.data[0]!;
  if (change.id !== undefined && change.id !== item.id)
    throw invalid(`${proration.param}[0][id]`, `No such subscription item: '${change.id}'`);
  const price = change.price ? requireObject(em, change.price, "price", account) : item.price;
  if (!price.recurring)
    throw invalid(`${proration.param}[0][price]`, "The price specified is not recurring.");
  const before = item.price.recurring;
  if (
    price.recurring.interval !== before?.interval ||
    price.recurring.interval_count !== before.interval_count
  )
    throw invalid(
      `${proration.param}[0][price]`,
      "The emulator does not model a change of billing interval: the new price must have the subscription's interval and interval_count.",
    );
  const quantity = change.quantity ?? item.quantity ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1)
    throw invalid(`${proration.param}[0][quantity]`, `Invalid positive integer: ${quantity}`);
  const date = proration.date ?? em.store.now();
  if (date < item.current_period_start || date > item.current_period_end)
    throw invalid(
      proration.dateParam,
      "The proration_date must be within the subscription's current billing period.",
    );
  const isSame = price.id === item.price.id && quantity === (item.quantity ?? 1);
  const lines =
    proration.behavior === "none" || isSame || subscription.status === "trialing"
      ? []
      : prorationLines(em, item, { price, quantity }, date);
  item.price = { ...price };
  item.plan = planOf(price);
  item.quantity = quantity;
  return lines;
}

const noPaymentMethod = () =>
  new StripeApiError(400, {
    type: "invalid_request_error",
    code: "resource_missing",
    message:
      "This customer has no attached payment source or default payment method. Please consider adding a default payment method.",
  });

/**
 * `always_invoice`: the prorations are invoiced now and charged off-session to the default
 * card. Under `error_if_incomplete` a failed charge undoes the update (the subscription as it
 * was, the invoice and its PaymentIntent gone) and answers the card error; otherwise the
 * invoice stays open and is retried like a failed renewal, the subscription past due.
 */
export function invoiceProrations(
  em: Emulator,
  subscription: Stored<"subscription">,
  lines: LineSpec[],
  paymentBehavior: "allow_incomplete" | "error_if_incomplete",
  before: Stored<"subscription">,
) {
  const strict = paymentBehavior === "error_if_incomplete";
  const invoice = createSubscriptionInvoice(em, subscription, "subscription_update", lines);
  if (invoice.status === "paid") {
    em.webhooks.emit("invoice.paid", invoice);
    return;
  }
  const pi = em.store.get(invoice._payment_intent!, "payment_intent")!;
  const pm = defaultPaymentMethodOf(em, subscription);
  if (strict) invoice._undo_on_failure = true;
  const result = pm ? attemptPayment(em, pi, pm, true) : null;
  if (result?.status === "succeeded") return;
  if (!strict) {
    if (!pm) invoiceFailed(em, invoice);
    return;
  }
  const customer = em.store.get(subscription.customer as string, "customer");
  if (customer && customer.balance !== invoice.starting_balance) {
    customer.balance = invoice.starting_balance;
    em.store.put(customer);
  }
  em.store.remove(invoice.id);
  em.store.remove(pi.id);
  em.store.put(before);
  throw result?.status === "failed" ? result.error : noPaymentMethod();
}
