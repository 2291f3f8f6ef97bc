import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { invalid, missing, StripeApiError } from "../core/errors";
import { requireObject } from "../core/lookup";
import { type LineSpec, newId, type Stored } from "../core/state";
import { redeemCoupon, requireRedeemable, unredeem } from "./coupons";
import { dropSpentDiscounts } from "./discounts";
import { createSubscriptionInvoice, voidInvoice } from "./invoices";
import { attemptPayment } from "./payments";
import { periodEndOf } from "./periods";
import {
  applyItemChange,
  type ItemChange,
  invoiceProrations,
  type ProrationBehavior,
  planOf,
} from "./plan-switch";
import { createSetupIntent } from "./setup-intents";
import { setSubscriptionStatus } from "./subscription-status";
import { changeTrialEnd, remindIfDue } from "./trials";

// Subscriptions: how one starts (its first invoice and payment) and how it is canceled.

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
  /** When a free trial ends; null or absent: no trial. */
  trialEnd?: number | null;
  missingPaymentMethod?: Stripe.Subscription.TrialSettings.EndBehavior.MissingPaymentMethod;
  /** Coupons to redeem on it (`discounts[i][coupon]`), checked before anything is made. */
  coupons?: string[];
  /** The Checkout Session that starts it, named on its discounts. */
  checkoutSession?: string | null;
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
  const coupons = (input.coupons ?? []).map((coupon, i) =>
    requireRedeemable(em, coupon, `discounts[${i}][coupon]`, account),
  );
  const now = em.store.now();
  const id = newId("sub");
  const trialEnd = input.trialEnd ?? null;
  // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
  const subscription: Stripe.Subscription = {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: input.applicationFeePercent,
    automatic_tax: { enabled: false, liability: null, disabled_reason: null },
    // A trial's end is where the paid periods start.
    billing_cycle_anchor: trialEnd ?? now,
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
          current_period_end: trialEnd ?? periodEndOf(price, now),
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
    status: trialEnd ? "trialing" : "incomplete",
    test_clock: null,
    transfer_data: input.destination
      ? { destination: input.destination, amount_percent: null }
      : null,
    trial_end: trialEnd,
    trial_settings: {
      end_behavior: { missing_payment_method: input.missingPaymentMethod ?? "create_invoice" },
    },
    trial_start: trialEnd ? now : null,
  };
  subscription.discounts = coupons.map(
    (coupon) =>
      redeemCoupon(
        em,
        coupon,
        {
          customer: input.customer,
          subscription: id,
          checkoutSession: input.checkoutSession ?? null,
        },
        account,
      ).id,
  );
  return em.store.put(subscription, account);
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
  const trialing = subscription.status === "trialing";
  if (trialing && behavior === "default_incomplete") {
    // Nothing to pay yet: the browser saves the card through this SetupIntent instead.
    const setup = createSetupIntent(
      em,
      {
        customer: input.customer,
        paymentMethod: null,
        usage: "off_session",
        description: null,
        metadata: {},
        subscription: subscription.id,
      },
      account,
    );
    subscription.pending_setup_intent = setup.id;
    em.store.put(subscription);
  }
  // Stripe's created event already names the first invoice.
  em.webhooks.emit("customer.subscription.created", subscription);
  if (invoice.status === "paid") {
    if (!trialing) setSubscriptionStatus(em, subscription, "active");
    em.webhooks.emit("invoice.paid", invoice);
    if (trialing) remindIfDue(em, subscription);
    dropSpentDiscounts(em, subscription, invoice);
    return em.store.get(subscription.id, "subscription")!;
  }
  if (behavior !== "default_incomplete") {
    const pi = em.store.get(invoice._payment_intent!, "payment_intent")!;
    const pm = pi.payment_method as string | null;
    if (pm) {
      const result = attemptPayment(em, pi, pm, false);
      if (result.status === "failed" && behavior === "error_if_incomplete") {
        // Stripe creates nothing when the first payment fails under error_if_incomplete.
        for (const id of subscription.discounts as string[]) unredeem(em, id);
        for (const id of [subscription.id, invoice.id, pi.id]) em.store.remove(id);
        throw result.error;
      }
    }
  }
  dropSpentDiscounts(em, em.store.get(subscription.id, "subscription")!, invoice);
  return em.store.get(subscription.id, "subscription")!;
}

