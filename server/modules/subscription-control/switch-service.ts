import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type { CustomerPortal } from "../../../contracts/customer-portal";
import type { SwitchPreview, SwitchRequest } from "../../../contracts/subscription-control";
import { AppError } from "../../lib/errors";
import { SWITCH_METADATA } from "../billing/subscription-changes";
import { SUBSCRIPTION_METADATA } from "../billing/subscription-metadata";
import { syncAfterChange } from "../billing/sync-after-change";
import {
  type CustomerPortalDeps,
  getCustomerPortal,
  requireSubscriber,
  type SubscriberRef,
} from "../customer-portal/customer-portal-service";
import { findOfferingById, type OfferingRow } from "../offerings/offering-repository";
import { newSubscriptionFeePercent } from "../plans/plan-fees";
import { isPromoCodeForOffering } from "../promotions/promotion-repository";
import { subscriberDiscountOf } from "../promotions/subscriber-discount";
import { countFreeSeats } from "../seats/seat-repository";
import { addressOfRow } from "../service-details/address-columns";
import { assertInServiceArea } from "../service-details/service-details-check";
import { switchAvailability, switchKindOf, withStripeState } from "./control-state";
import { loadControlState } from "./subscription-control-repository";

// Moving to another offering of the same business (issue 21, ADR 033): an upgrade is charged
// now for the rest of the period (Stripe's proration, always_invoice); a downgrade changes the
// price from the next renewal (no proration). The customer sees Stripe's own preview first,
// and the switch is made at the preview's proration date, so the charge equals it to the cent.

const NOT_AVAILABLE = "That offering isn't available to switch to.";
const RETRY = "Stripe could not be reached. Nothing has changed; please try again.";

/**
 * The target's own rules (issue 22) hold for a switch as for a sign-up: a seat must be free,
 * and an on-site offering needs the customer's address, inside its area.
 */
async function requireRoomFor(
  deps: CustomerPortalDeps,
  target: OfferingRow,
  subscriber: Parameters<typeof addressOfRow>[0],
) {
  if (target.onSite) {
    const address = addressOfRow(subscriber);
    if (!address) {
      throw new AppError(
        "conflict",
        `${target.title} happens at your address: subscribe to it from its page, which asks for it.`,
      );
    }
    assertInServiceArea(target, address);
  }
  if ((await countFreeSeats(deps.db, target, await deps.clock.now())) === 0) {
    throw new AppError("offering_full", `${target.title} is full right now.`);
  }
}

/** Everything a preview and a switch both check, read fresh from Stripe. */
async function planSwitch(deps: CustomerPortalDeps, ref: SubscriberRef, offeringId: string) {
  const { subscriber, offering } = await requireSubscriber(deps.db, ref);
  const target = await findOfferingById(deps.db, offeringId);
  // Another business's offering is as unknown here as one that doesn't exist.
  if (!target || target.userId !== offering.userId || target.id === offering.id) {
    throw new AppError("not_found", NOT_AVAILABLE);
  }
  if (!target.isActive || !target.stripePriceId) {
    throw new AppError("conflict", `${target.title} is no longer offered.`);
  }
  if (target.cadence !== subscriber.cadence || target.priceCents === 0) {
    throw new AppError(
      "conflict",
      `You can only switch to a paid offering charged as often as yours.`,
    );
  }
  await requireRoomFor(deps, target, subscriber);
  const state = await loadControlState(deps.db, subscriber, offering);
  if (!subscriber.stripeSubscriptionId) throw new AppError("conflict", NOT_AVAILABLE);
  const subscription = await atStripe(() =>
    deps.stripe.subscriptions.retrieve(subscriber.stripeSubscriptionId!),
  );
  const availability = switchAvailability(withStripeState(state, subscription));
  if (!availability.available) throw new AppError("conflict", availability.reason ?? "");
  const item = subscription.items.data[0]!;
  const kind = switchKindOf(subscriber.priceCents, target.priceCents);
  // A promo code made for other offerings doesn't follow the customer to this one.
  const endsDiscount =
    subscriberDiscountOf(subscriber) !== null &&
    subscriber.promoCodeId !== null &&
    !(await isPromoCodeForOffering(deps.db, subscriber.promoCodeId, target.id));
  return { subscriber, target, subscription, item, kind, endsDiscount };
}

