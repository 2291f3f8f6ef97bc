import type Stripe from "stripe";
import type { ItemChange, ProrationBehavior } from "../billing/plan-switch";
import {
  cancelSubscription,
  type NewSubscription,
  startSubscription,
  updateSubscription,
} from "../billing/subscriptions";
import type { Emulator, ParamShape, Route } from "../core/context";
import { invalid, missing, StripeApiError } from "../core/errors";
import { requireAccount, requireObject, requireTransferDestination } from "../core/lookup";
import {
  metadataOf,
  optionalArray,
  optionalBool,
  optionalInt,
  optionalNumber,
  optionalObject,
  optionalString,
  requiredString,
} from "../core/params";
import { billingMode, transferData } from "../core/shapes";
import type { Stored } from "../core/state";
import { requireChild } from "./children";
import { discountsParam, discountsShape } from "./coupons";
import { PAGE_PARAMS } from "./list-params";

export const itemShape: ParamShape = {
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

const trialSettingsShape: ParamShape = { end_behavior: { missing_payment_method: true } };
const MISSING_PAYMENT_METHOD = ["cancel", "create_invoice", "pause"] as const;
type MissingPaymentMethod = (typeof MISSING_PAYMENT_METHOD)[number];
const MAX_TRIAL_DAYS = 730;

function missingPaymentMethodOf(params: Record<string, unknown>): MissingPaymentMethod | undefined {
  const settings = optionalObject(params, "trial_settings");
  if (!settings) return undefined;
  const behavior = (settings.end_behavior as Record<string, unknown> | undefined)
    ?.missing_payment_method;
  if (behavior === undefined) throw missing("trial_settings[end_behavior][missing_payment_method]");
  if (!(MISSING_PAYMENT_METHOD as readonly unknown[]).includes(behavior))
    throw invalid(
      "trial_settings[end_behavior][missing_payment_method]",
      `Invalid trial_settings[end_behavior][missing_payment_method]: must be one of ${MISSING_PAYMENT_METHOD.join(", ")}`,
    );
  return behavior as MissingPaymentMethod;
}

/** `trial_end`: "now" or a Unix time in the future, at most two years ahead. */
function trialEndOf(em: Emulator, params: Record<string, unknown>): number | "now" | undefined {
  const raw = params.trial_end;
  if (raw === undefined || raw === "") return undefined;
  if (raw === "now") return "now";
  const at = Number(raw);
  const now = em.store.now();
  if (!Number.isInteger(at) || at <= now)
    throw invalid(
      "trial_end",
      "Invalid timestamp: must be an integer Unix timestamp in the future, or 'now'.",
    );
  if (at > now + MAX_TRIAL_DAYS * 86_400)
    throw invalid("trial_end", "Invalid timestamp: can be no more than two years in the future.");
  return at;
}

/** When a new subscription's trial ends: from trial_end or trial_period_days; null for none. */
function newTrialEnd(em: Emulator, params: Record<string, unknown>): number | null {
  const end = trialEndOf(em, params);
  const days = optionalInt(params, "trial_period_days");
  if (end !== undefined && days !== undefined)
    throw invalid(
      "trial_end",
      "You may only specify one of these parameters: trial_end, trial_period_days.",
    );
  if (days !== undefined) {
    if (days < 1 || days > MAX_TRIAL_DAYS)
      throw invalid(
        "trial_period_days",
        `Invalid trial_period_days: must be between 1 and ${MAX_TRIAL_DAYS} days.`,
      );
    return em.store.now() + days * 86_400;
  }
  // trial_end=now on create starts the subscription without a trial.
  return end === undefined || end === "now" ? null : end;
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
  const pct = applicationFeePercentOf(params);
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
    trialEnd: newTrialEnd(em, params),
    missingPaymentMethod: missingPaymentMethodOf(params),
    coupons: discountsParam(params).map(({ coupon }, i) => {
      if (!coupon)
        throw invalid(`discounts[${i}][discount]`, "A new subscription can only take coupons.");
      return coupon;
    }),
  };
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

/** `pause_collection`: `{behavior: "void", resumes_at?}`, or "" to clear it. */
function pauseCollectionOf(em: Emulator, params: Record<string, unknown>) {
  if (params.pause_collection === undefined) return undefined;
  if (params.pause_collection === "") return null;
  const pause = optionalObject(params, "pause_collection")!;
  const behavior = pause.behavior;
  if (behavior === undefined) throw missing("pause_collection[behavior]");
  if (behavior !== "void")
    throw invalid(
      "pause_collection[behavior]",
      `The emulator models pause_collection[behavior]=void only, not ${String(behavior)}.`,
    );
  if (pause.resumes_at === undefined || pause.resumes_at === "") return { resumesAt: null };
  const at = Number(pause.resumes_at);
  if (!Number.isInteger(at) || at <= em.store.now())
    throw invalid(
      "pause_collection[resumes_at]",
      "Invalid timestamp: must be an integer Unix timestamp in the future.",
    );
  return { resumesAt: at };
}

const PRORATION_BEHAVIORS = ["none", "always_invoice", "create_prorations"] as const;

/** `proration_behavior` (Stripe's three), or undefined when not given. */
export function prorationBehaviorOf(
  params: Record<string, unknown>,
  /** How the error names the param (a nested one's full name). */
  label = "proration_behavior",
): ProrationBehavior | undefined {
  const value = optionalString(params, "proration_behavior");
  if (value === undefined) return undefined;
  if (!(PRORATION_BEHAVIORS as readonly string[]).includes(value))
    throw invalid(label, `Invalid ${label}: must be one of ${PRORATION_BEHAVIORS.join(", ")}`);
  return value as ProrationBehavior;
}

/** On update, a proration invoice either undoes the update when unpaid or waits, past due. */
function updatePaymentBehaviorOf(params: Record<string, unknown>) {
  const value = optionalString(params, "payment_behavior");
  if (value === undefined || value === "allow_incomplete" || value === "error_if_incomplete")
    return value;
  throw invalid(
    "payment_behavior",
    `The emulator models payment_behavior allow_incomplete and error_if_incomplete on update, not ${value}.`,
  );
}

const SUBSCRIPTION_BEHAVIORS = [
  "default_incomplete",
  "allow_incomplete",
  "error_if_incomplete",
  "pending_if_incomplete",
];

/** One `items[i]` of an update or a preview: the item, and its new price or quantity. */
export function itemChangeOf(raw: Record<string, unknown>): ItemChange {
  return {
    id: raw.id === undefined ? undefined : String(raw.id),
    price: raw.price ? String(raw.price) : undefined,
    quantity: raw.quantity === undefined ? undefined : Number(raw.quantity),
  };
}

/** Stripe's rule: a percentage from 0 to 100 with at most two decimals; "" clears it. */
function applicationFeePercentOf(params: Record<string, unknown>): number | null | undefined {
  if (params.application_fee_percent === "") return null;
  const pct = optionalNumber(params, "application_fee_percent");
  if (pct === undefined) return undefined;
  if (pct < 0 || pct > 100 || Math.abs(Math.round(pct * 100) - pct * 100) > 1e-6)
    throw invalid(
      "application_fee_percent",
      "application_fee_percent must be a number from 0 to 100 with at most two decimal places.",
    );
  return pct;
}

function updateFromParams(
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
  const first = optionalArray(params, "items")?.[0] as Record<string, unknown> | undefined;
  return updateSubscription(
    em,
    subscription,
    {
      cancelAtPeriodEnd: optionalBool(params, "cancel_at_period_end"),
      cancellationDetails: cancellationDetailsOf(params),
      defaultPaymentMethod:
        params.default_payment_method === undefined
          ? undefined
          : (optionalString(params, "default_payment_method") ?? null),
      item: first && itemChangeOf(first),
      prorationBehavior: prorationBehaviorOf(params),
      prorationDate: optionalInt(params, "proration_date"),
      paymentBehavior: updatePaymentBehaviorOf(params),
      pauseCollection: pauseCollectionOf(em, params),
      metadata: params.metadata === undefined ? undefined : metadataOf(params),
      description: optionalString(params, "description"),
      trialEnd: trialEndOf(em, params),
      missingPaymentMethod: missingPaymentMethodOf(params),
      discounts: params.discounts === undefined ? undefined : discountsParam(params),
      applicationFeePercent: applicationFeePercentOf(params),
    },
    account,
  );
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
      "trial_period_days",
      "trial_end",
      "trial_settings",
      "trial_from_plan",
      // basil removed the singular coupon and promotion_code: they are unknown parameters.
      "discounts",
    ],
    nested: {
      items: itemShape,
      discounts: discountsShape,
      payment_settings: paymentSettingsShape,
      trial_settings: trialSettingsShape,
      transfer_data: transferData,
      billing_mode: billingMode,
    },
    handle: (em, { params, account }) => {
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
      "trial_end",
      "trial_settings",
      "trial_from_plan",
      "discounts",
      "pause_collection",
      "proration_date",
      "application_fee_percent",
    ],
    nested: {
      items: itemShape,
      discounts: discountsShape,
      pause_collection: { behavior: true, resumes_at: true },
      cancellation_details: { comment: true, feedback: true },
      trial_settings: trialSettingsShape,
    },
    handle: (em, { params, account }, path) =>
      updateFromParams(em, requireObject(em, path.id, "subscription", account), params, account),
  },
  {
    method: "DELETE",
    path: "/v1/subscriptions/:id{sub_\\w+}",
    allowed: ["invoice_now", "prorate", "cancellation_details", "expand"],
    nested: { cancellation_details: { comment: true, feedback: true } },
    handle: (em, { params, account }, path) => {
      const subscription = requireObject(em, path.id, "subscription", account);
      const details = cancellationDetailsOf(params);
      return cancelSubscription(em, subscription, {
        comment: details.comment || null,
        feedback: details.feedback || null,
      });
    },
  },
  {
    method: "GET",
    path: "/v1/subscription_items",
    allowed: ["subscription", ...PAGE_PARAMS],
    handle: (em, { params, account }) =>
      requireObject(em, requiredString(params, "subscription"), "subscription", account).items.data,
  },
  {
    method: "GET",
    path: "/v1/subscription_items/:id{si_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => {
      const items = em.store
        .listFor("subscription", account, (s) => s.items.data.some((i) => i.id === path.id))
        .flatMap((s) => s.items.data);
      return requireChild(items, path.id, "subscription item");
    },
  },
  {
    method: "GET",
    path: "/v1/subscriptions",
    allowed: ["customer", "status", "price", "created", "collection_method", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
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
