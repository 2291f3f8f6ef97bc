import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import { isFreePrice } from "../../../contracts/offerings";
import type { CheckoutRequest } from "../../../contracts/subscribe";
import { toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import type { BillingDeps } from "../billing/billing-sync";
import { SUBSCRIPTION_METADATA } from "../billing/subscription-metadata";
import { hasHadTrial } from "../billing/trial-grant-repository";
import { assertCardAttemptsAllowed } from "../card-attempts/card-attempt-limits";
import { HOLD_SECONDS, holdSeat } from "../seats/seat-hold";
import { releaseSignup } from "../seats/signup-repository";
import {
  type CheckedServiceDetails,
  checkServiceDetails,
} from "../service-details/service-details-check";
import { hasLiveSubscription } from "./free-subscribe-repository";
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  createSubscribeCustomer,
  feePercentFor,
  promoFor,
  requireSubscribableOffering,
  subscriptionMetadata,
} from "./subscribe-offering";
import type { Caller } from "./subscribe-service";

/**
 * Near Stripe's shortest session (30 minutes from its creation, which is a moment after our
 * clock is read): a seat it holds is back on offer within the hour.
 */
const CHECKOUT_SESSION_SECONDS = 35 * 60;

/**
 * Who Checkout's page starts from. On-site: a customer made with the address we checked, which
 * the page shows (and collects again, with a phone, as the customer's last word). Otherwise
 * the e-mail, which Stripe shows and won't let be changed.
 */
async function checkoutCustomerFor(
  deps: BillingDeps,
  input: CheckoutRequest,
  details: CheckedServiceDetails,
  offering: { id: string },
): Promise<Partial<Stripe.Checkout.SessionCreateParams>> {
  if (!details.address) return { customer_email: input.email };
  const customer = await createSubscribeCustomer(deps, input, details, offering);
  return {
    customer: customer.id,
    customer_update: { shipping: "auto", address: "auto" },
    shipping_address_collection: { allowed_countries: [details.address.country] },
    phone_number_collection: { enabled: true },
  };
}

/**
 * Stripe's hosted page for the same subscription. The e-mail from step 1 is the session's
 * customer_email (Stripe shows it and won't let it be changed), and the name rides in the
 * subscription's metadata, which the webhook's re-fetch reads: the subscriber is recorded as
 * typed, not under a cardholder name or their address's prefix.
 */
export async function createCheckoutSession(
  deps: BillingDeps,
  input: CheckoutRequest,
  caller: Caller,
) {
  const { offering, destination } = await requireSubscribableOffering(deps, input.customUrl);
  // Stripe's Checkout page has its own card-testing defences; an address we already caught
  // declining card after card is still not handed one.
  await assertCardAttemptsAllowed(deps.db, { clientAddress: caller.clientAddress });
  // The free dialog's rule on Stripe's page too: a repeat would subscribe and mail them again.
  if (
    isFreePrice(offering.priceCents) &&
    (await hasLiveSubscription(deps.db, offering.id, input.email))
  ) {
    throw new AppError("conflict", ALREADY_SUBSCRIBED_MESSAGE);
  }
  const details = await checkServiceDetails(deps.db, offering, input);
  const promo = await promoFor(deps, offering, input.promoCode);
  // Stripe's page collects the card: the e-mail is all there is to know the customer by
  // beforehand (a repeat trial with another e-mail but the same card ends when recorded).
  const trialDays =
    offering.trialDays > 0 &&
    !(await hasHadTrial(deps.db, {
      userId: offering.userId,
      email: input.email,
      cardFingerprint: null,
    }))
      ? offering.trialDays
      : 0;
  const feePercent = await feePercentFor(deps, offering);
  const now = await deps.clock.now();
  const signup = await holdSeat(deps, {
    offering,
    attemptKey: `checkout:${randomUUID()}`,
    holdSeconds: HOLD_SECONDS.checkout,
    name: input.name,
    email: input.email,
    details,
    inviteToken: input.inviteToken,
  });
  try {
    const session = await deps.stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: offering.stripePriceId!, quantity: 1 }],
      ...promo.params,
      ...(await checkoutCustomerFor(deps, input, details, offering)),
      // A session holding a seat ends soon, so an abandoned one gives it back; others keep
      // Stripe's default day.
      ...(signup?.holdsSeat
        ? { expires_at: Math.floor(now.getTime() / 1000) + CHECKOUT_SESSION_SECONDS }
        : {}),
      // A free offering's Checkout asks for no card (the webhooks still record it).
      ...(isFreePrice(offering.priceCents) ? { payment_method_collection: "if_required" } : {}),
      success_url: `${deps.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.publicUrl}/landing/${encodeURIComponent(offering.customUrl)}`,
      subscription_data: {
        application_fee_percent: feePercent,
        transfer_data: { destination },
        on_behalf_of: destination,
        ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
        metadata: subscriptionMetadata(offering, input, signup, promo),
      },
      metadata: { [SUBSCRIPTION_METADATA.offeringId]: offering.id },
    });
    if (!session.url) throw new AppError("payment_provider_error", "Checkout is not available.");
    return { url: session.url };
  } catch (error) {
    if (signup) await releaseSignup(deps.db, { id: signup.id });
    throw toAppError(error, "Checkout is not available right now. Please try again.");
  }
}
