import type Stripe from "stripe";
import { isStripeMissing } from "../../integrations/stripe/stripe-errors";
import type { Logger } from "../../lib/logger";
import { CANCELLATION_COMMENTS } from "../billing/lifecycle-emails";
import { settleOrphanSubscription } from "../billing/orphan-subscription";
import { SUBSCRIPTION_METADATA } from "../billing/subscription-metadata";

export interface CloseBillingDeps {
  stripe: Stripe;
  logger: Logger;
}

export interface CreatorCatalogue {
  offerings: Array<{ id: string; stripeProductId: string | null; stripePriceId: string | null }>;
  /** Subscriptions with a subscriber row: their payments are recorded earnings and stay paid. */
  recordedSubscriptionIds: Set<string>;
  /** The coupons of the creator's promo codes still redeemable. */
  couponIds: string[];
  /** The creator as the platform's customer for a paid plan (ADR 038), if they ever bought one. */
  planCustomerId: string | null;
}

/** A deleted account pays for no plan: its plan subscription (or an attempt at one) ends now. */
async function endPlanSubscriptions(stripe: Stripe, planCustomerId: string) {
  for await (const subscription of stripe.subscriptions.list({
    customer: planCustomerId,
    limit: 100,
  })) {
    if (ENDED.has(subscription.status)) continue;
    await cancelRecorded(stripe, subscription.id);
  }
}

const ENDED = new Set<Stripe.Subscription.Status>(["canceled", "incomplete_expired"]);

/**
 * Archives every price (old ones a price edit left for existing subscribers too) and the product
 * of each offering, so nothing new can be sold on them: a subscribe or Checkout request still in
 * flight fails at Stripe from here on. Returns every price id, to find their subscriptions.
 */
async function archiveCatalogue(stripe: Stripe, catalogue: CreatorCatalogue) {
  const priceIds = new Set<string>();
  for (const offering of catalogue.offerings) {
    if (offering.stripePriceId) priceIds.add(offering.stripePriceId);
    if (!offering.stripeProductId) continue;
    for await (const price of stripe.prices.list({
      product: offering.stripeProductId,
      limit: 100,
    })) {
      priceIds.add(price.id);
      if (price.active) await stripe.prices.update(price.id, { active: false });
    }
    await stripe.products.update(offering.stripeProductId, { active: false });
  }
  return priceIds;
}

/** Open Checkout pages of the creator's offerings stop taking payment. */
async function expireOpenCheckoutSessions(stripe: Stripe, offeringIds: Set<string>) {
  const open: string[] = [];
  for await (const session of stripe.checkout.sessions.list({ status: "open", limit: 100 })) {
    const offeringId = session.metadata?.[SUBSCRIPTION_METADATA.offeringId];
    if (offeringId && offeringIds.has(offeringId)) open.push(session.id);
  }
  for (const id of open) {
    try {
      await stripe.checkout.sessions.expire(id);
    } catch (error) {
      // Completed or expired meanwhile: a completed one is settled by its webhook as an orphan.
      const session = await stripe.checkout.sessions.retrieve(id);
      if (session.status === "open") throw error;
    }
  }
}

async function cancelRecorded(stripe: Stripe, subscriptionId: string) {
  try {
    await stripe.subscriptions.cancel(subscriptionId, {
      cancellation_details: { comment: CANCELLATION_COMMENTS.businessClosed },
    });
  } catch (error) {
    const current = await stripe.subscriptions.retrieve(subscriptionId).catch(() => null);
    if (current && !ENDED.has(current.status)) throw error;
  }
}

/**
 * Everything Stripe holds for a creator who deletes their account, before any row goes: the
 * catalogue is archived, open Checkout sessions expire, recorded subscriptions are cancelled,
 * and any other subscription of their prices (an incomplete one a browser could still confirm,
 * or one paid but not yet recorded) is settled as an orphan: cancelled, and refunded if paid.
 * Each step is idempotent, so a failed deletion can simply be retried.
 */
export async function closeCreatorBilling(deps: CloseBillingDeps, catalogue: CreatorCatalogue) {
  const offeringIds = new Set(catalogue.offerings.map((offering) => offering.id));
  const priceIds = await archiveCatalogue(deps.stripe, catalogue);
  // Nobody could type them once the codes are gone, but nothing redeemable stays behind.
  for (const couponId of catalogue.couponIds) {
    await deps.stripe.coupons.del(couponId).catch((error: unknown) => {
      if (!isStripeMissing(error)) throw error;
    });
  }
  await expireOpenCheckoutSessions(deps.stripe, offeringIds);
  if (catalogue.planCustomerId) await endPlanSubscriptions(deps.stripe, catalogue.planCustomerId);

  const handled = new Set<string>();
  for (const priceId of priceIds) {
    // Without a status filter Stripe lists every subscription that is not cancelled.
    for await (const subscription of deps.stripe.subscriptions.list({
      price: priceId,
      limit: 100,
    })) {
      if (handled.has(subscription.id) || ENDED.has(subscription.status)) continue;
      handled.add(subscription.id);
      if (catalogue.recordedSubscriptionIds.has(subscription.id)) {
        await cancelRecorded(deps.stripe, subscription.id);
      } else {
        await settleOrphanSubscription(deps, subscription);
      }
    }
  }
  // A recorded subscription on a price we could not list (it should not happen) still ends.
  for (const subscriptionId of catalogue.recordedSubscriptionIds) {
    if (handled.has(subscriptionId)) continue;
    try {
      const subscription = await deps.stripe.subscriptions.retrieve(subscriptionId);
      if (!ENDED.has(subscription.status)) await cancelRecorded(deps.stripe, subscriptionId);
    } catch (error) {
      if (!isStripeMissing(error)) throw error;
    }
  }
}
