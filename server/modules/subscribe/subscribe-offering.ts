import type Stripe from "stripe";
import { NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE } from "../../../contracts/landing";
import { isFreePrice, MIN_PAID_PRICE_CENTS } from "../../../contracts/offerings";
import { AppError } from "../../lib/errors";
import type { BillingDeps } from "../billing/billing-sync";
import { SUBSCRIPTION_METADATA } from "../billing/subscription-metadata";
import { findConnectAccountByUserId } from "../connect/connect-repository";
import {
  findActiveOfferingRowByCustomUrl,
  type OfferingRow,
} from "../offerings/offering-repository";
import { newSubscriptionFeePercent } from "../plans/plan-fees";
import { resolvePromoCode } from "../promotions/promotion-service";
import { shortenHold } from "../seats/signup-repository";
import type { CheckedServiceDetails } from "../service-details/service-details-check";
import { stripeCustomerDetails } from "../service-details/stripe-customer-details";

// What the three ways to subscribe (card, free, hosted Checkout) share: the offering they may
// sell, the promo code's discount, the customer they create, and the sign-up they name.

export const NOT_AVAILABLE = "This subscription is not available. It may have been deactivated.";
export const NOT_SELLABLE =
  "This subscription can't be sold at its current price. Please contact the business.";

/** The offering must be active and its creator able to take payments. */
export async function requireSubscribableOffering(deps: BillingDeps, customUrl: string) {
  const offering = await findActiveOfferingRowByCustomUrl(deps.db, customUrl);
  if (!offering?.stripePriceId) throw new AppError("not_found", NOT_AVAILABLE);
  // A price Stripe can't charge (set before the $0.50 minimum, ADR 008) must not start anything.
  if (!isFreePrice(offering.priceCents) && offering.priceCents < MIN_PAID_PRICE_CENTS) {
    throw new AppError("conflict", NOT_SELLABLE);
  }
  // Charges, not the whole onboarding: a creator may finish setup later (ADR 024), and payouts
  // can wait on a bank check while Stripe already takes payments for them.
  const account = await findConnectAccountByUserId(deps.db, offering.userId);
  if (!account?.chargesEnabled) {
    throw new AppError("conflict", NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE);
  }
  return { offering, destination: account.stripeAccountId };
}

/**
 * The new subscription's `application_fee_percent`: the creator's plan now, the fee of the
 * first invoice, which Stripe finalizes at once (ADR 037).
 */
export function feePercentFor(deps: BillingDeps, offering: OfferingRow): Promise<number> {
  return newSubscriptionFeePercent(deps, offering.userId, offering.priceCents);
}

/**
 * The discount a typed code gives: Stripe's coupon on the subscription (basil takes
 * `discounts`, not `coupon`), and our code's id in the metadata for the subscriber's record.
 */
export async function promoFor(
  deps: BillingDeps,
  offering: OfferingRow,
  typed: string | undefined,
): Promise<{
  params: { discounts?: Array<{ coupon: string }> };
  metadata: Record<string, string>;
}> {
  if (!typed?.trim()) return { params: {}, metadata: {} };
  const code = await resolvePromoCode(deps, offering, typed);
  return {
    params: { discounts: [{ coupon: code.stripeCouponId }] },
    metadata: { [SUBSCRIPTION_METADATA.promoCodeId]: code.id },
  };
}

/**
 * Said to whoever subscribes an address that already has this free subscription. It holds no
 * link: that goes only to the address itself (ADR 023).
 */
export const ALREADY_SUBSCRIBED_MESSAGE =
  'You\'re already subscribed with this e-mail. Use "Lost your link?" to get your link again.';

/**
 * What a new subscription tells the sync that records it: the offering, who subscribed, the
 * sign-up whose details (and seat) it takes over, and the promo code used, if any.
 */
export function subscriptionMetadata(
  offering: { id: string },
  input: { name: string; email: string },
  signup: { id: string } | null,
  promo: { metadata: Record<string, string> } = { metadata: {} },
): Record<string, string> {
  return {
    [SUBSCRIPTION_METADATA.offeringId]: offering.id,
    [SUBSCRIPTION_METADATA.subscriberName]: input.name,
    [SUBSCRIPTION_METADATA.subscriberEmail]: input.email,
    ...(signup ? { [SUBSCRIPTION_METADATA.signupId]: signup.id } : {}),
    ...promo.metadata,
  };
}
const RETRY_HOLD_MS = 10 * 60 * 1000;

/** A failed start keeps its seat ten minutes for another try (another card), then lets it go. */
export async function keepSeatForRetry(deps: BillingDeps, signupId: string) {
  const now = await deps.clock.now().catch(() => new Date());
  await shortenHold(deps.db, signupId, new Date(now.getTime() + RETRY_HOLD_MS));
}

/**
 * The Stripe customer of a sign-up: its name and e-mail, and for an on-site offering the
 * service address and phone (Stripe's copy of our record). `idempotencyKey` ties it to the
 * attempt, so a retry finds the same customer.
 */
export function createSubscribeCustomer(
  deps: BillingDeps,
  input: { name: string; email: string },
  details: CheckedServiceDetails,
  offering: { id: string },
  idempotencyKey?: string,
): Promise<Stripe.Customer> {
  return deps.stripe.customers.create(
    {
      email: input.email,
      name: input.name,
      ...stripeCustomerDetails(input.name, details),
      metadata: { [SUBSCRIPTION_METADATA.offeringId]: offering.id },
    },
    // stripe-node takes an empty options object for an unknown argument.
    idempotencyKey ? { idempotencyKey } : undefined,
  );
}
