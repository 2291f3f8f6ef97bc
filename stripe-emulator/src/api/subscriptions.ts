import {
  addMonth,
  attemptPayment,
  createSubscriptionInvoice,
  type Obj,
  setSubscriptionStatus,
  succeed,
} from "../core/billing";
import type { Emulator, Route } from "../core/context";
import { invalid, missing, StripeApiError } from "../core/errors";
import {
  metadataOf,
  optionalArray,
  optionalBool,
  optionalNumber,
  optionalObject,
  optionalString,
  requiredString,
} from "../core/params";
import { newId } from "../core/state";
import { requireObject } from "./catalogue";

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

export function buildSubscription(
  em: Emulator,
  input: NewSubscription,
  account: string | null,
): Obj {
  const price = requireObject(em, input.priceId, "price");
  if (!price.active)
    throw invalid(
      "items[0][price]",
      `The price specified is inactive. This field only accepts active prices.`,
    );
  if (!price.recurring) throw invalid("items[0][price]", "The price specified is not recurring.");
  if (input.defaultPaymentMethod) {
    const pm = requireObject(em, input.defaultPaymentMethod, "payment_method");
    if (pm.customer !== input.customer)
      throw invalid(
        "default_payment_method",
        "The customer does not have a payment method with the ID provided.",
      );
  }
  const now = em.store.now();
  const id = newId("sub");
  return em.store.put(
    {
      id,
      object: "subscription",
      application: null,
      application_fee_percent: input.applicationFeePercent,
      automatic_tax: { enabled: false, liability: null },
      billing_cycle_anchor: now,
      billing_mode: { type: "classic" },
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
      description: null,
      discounts: [],
      ended_at: null,
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            created: now,
            current_period_start: now,
            current_period_end: addMonth(now),
            metadata: {},
            price: { ...price },
            quantity: input.quantity,
            subscription: id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: input.metadata,
      on_behalf_of: input.onBehalfOf,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: input.saveDefaultPaymentMethod ?? "off",
      },
      pending_setup_intent: null,
      start_date: now,
      status: "incomplete",
      test_clock: null,
      transfer_data: input.destination
        ? { destination: input.destination, amount_percent: null }
        : null,
      trial_end: null,
      trial_start: null,
    },
    account,
  );
}