/** What an update asks for; each field left undefined stays as it is. */
export interface SubscriptionUpdate {
  cancelAtPeriodEnd?: boolean;
  /** Kept only with `cancelAtPeriodEnd: true`. */
  cancellationDetails: {
    comment?: string;
    feedback?: Stripe.Subscription.CancellationDetails.Feedback;
  };
  defaultPaymentMethod?: string | null;
  /** The one item: its id (if named, it must be the item's), a new price, a new quantity. */
  item?: ItemChange;
  /** Stripe's default is create_prorations. */
  prorationBehavior?: ProrationBehavior;
  prorationDate?: number;
  /** How a proration invoice that cannot be paid ends (allow_incomplete by default). */
  paymentBehavior?: "allow_incomplete" | "error_if_incomplete";
  /** pause_collection: only `void` is modelled; null clears it. */
  pauseCollection?: { resumesAt: number | null } | null;
  /** Merged into the subscription's; an empty value removes a key. */
  metadata?: Record<string, string>;
  description?: string;
  /** The platform's share of each invoice made from now on (one already finalized keeps its). */
  applicationFeePercent?: number | null;
  /** Ends a trial ("now") or (re)starts one that ends then. */
  trialEnd?: number | "now";
  missingPaymentMethod?: Stripe.Subscription.TrialSettings.EndBehavior.MissingPaymentMethod;
  /** Replaces the discounts: each names a coupon to redeem or one of its discounts to keep. */
  discounts?: Array<{ coupon?: string; discount?: string }>;
}

/**
 * The discounts an update asks for, checked before anything changes: a kept discount id, or a
 * coupon to redeem (one the subscription already has a discount of keeps that discount).
 */
function planDiscounts(
  em: Emulator,
  subscription: Stored<"subscription">,
  wanted: Array<{ coupon?: string; discount?: string }>,
  account: string | null,
) {
  const current = subscription.discounts as string[];
  return wanted.map((entry, i) => {
    if (entry.discount !== undefined) {
      if (!current.includes(entry.discount))
        throw invalid(`discounts[${i}][discount]`, `No such discount: '${entry.discount}'`);
      return entry.discount;
    }
    if (!entry.coupon) throw missing(`discounts[${i}][coupon]`);
    const kept = current.find((id) => em.store.get(id, "discount")?.coupon.id === entry.coupon);
    return kept ?? requireRedeemable(em, entry.coupon, `discounts[${i}][coupon]`, account);
  });
}

