import type Stripe from "stripe";
import { createSubscriptionInvoice, voidInvoice } from "../billing/invoices";
import { attemptPayment } from "../billing/payments";
import { addMonth } from "../billing/periods";
import { setSubscriptionStatus } from "../billing/subscription-status";
import type { Emulator, ParamShape, Route } from "../core/context";
import { invalid, missing, StripeApiError } from "../core/errors";
import { requireAccount, requireObject, requireTransferDestination } from "../core/lookup";
import {
  metadataOf,
  optionalArray,
  optionalBool,
  optionalNumber,
  optionalObject,
  optionalString,
  requiredString,
} from "../core/params";
import { billingMode, transferData } from "../core/shapes";
import type { Stored } from "../core/state";
import { newId } from "../core/state";

export interface NewSubscription {
  customer: string;
  priceId: string;
  quantity: number;
  defaultPaymentMethod: string | null;
  applicationFeePercent: number | null;
  destination: string | null;
  onBehalfOf: string | null;
  metadata: Record<string, string>;
  saveDefaultPaymentMethod: string | null;
}

const itemShape: ParamShape = {
  id: true,
  price: true,
  quantity: true,
  metadata: "any",
  deleted: true,
  clear_usage: true,
  discounts: "any",
  price_data: "any",
  tax_rates: "any",
};
const paymentSettingsShape: ParamShape = {
  save_default_payment_method: true,
  payment_method_types: "any",
  payment_method_options: "any",
};