async function atStripe<T>(call: () => Promise<T>, message = RETRY): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const card = error as { type?: string; message?: string };
    if (card.type === "StripeCardError") {
      throw new AppError(
        "payment_failed",
        `Your card was declined (${card.message ?? "no reason given"}). Nothing has changed; update your payment method and try again.`,
        { cause: error },
      );
    }
    throw new AppError("payment_provider_error", message, { cause: error });
  }
}

type Plan = Awaited<ReturnType<typeof planSwitch>>;

/** The change to the subscription's one item, as both the preview and the update send it. */
function itemChange(plan: Plan) {
  return [{ id: plan.item.id, price: plan.target.stripePriceId! }];
}

/** The proration second of an upgrade's preview: its proration lines start there. */
function prorationDateOf(preview: Stripe.Invoice, fallback: number): number {
  const line = preview.lines.data.find(
    (l) => l.parent?.subscription_item_details?.proration === true,
  );
  return line?.period.start ?? fallback;
}

export async function previewSwitch(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
  offeringId: string,
): Promise<SwitchPreview> {
  const plan = await planSwitch(deps, ref, offeringId);
  const isUpgrade = plan.kind === "upgrade";
  const preview = await atStripe(() =>
    deps.stripe.invoices.createPreview({
      subscription: plan.subscription.id,
      subscription_details: {
        items: itemChange(plan),
        proration_behavior: isUpgrade ? "always_invoice" : "none",
      },
      ...(plan.endsDiscount ? { discounts: "" as const } : {}),
    }),
  );
  const periodEnd = plan.item.current_period_end;
  const prorationDate = isUpgrade
    ? prorationDateOf(preview, plan.item.current_period_start)
    : periodEnd;
  return {
    offeringId: plan.target.id,
    title: plan.target.title,
    kind: plan.kind,
    dueNowCents: isUpgrade ? preview.amount_due : 0,
    priceCents: plan.target.priceCents,
    cadence: plan.target.cadence,
    effectiveAt: new Date((isUpgrade ? prorationDate : periodEnd) * 1000).toISOString(),
    nextChargeAt: new Date(periodEnd * 1000).toISOString(),
    prorationDate,
    endsDiscount: plan.endsDiscount,
  };
}

/**
 * Makes the switch previewed. The switch's id goes into Stripe's metadata with the change, so
 * the sync (here, or a webhook first) records it once and moves the subscriber record when it
 * is due. An upgrade whose charge fails changes nothing (error_if_incomplete).
 */
export async function switchOffering(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
  request: SwitchRequest,
): Promise<CustomerPortal> {
  const plan = await planSwitch(deps, ref, request.offeringId);
  const { current_period_start: start, current_period_end: end } = plan.item;
  const isUpgrade = plan.kind === "upgrade";
  if (isUpgrade && (request.prorationDate < start || request.prorationDate > end)) {
    throw new AppError("conflict", "This preview is out of date. Preview the switch again.");
  }
  const metadata = {
    [SUBSCRIPTION_METADATA.offeringId]: plan.target.id,
    [SWITCH_METADATA.id]: randomUUID(),
    [SWITCH_METADATA.at]: isUpgrade ? "now" : String(end),
  };
  // The creator's plan on the new price (Professional's share depends on it, ADR 037): the
  // upgrade's proration and every renewal after take their fee from it.
  const feePercent = await newSubscriptionFeePercent(
    deps,
    plan.target.userId,
    plan.target.priceCents,
  );
  await atStripe(
    () =>
      deps.stripe.subscriptions.update(plan.subscription.id, {
        items: itemChange(plan),
        application_fee_percent: feePercent,
        metadata,
        ...(isUpgrade
          ? {
              proration_behavior: "always_invoice" as const,
              proration_date: request.prorationDate,
              payment_behavior: "error_if_incomplete" as const,
            }
          : { proration_behavior: "none" as const }),
        ...(plan.endsDiscount ? { discounts: "" as const } : {}),
      }),
    "Stripe could not switch your subscription. Nothing has changed; please try again.",
  );
  await syncAfterChange(deps, plan.subscription.id);
  // The record has moved (an upgrade): the link the customer holds still names the old
  // offering, which keeps reaching them.
  return getCustomerPortal(deps, ref);
}