function readNewSubscription(em: Emulator, params: Record<string, unknown>): NewSubscription {
  const customer = requiredString(params, "customer");
  requireObject(em, customer, "customer");
  const items = optionalArray(params, "items");
  if (!items || items.length === 0) throw missing("items");
  const first = items[0] as Record<string, unknown>;
  if (!first?.price) throw missing("items[0][price]");
  const transfer = optionalObject(params, "transfer_data");
  const destination = transfer ? String(transfer.destination ?? "") : null;
  if (destination) requireObject(em, destination, "account");
  const pct = optionalNumber(params, "application_fee_percent");
  if (pct !== undefined && (pct < 0 || pct > 100))
    throw invalid("application_fee_percent", "application_fee_percent must be between 0 and 100.");
  const onBehalfOf = optionalString(params, "on_behalf_of") ?? null;
  if (onBehalfOf) requireObject(em, onBehalfOf, "account");
  const settings = optionalObject(params, "payment_settings");
  return {
    customer,
    priceId: String(first.price),
    quantity: Number(first.quantity ?? 1),
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
  em.webhooks.emit("customer.subscription.created", subscription);
  const invoice = createSubscriptionInvoice(em, subscription, "subscription_create");
  if (invoice.status === "paid") {
    setSubscriptionStatus(em, subscription, "active");
    em.webhooks.emit("invoice.paid", invoice);
    return em.store.get<Obj>(subscription.id)!;
  }
  if (behavior !== "default_incomplete") {
    const customer = em.store.get<Obj>(input.customer)!;
    const pm =
      input.defaultPaymentMethod ??
      (customer.invoice_settings?.default_payment_method as string | null);
    const pi = em.store.get<Obj>(invoice._payment_intent as string)!;
    if (pm) {
      const result = attemptPayment(em, pi, pm, false);
      if (result.status === "failed" && behavior === "error_if_incomplete") throw result.error;
    }
  }
  return em.store.get<Obj>(subscription.id)!;
}

function requirePaymentIntent(em: Emulator, id: string) {
  return requireObject(em, id, "payment_intent");
}

export const subscriptionRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/v1\/subscriptions$/,
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
      "trial_period_days",
      "cancel_at_period_end",
    ],
    handle(em, { params, account }) {
      const behavior = optionalString(params, "payment_behavior") ?? "allow_incomplete";
      if (
        ![
          "default_incomplete",
          "allow_incomplete",
          "error_if_incomplete",
          "pending_if_incomplete",
        ].includes(behavior)
      ) {
        throw invalid("payment_behavior", `Invalid payment_behavior: ${behavior}`);
      }
      return startSubscription(em, readNewSubscription(em, params), account, behavior);
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/subscriptions\/(sub_\w+)$/,
    allowed: ["expand"],
    handle: (em, _req, match) => requireObject(em, match[1]!, "subscription"),
  },
  {
    method: "POST",
    pattern: /^\/v1\/subscriptions\/(sub_\w+)$/,
    allowed: [
      "cancel_at_period_end",
      "default_payment_method",
      "metadata",
      "items",
      "expand",
      "proration_behavior",
      "description",
      "payment_behavior",
    ],
    handle(em, { params }, match) {
      const subscription = requireObject(em, match[1]!, "subscription");
      if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
        throw new StripeApiError(400, {
          type: "invalid_request_error",
          message: "A canceled subscription can only update its cancellation_details and metadata.",
        });
      }
      const previous: Record<string, unknown> = {};
      const cancelAtPeriodEnd = optionalBool(params, "cancel_at_period_end");
      if (cancelAtPeriodEnd !== undefined) {
        previous.cancel_at_period_end = subscription.cancel_at_period_end;
        subscription.cancel_at_period_end = cancelAtPeriodEnd;
        subscription.cancel_at = cancelAtPeriodEnd
          ? subscription.items.data[0].current_period_end
          : null;
      }
      const pm = optionalString(params, "default_payment_method");
      if (pm !== undefined) {
        const method = requireObject(em, pm, "payment_method");
        if (method.customer !== subscription.customer)
          throw invalid(
            "default_payment_method",
            "The customer does not have a payment method with the ID provided.",
          );
        previous.default_payment_method = subscription.default_payment_method;
        subscription.default_payment_method = pm;
      }
      const items = optionalArray(params, "items");
      if (items && items.length > 0) {
        const first = items[0] as Record<string, unknown>;
        if (first.price) {
          const price = requireObject(em, String(first.price), "price");
          subscription.items.data[0].price = { ...price };
        }
      }
      if (params.metadata !== undefined)
        subscription.metadata = { ...subscription.metadata, ...metadataOf(params) };
      em.store.put(subscription);
      em.webhooks.emit("customer.subscription.updated", subscription, { previous });
      return subscription;
    },
  },
  {
    method: "DELETE",
    pattern: /^\/v1\/subscriptions\/(sub_\w+)$/,
    allowed: ["invoice_now", "prorate", "cancellation_details", "expand"],
    handle(em, _req, match) {
      const subscription = requireObject(em, match[1]!, "subscription");
      if (subscription.status === "canceled") {
        throw new StripeApiError(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "id",
          message: `No such subscription: '${subscription.id}'`,
        });
      }
      subscription.cancellation_details = {
        comment: null,
        feedback: null,
        reason: "cancellation_requested",
      };
      setSubscriptionStatus(em, subscription, "canceled");
      return em.store.get<Obj>(subscription.id)!;
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/subscriptions$/,
    allowed: [
      "customer",
      "status",
      "price",
      "limit",
      "starting_after",
      "ending_before",
      "expand",
      "created",
    ],
    handle(em, { params }) {
      const customer = optionalString(params, "customer");
      const status = optionalString(params, "status");
      const price = optionalString(params, "price");
      return em.store.list<Obj>(
        "subscription",
        (s) =>
          (!customer || s.customer === customer) &&
          (status
            ? status === "all" || s.status === status
            : s.status !== "canceled" && s.status !== "incomplete_expired") &&
          (!price || s.items.data[0].price.id === price),
      );
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/invoices\/(in_\w+)$/,
    allowed: ["expand"],
    handle: (em, _req, match) => requireObject(em, match[1]!, "invoice"),
  },
  {
    method: "GET",
    pattern: /^\/v1\/invoices$/,
    allowed: [
      "customer",
      "subscription",
      "status",
      "limit",
      "starting_after",
      "ending_before",
      "expand",
      "created",
    ],
    handle(em, { params }) {
      const customer = optionalString(params, "customer");
      const subscription = optionalString(params, "subscription");
      const status = optionalString(params, "status");
      return em.store.list<Obj>(
        "invoice",
        (i) =>
          (!customer || i.customer === customer) &&
          (!subscription || i.parent?.subscription_details?.subscription === subscription) &&
          (!status || i.status === status),
      );
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/invoice_payments$/,
    allowed: ["invoice", "limit", "starting_after", "ending_before", "expand", "payment"],
    handle(em, { params }) {
      const invoice = requireObject(em, requiredString(params, "invoice"), "invoice");
      return (invoice._payments as Obj[] | undefined) ?? [];
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/payment_intents\/(pi_\w+)$/,
    allowed: ["expand", "client_secret"],
    publishable: true,
    handle(em, { params, keyKind }, match) {
      const pi = requirePaymentIntent(em, match[1]!);
      if (keyKind === "publishable" && params.client_secret !== pi.client_secret)
        throw invalid(
          "client_secret",
          "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
        );
      return pi;
    },
  },
  {
    method: "GET",
    pattern: /^\/v1\/payment_intents$/,
    allowed: ["customer", "limit", "starting_after", "ending_before", "expand", "created"],
    handle(em, { params }) {
      const customer = optionalString(params, "customer");
      return em.store.list<Obj>("payment_intent", (p) => !customer || p.customer === customer);
    },
  },
  {
    method: "POST",
    pattern: /^\/v1\/payment_intents\/(pi_\w+)\/confirm$/,
    allowed: [
      "payment_method",
      "client_secret",
      "return_url",
      "off_session",
      "expand",
      "use_stripe_sdk",
      "payment_method_options",
      "mandate_data",
      "save_payment_method",
      "setup_future_usage",
    ],
    publishable: true,
    handle(em, { params, keyKind }, match) {
      const pi = requirePaymentIntent(em, match[1]!);
      if (keyKind === "publishable" && params.client_secret !== pi.client_secret)
        throw invalid(
          "client_secret",
          "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
        );
      if (pi.status === "succeeded") {
        throw new StripeApiError(400, {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message:
            "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
        });
      }
      const pm = optionalString(params, "payment_method") ?? (pi.payment_method as string | null);
      if (!pm) throw missing("payment_method");
      const method = requireObject(em, pm, "payment_method");
      if (pi.customer && !method.customer) {
        method.customer = pi.customer;
        em.store.put(method);
      }
      const result = attemptPayment(em, pi, pm, optionalBool(params, "off_session") ?? false);
      if (result.status === "failed") throw result.error;
      const returnUrl = optionalString(params, "return_url");
      if (result.status === "requires_action" && returnUrl) {
        pi.next_action = {
          type: "redirect_to_url",
          redirect_to_url: { url: `${em.baseUrl}/3ds/${pi.id}`, return_url: returnUrl },
        };
        em.store.put(pi);
      }
      return em.store.get<Obj>(pi.id)!;
    },
  },
];

/** The 3-D Secure page's answer: the payment goes through, or fails authentication. */
export function answerThreeDSecure(em: Emulator, pi: Obj, outcome: "complete" | "fail") {
  if (pi.status !== "requires_action") return pi;
  if (outcome === "complete") {
    pi._authenticated = true;
    const pm = em.store.get<Obj>(pi.payment_method as string);
    if (pm) {
      pm._authenticated = true;
      em.store.put(pm);
    }
    succeed(em, pi);
  } else {
    pi.status = "requires_payment_method";
    pi.next_action = null;
    pi.last_payment_error = {
      type: "card_error",
      code: "payment_intent_authentication_failure",
      message:
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    };
    em.store.put(pi);
    em.webhooks.emit("payment_intent.payment_failed", pi);
  }
  return em.store.get<Obj>(pi.id)!;
}