/** Subscription items still carry the legacy Plan view of their price. */
function planOf(price: Stripe.Price): Stripe.Plan {
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

function buildSubscription(
  em: Emulator,
  input: NewSubscription,
  account: string | null,
): Stripe.Subscription {
  const price = requireObject(em, input.priceId, "price", account);
  if (!price.active)
    throw invalid(
      "items[0][price]",
      "The price specified is inactive. This field only accepts active prices.",
    );
  if (!price.recurring) throw invalid("items[0][price]", "The price specified is not recurring.");
  if (input.defaultPaymentMethod) {
    const pm = requireObject(em, input.defaultPaymentMethod, "payment_method", account);
    if (pm.customer !== input.customer)
      throw invalid(
        "default_payment_method",
        "The customer does not have a payment method with the ID provided.",
      );
  }
  const now = em.store.now();
  const id = newId("sub");
  // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
  const subscription: Stripe.Subscription = {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: input.applicationFeePercent,
    automatic_tax: { enabled: false, liability: null, disabled_reason: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { type: "classic", updated_at: now },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: "charge_automatically",
    created: now,
    currency: price.currency,
    customer: input.customer,
    days_until_due: null,
    default_payment_method: input.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
    items: {
      object: "list",
      data: [
        {
          id: newId("si"),
          object: "subscription_item",
          billing_thresholds: null,
          created: now,
          current_period_start: now,
          current_period_end: addMonth(now),
          discounts: [],
          metadata: {},
          plan: planOf(price),
          price: { ...price },
          quantity: input.quantity,
          subscription: id,
          tax_rates: [],
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: input.onBehalfOf,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method:
        input.saveDefaultPaymentMethod === "on_subscription" ? "on_subscription" : "off",
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: "incomplete",
    test_clock: null,
    transfer_data: input.destination
      ? { destination: input.destination, amount_percent: null }
      : null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
    trial_start: null,
  };
  return em.store.put(subscription, account);
}

function readNewSubscription(
  em: Emulator,
  params: Record<string, unknown>,
  account: string | null,
): NewSubscription {
  const customer = requiredString(params, "customer");
  requireObject(em, customer, "customer", account);
  const items = optionalArray(params, "items");
  if (!items || items.length === 0) throw missing("items");
  if (items.length > 1) throw invalid("items", "The emulator supports one item per subscription.");
  const first = items[0] as Record<string, unknown>;
  if (!first?.price) throw missing("items[0][price]");
  const transfer = optionalObject(params, "transfer_data");
  const destination = transfer ? String(transfer.destination ?? "") : null;
  if (transfer && !destination) throw missing("transfer_data[destination]");
  if (destination) requireTransferDestination(em, destination, "transfer_data[destination]");
  const pct = optionalNumber(params, "application_fee_percent");
  if (pct !== undefined && (pct < 0 || pct > 100))
    throw invalid("application_fee_percent", "application_fee_percent must be between 0 and 100.");
  const onBehalfOf = optionalString(params, "on_behalf_of") ?? null;
  if (onBehalfOf) requireAccount(em, onBehalfOf);
  const settings = optionalObject(params, "payment_settings");
  const quantity = Number(first.quantity ?? 1);
  if (!Number.isInteger(quantity) || quantity < 1)
    throw invalid("items[0][quantity]", `Invalid positive integer: ${String(first.quantity)}`);
  return {
    customer,
    priceId: String(first.price),
    quantity,
    defaultPaymentMethod: optionalString(params, "default_payment_method") ?? null,
    applicationFeePercent: pct ?? null,
    destination: destination || null,
    onBehalfOf,
    metadata: metadataOf(params),
    saveDefaultPaymentMethod: settings?.save_default_payment_method
      ? String(settings.save_default_payment_method)
      : null,
  };
}

/** Starts a subscription: the first invoice, and a charge unless the caller confirms later. */
export function startSubscription(
  em: Emulator,
  input: NewSubscription,
  account: string | null,
  behavior: string,
) {
  const subscription = buildSubscription(em, input, account);
  const invoice = createSubscriptionInvoice(em, subscription, "subscription_create");
  // Stripe's created event already names the first invoice.
  em.webhooks.emit("customer.subscription.created", subscription);
  if (invoice.status === "paid") {
    setSubscriptionStatus(em, subscription, "active");
    em.webhooks.emit("invoice.paid", invoice);
    return em.store.get(subscription.id, "subscription")!;
  }
  if (behavior !== "default_incomplete") {
    const pi = em.store.get(invoice._payment_intent!, "payment_intent")!;
    const pm = pi.payment_method as string | null;
    if (pm) {
      const result = attemptPayment(em, pi, pm, false);
      if (result.status === "failed" && behavior === "error_if_incomplete") {
        // Stripe creates nothing when the first payment fails under error_if_incomplete.
        for (const id of [subscription.id, invoice.id, pi.id]) em.store.remove(id);
        throw result.error;
      }
    }
  }
  return em.store.get(subscription.id, "subscription")!;
}

/**
 * cancellation_details as given (form values are strings). Feedback is passed through as
 * given: the emulator does not check it against Stripe's list of reasons.
 */
function cancellationDetailsOf(params: Record<string, unknown>) {
  const details = optionalObject(params, "cancellation_details") ?? {};
  return {
    comment: details.comment ? String(details.comment) : undefined,
    feedback: details.feedback
      ? (String(details.feedback) as Stripe.Subscription.CancellationDetails.Feedback)
      : undefined,
  };
}

const SUBSCRIPTION_BEHAVIORS = [
  "default_incomplete",
  "allow_incomplete",
  "error_if_incomplete",
  "pending_if_incomplete",
];

function updateSubscription(
  em: Emulator,
  subscription: Stored<"subscription">,
  params: Record<string, unknown>,
  account: string | null,
) {
  if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
    const onlyMetadata = Object.keys(params).every((k) =>
      ["metadata", "cancellation_details", "expand"].includes(k),
    );
    if (!onlyMetadata)
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        message: "A canceled subscription can only update its cancellation_details and metadata.",
      });
  }
  const previous: Record<string, unknown> = {};
  // The emulator's subscriptions have one item each.
  const item = subscription.items.data[0]!;
  const cancelAtPeriodEnd = optionalBool(params, "cancel_at_period_end");
  if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    previous.cancel_at = subscription.cancel_at;
    subscription.cancel_at_period_end = cancelAtPeriodEnd;
    subscription.cancel_at = cancelAtPeriodEnd ? item.current_period_end : null;
    subscription.canceled_at = cancelAtPeriodEnd ? em.store.now() : null;
    const details = cancellationDetailsOf(params);
    subscription.cancellation_details = {
      comment: cancelAtPeriodEnd && details.comment ? details.comment : null,
      feedback: cancelAtPeriodEnd && details.feedback ? details.feedback : null,
      reason: cancelAtPeriodEnd ? "cancellation_requested" : null,
    };
  }
  if (params.default_payment_method !== undefined) {
    const pm = optionalString(params, "default_payment_method") ?? null;
    if (pm) {
      const method = requireObject(em, pm, "payment_method", account);
      if (method.customer !== subscription.customer)
        throw invalid(
          "default_payment_method",
          "The customer does not have a payment method with the ID provided.",
        );
    }
    previous.default_payment_method = subscription.default_payment_method;
    subscription.default_payment_method = pm;
  }
  const items = optionalArray(params, "items");
  const first = items?.[0] as Record<string, unknown> | undefined;
  if (first?.id !== undefined && first.id !== item.id)
    throw invalid("items[0][id]", `No such subscription item: '${String(first.id)}'`);
  if (first?.price) {
    const price = requireObject(em, String(first.price), "price", account);
    if (!price.recurring) throw invalid("items[0][price]", "The price specified is not recurring.");
    previous.items = { ...subscription.items, data: [{ ...item }] };
    item.price = { ...price };
    item.plan = planOf(price);
  }
  if (first?.quantity !== undefined) {
    previous.items ??= { ...subscription.items, data: [{ ...item }] };
    item.quantity = Number(first.quantity);
  }
  if (params.metadata !== undefined) {
    previous.metadata = subscription.metadata;
    // Stripe merges metadata keys; an empty value removes a key.
    const merged: Record<string, string> = { ...subscription.metadata, ...metadataOf(params) };
    subscription.metadata = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== ""));
  }
  const description = optionalString(params, "description");
  if (description !== undefined) subscription.description = description;
  em.store.put(subscription);
  if (Object.keys(previous).length > 0)
    em.webhooks.emit("customer.subscription.updated", subscription, { previous });
  return subscription;
}

