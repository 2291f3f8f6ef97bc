import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { invalid, StripeApiError } from "../core/errors";
import { requireObject } from "../core/lookup";
import { newId, type Stored } from "../core/state";
import { requireRedeemable } from "./coupons";
import { draftInvoice, periodLine } from "./invoice-build";
import { periodEndOf } from "./periods";
import { applyItemChange, type ItemChange, type ProrationBehavior } from "./plan-switch";

// POST /v1/invoices/create_preview (basil; GET /v1/invoices/upcoming is gone): the invoice a
// subscription would get, with or without a change, worked out on a copy and never stored.

interface PreviewRequest {
  customer?: string;
  subscription?: string;
  details: {
    items?: Array<ItemChange & { deleted?: boolean }>;
    prorationBehavior?: ProrationBehavior;
    prorationDate?: number;
    cancelAtPeriodEnd?: boolean;
  };
  /** Instead of the subscription's discounts; an empty list previews none. */
  discounts?: Array<{ coupon?: string; discount?: string }>;
}

const noUpcoming = (customer: string) =>
  new StripeApiError(404, {
    type: "invalid_request_error",
    code: "invoice_upcoming_none",
    message: `No upcoming invoices for customer: ${customer}`,
  });

const isEnded = (s: Stripe.Subscription) =>
  s.status === "canceled" || s.status === "incomplete_expired";

function subscriptionToPreview(em: Emulator, request: PreviewRequest, account: string | null) {
  if (request.subscription) {
    const found = requireObject(em, request.subscription, "subscription", account);
    if (request.customer && found.customer !== request.customer)
      throw invalid("customer", "The subscription does not belong to this customer.");
    return found;
  }
  if (!request.customer)
    throw invalid("subscription", "Provide a subscription (or a customer with one subscription).");
  requireObject(em, request.customer, "customer", account);
  const [only] = em.store.listFor(
    "subscription",
    account,
    (s) => s.customer === request.customer && !isEnded(s),
  );
  if (!only) throw noUpcoming(request.customer);
  return only;
}

/** A preview's `discounts`, made up without redeeming anything. */
function previewDiscounts(
  em: Emulator,
  subscription: Stripe.Subscription,
  wanted: NonNullable<PreviewRequest["discounts"]>,
  account: string | null,
): Stripe.Discount[] {
  return wanted.map((entry, i) => {
    if (entry.discount) {
      const kept = em.store.get(entry.discount, "discount");
      if (!kept || !(subscription.discounts as string[]).includes(entry.discount))
        throw invalid(`discounts[${i}][discount]`, `No such discount: '${entry.discount}'`);
      return kept;
    }
    const coupon = requireRedeemable(em, String(entry.coupon), `discounts[${i}][coupon]`, account);
    return {
      id: newId("di"),
      object: "discount",
      checkout_session: null,
      coupon,
      customer: subscription.customer,
      end: null,
      invoice: null,
      invoice_item: null,
      promotion_code: null,
      start: em.store.now(),
      subscription: subscription.id,
      subscription_item: null,
    };
  });
}

/**
 * The preview: with `always_invoice` and a change, the proration invoice the update would
 * charge now; otherwise the next renewal (its new price, and the prorations pending or that
 * `create_prorations` would add). A pause that covers the next renewal is not reflected: the
 * renewal is shown as it would be billed (guess: Stripe's preview seems to ignore
 * pause_collection; the real renewal is then created void).
 */
export function previewInvoice(
  em: Emulator,
  request: PreviewRequest,
  account: string | null,
): Stored<"invoice"> {
  const subscription = structuredClone(subscriptionToPreview(em, request, account));
  const customer = subscription.customer as string;
  if (isEnded(subscription)) throw noUpcoming(customer);
  const { details } = request;
  const behavior = details.prorationBehavior ?? "create_prorations";
  const items = details.items ?? [];
  if (items.length > 1 || items.some((i) => i.deleted))
    throw invalid(
      "subscription_details[items]",
      "The emulator supports one item per subscription: change its price or quantity.",
    );
  const lines = items[0]
    ? applyItemChange(
        em,
        subscription,
        items[0],
        {
          behavior,
          date: details.prorationDate,
          param: "subscription_details[items]",
          dateParam: "subscription_details[proration_date]",
        },
        account,
      )
    : [];
  const discounts =
    request.discounts && previewDiscounts(em, subscription, request.discounts, account);
  const id = `upcoming_in_${newId("x").slice(2)}`;
  if (behavior === "always_invoice" && lines.length > 0) {
    const now = em.store.now();
    return draftInvoice(em, subscription, {
      id,
      reason: "subscription_update",
      lines,
      period: { start: now, end: now },
      discounts,
    });
  }
  if (details.cancelAtPeriodEnd ?? subscription.cancel_at_period_end) throw noUpcoming(customer);
  const item = subscription.items.data[0]!;
  const start = item.current_period_end;
  const period = {
    start,
    end: periodEndOf(item.price, start, subscription.billing_cycle_anchor),
  };
  // The period after a trial is a paid one.
  if (subscription.status === "trialing") subscription.status = "active";
  const pending = [
    ...(subscription._pending_prorations ?? []),
    ...(behavior === "create_prorations" ? lines : []),
  ];
  return draftInvoice(em, subscription, {
    id,
    reason: "subscription_cycle",
    lines: [...pending, periodLine(em, subscription, item, period)],
    period,
    discounts,
  });
}