/** Applies an update and sends `customer.subscription.updated` with what changed. */
export function updateSubscription(
  em: Emulator,
  subscription: Stored<"subscription">,
  update: SubscriptionUpdate,
  account: string | null,
) {
  const previous: Record<string, unknown> = {};
  // What a failed always_invoice charge under error_if_incomplete puts back.
  const asItWas = structuredClone(subscription);
  // The emulator's subscriptions have one item each.
  const item = subscription.items.data[0]!;
  const discounts = update.discounts && planDiscounts(em, subscription, update.discounts, account);
  const { cancelAtPeriodEnd } = update;
  if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    previous.cancel_at = subscription.cancel_at;
    subscription.cancel_at_period_end = cancelAtPeriodEnd;
    subscription.cancel_at = cancelAtPeriodEnd ? item.current_period_end : null;
    subscription.canceled_at = cancelAtPeriodEnd ? em.store.now() : null;
    const details = update.cancellationDetails;
    subscription.cancellation_details = {
      comment: cancelAtPeriodEnd && details.comment ? details.comment : null,
      feedback: cancelAtPeriodEnd && details.feedback ? details.feedback : null,
      reason: cancelAtPeriodEnd ? "cancellation_requested" : null,
    };
  }
  if (update.defaultPaymentMethod !== undefined) {
    const pm = update.defaultPaymentMethod;
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
  let prorations: LineSpec[] = [];
  const changed = update.item;
  if (changed && (changed.price !== undefined || changed.quantity !== undefined)) {
    previous.items = { ...subscription.items, data: [{ ...item }] };
    prorations = applyItemChange(
      em,
      subscription,
      changed,
      {
        behavior: update.prorationBehavior ?? "create_prorations",
        date: update.prorationDate,
        param: "items",
        dateParam: "proration_date",
      },
      account,
    );
  } else if (changed?.id !== undefined && changed.id !== item.id) {
    throw invalid("items[0][id]", `No such subscription item: '${changed.id}'`);
  }
  if (update.pauseCollection !== undefined) {
    previous.pause_collection = subscription.pause_collection;
    subscription.pause_collection = update.pauseCollection && {
      behavior: "void",
      resumes_at: update.pauseCollection.resumesAt,
    };
  }
  if (update.metadata !== undefined) {
    previous.metadata = subscription.metadata;
    const merged: Record<string, string> = { ...subscription.metadata, ...update.metadata };
    subscription.metadata = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== ""));
  }
  if (update.description !== undefined) subscription.description = update.description;
  if (
    update.applicationFeePercent !== undefined &&
    update.applicationFeePercent !== subscription.application_fee_percent
  ) {
    previous.application_fee_percent = subscription.application_fee_percent;
    subscription.application_fee_percent = update.applicationFeePercent;
  }
  if (discounts) {
    const on = {
      customer: subscription.customer as string,
      subscription: subscription.id,
      checkoutSession: null,
    };
    const next = discounts.map((d) =>
      typeof d === "string" ? d : redeemCoupon(em, d, on, account).id,
    );
    const before = subscription.discounts as string[];
    if (next.join() !== before.join()) {
      previous.discounts = before;
      subscription.discounts = next;
    }
  }
  if (update.missingPaymentMethod !== undefined) {
    previous.trial_settings = subscription.trial_settings;
    subscription.trial_settings = {
      end_behavior: { missing_payment_method: update.missingPaymentMethod },
    };
  }
  em.store.put(subscription);
  if (prorations.length > 0 && update.prorationBehavior === "always_invoice") {
    previous.latest_invoice = subscription.latest_invoice;
    invoiceProrations(
      em,
      subscription,
      prorations,
      update.paymentBehavior ?? "allow_incomplete",
      asItWas,
    );
  } else if (prorations.length > 0) {
    subscription._pending_prorations = [...(subscription._pending_prorations ?? []), ...prorations];
    em.store.put(subscription);
  }
  if (Object.keys(previous).length > 0)
    em.webhooks.emit("customer.subscription.updated", subscription, { previous });
  if (update.trialEnd !== undefined) changeTrialEnd(em, subscription, update.trialEnd);
  return em.store.get(subscription.id, "subscription")!;
}

/**
 * Cancels at once: what is still owed is voided with its PaymentIntent, and the subscription
 * ends (`customer.subscription.deleted`).
 */
export function cancelSubscription(
  em: Emulator,
  subscription: Stored<"subscription">,
  details: Pick<Stripe.Subscription.CancellationDetails, "comment" | "feedback">,
) {
  if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      code: "resource_missing",
      param: "id",
      message: `No such subscription: '${subscription.id}'`,
    });
  }
  subscription.cancellation_details = { ...details, reason: "cancellation_requested" };
  const open = em.store.get(String(subscription.latest_invoice), "invoice");
  if (open) voidInvoice(em, open, "void_invoice");
  setSubscriptionStatus(em, subscription, "canceled");
  return em.store.get(subscription.id, "subscription")!;
}