export const subscriptionRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/subscriptions",
    allowed: [
      "customer",
      "items",
      "payment_behavior",
      "payment_settings",
      "default_payment_method",
      "transfer_data",
      "on_behalf_of",
      "application_fee_percent",
      "metadata",
      "expand",
      "collection_method",
      "description",
      "billing_mode",
      "off_session",
      "proration_behavior",
      "cancel_at_period_end",
    ],
    nested: {
      items: itemShape,
      payment_settings: paymentSettingsShape,
      transfer_data: transferData,
      billing_mode: billingMode,
    },
    handle(em, { params, account }) {
      const behavior = optionalString(params, "payment_behavior") ?? "allow_incomplete";
      if (!SUBSCRIPTION_BEHAVIORS.includes(behavior))
        throw invalid("payment_behavior", `Invalid payment_behavior: ${behavior}`);
      const collection = optionalString(params, "collection_method");
      if (collection && collection !== "charge_automatically")
        throw invalid("collection_method", "The emulator supports charge_automatically only.");
      return startSubscription(em, readNewSubscription(em, params, account), account, behavior);
    },
  },
  {
    method: "GET",
    path: "/v1/subscriptions/:id{sub_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "subscription", account),
  },
  {
    method: "POST",
    path: "/v1/subscriptions/:id{sub_\\w+}",
    allowed: [
      "cancel_at_period_end",
      "default_payment_method",
      "metadata",
      "items",
      "expand",
      "proration_behavior",
      "description",
      "payment_behavior",
      "cancellation_details",
    ],
    nested: { items: itemShape, cancellation_details: { comment: true, feedback: true } },
    handle: (em, { params, account }, path) =>
      updateSubscription(em, requireObject(em, path.id, "subscription", account), params, account),
  },
  {
    method: "DELETE",
    path: "/v1/subscriptions/:id{sub_\\w+}",
    allowed: ["invoice_now", "prorate", "cancellation_details", "expand"],
    nested: { cancellation_details: { comment: true, feedback: true } },
    handle(em, { params, account }, path) {
      const subscription = requireObject(em, path.id, "subscription", account);
      if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
        throw new StripeApiError(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "id",
          message: `No such subscription: '${subscription.id}'`,
        });
      }
      const details = cancellationDetailsOf(params);
      subscription.cancellation_details = {
        comment: details.comment || null,
        feedback: details.feedback || null,
        reason: "cancellation_requested",
      };
      // Voids what is still owed and its PaymentIntent, as an immediate cancellation does.
      const open = em.store.get(String(subscription.latest_invoice), "invoice");
      if (open) voidInvoice(em, open, "void_invoice");
      setSubscriptionStatus(em, subscription, "canceled");
      return em.store.get(subscription.id, "subscription")!;
    },
  },
  {
    method: "GET",
    path: "/v1/subscriptions",
    allowed: [
      "customer",
      "status",
      "price",
      "limit",
      "starting_after",
      "ending_before",
      "expand",
      "created",
      "collection_method",
    ],
    handle(em, { params, account }) {
      const customer = optionalString(params, "customer");
      const status = optionalString(params, "status");
      const price = optionalString(params, "price");
      const statuses = [
        "active",
        "past_due",
        "unpaid",
        "canceled",
        "incomplete",
        "incomplete_expired",
        "trialing",
        "paused",
        "all",
        "ended",
      ];
      if (status && !statuses.includes(status))
        throw invalid("status", `Invalid status: must be one of ${statuses.join(", ")}`);
      return em.store.listFor(
        "subscription",
        account,
        (s) =>
          (!customer || s.customer === customer) &&
          (status === "all" ||
            (status === "ended"
              ? s.status === "canceled" || s.status === "incomplete_expired"
              : status
                ? s.status === status
                : s.status !== "canceled")) &&
          (!price || s.items.data[0]?.price.id === price),
      );
    },
  },
];
