import type Stripe from "stripe";
import { type Cadence, formatCadencePrice } from "../../../contracts/cadence";
import { NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE } from "../../../contracts/landing";
import { isFreePrice, MIN_PAID_PRICE_CENTS } from "../../../contracts/offerings";
import { FREE_PLAN_FEE_PERCENT } from "../../../contracts/plans";
import {
  type CheckoutRequest,
  PAYMENT_UNCONFIRMED_MESSAGE,
  type StartFreeSubscriptionInput,
  type StartSubscriptionInput,
} from "../../../contracts/subscribe";
import { isStripeMissing, toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import {
  type BillingDeps,
  SUBSCRIPTION_METADATA,
  syncStripeSubscription,
} from "../billing/billing-sync";
import { orphanedAttemptError } from "../billing/orphan-subscription";
import { hasHadTrial } from "../billing/trial-grant-repository";
import {
  assertCardAttemptsAllowed,
  declinedFirstPaymentKey,
  isCardDecline,
  recordCardFailure,
} from "../card-attempts/card-attempt-limits";
import { findConnectAccountByUserId } from "../connect/connect-repository";
import { findManageKeyOfSubscriber } from "../customer-portal/customer-portal-repository";
import { findOfferingById, type OfferingRow } from "../offerings/offering-repository";
import { findActiveOfferingByCustomUrl } from "../offerings/public-offering-repository";
import { promoCodeCheck, resolvePromoCode } from "../promotions/promotion-service";
import type { FinalizeTokens } from "./finalize-token";
import { hasLiveSubscription, lockFreeSubscribe } from "./free-subscribe-repository";

export type SubscribeDeps = BillingDeps & { finalizeTokens: FinalizeTokens };

/** Who is asking: the client's address, as the edge read it (server/http/rate-limit.ts). */
export interface Caller {
  clientAddress: string;
}

const CARD_NOT_FOUND = "We couldn't use that card. Please enter your card details again.";
const NOT_AVAILABLE = "This subscription is not available. It may have been deactivated.";
const NOT_SELLABLE =
  "This subscription can't be sold at its current price. Please contact the business.";

/** The offering must be active and its creator able to take payments. */
async function requireSubscribableOffering(deps: BillingDeps, customUrl: string) {
  const publicOffering = await findActiveOfferingByCustomUrl(deps.db, customUrl);
  if (!publicOffering) throw new AppError("not_found", NOT_AVAILABLE);
  const offering = await findOfferingById(deps.db, publicOffering.id);
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
  return { offering, publicOffering, destination: account.stripeAccountId };
}

/** What the browser confirms: the first payment, or with a trial the card's setup. */
function confirmationOf(subscription: Stripe.Subscription) {
  const setup = subscription.pending_setup_intent;
  if (setup) {
    return {
      confirm: "setup" as const,
      clientSecret: typeof setup === "string" ? null : setup.client_secret,
    };
  }
  const invoice = subscription.latest_invoice;
  const clientSecret =
    invoice && typeof invoice !== "string"
      ? (invoice.confirmation_secret?.client_secret ?? null)
      : null;
  return { confirm: "payment" as const, clientSecret };
}

function trialUsedMessage(priceCents: number, cadence: Cadence): string {
  return `You've already had a free trial with this business. You can still subscribe: the first charge of ${formatCadencePrice(priceCents, cadence)} is made today.`;
}

/**
 * The discount a typed code gives: Stripe's coupon on the subscription (basil takes
 * `discounts`, not `coupon`), and our code's id in the metadata for the subscriber's record.
 */
async function promoFor(
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

/** "Have a code?": what the code does to the offering's price, or why it can't be used. */
export async function checkPromoCode(
  deps: BillingDeps,
  input: { customUrl: string; code: string },
) {
  const { offering } = await requireSubscribableOffering(deps, input.customUrl);
  return promoCodeCheck(offering, await resolvePromoCode(deps, offering, input.code));
}

/**
 * The trial this sign-up gets: the offering's, unless the customer asked to go without, or
 * already had one with this business (same e-mail or same card), which is refused with the
 * choice to subscribe without it. The card's fingerprint is read from Stripe: the browser
 * made the card, so nothing it says about it is trusted.
 */
async function trialDaysFor(
  deps: BillingDeps,
  offering: OfferingRow,
  input: StartSubscriptionInput,
): Promise<number> {
  if (offering.trialDays === 0 || input.withoutTrial) return 0;
  const card = await deps.stripe.paymentMethods.retrieve(input.paymentMethodId).catch((error) => {
    if (isStripeMissing(error)) {
      throw new AppError("validation_failed", CARD_NOT_FOUND, { cause: error });
    }
    throw error;
  });
  const claimant = {
    userId: offering.userId,
    email: input.email,
    cardFingerprint: card.card?.fingerprint ?? null,
  };
  if (await hasHadTrial(deps.db, claimant)) {
    throw new AppError("trial_used", trialUsedMessage(offering.priceCents, offering.cadence));
  }
  return offering.trialDays;
}

/**
 * Steps 1–3 of the card path: customer, card as default, and an incomplete subscription as a
 * destination charge. Each Stripe call carries a key derived from the attempt, so a retry of
 * the same attempt returns the same objects instead of new ones.
 */
export async function startSubscription(
  deps: SubscribeDeps,
  input: StartSubscriptionInput,
  caller: Caller,
) {
  const { offering, destination } = await requireSubscribableOffering(deps, input.customUrl);
  const party = {
    clientAddress: caller.clientAddress,
    offeringId: offering.id,
    email: input.email,
  };
  // Card testing: refused before Stripe sees the card once too many declined lately.
  await assertCardAttemptsAllowed(deps.db, party);
  const key = `subscribe-${input.attemptId}`;
  try {
    const promo = await promoFor(deps, offering, input.promoCode);
    const trialDays = await trialDaysFor(deps, offering, input);
    const customer = await deps.stripe.customers.create(
      { email: input.email, name: input.name, metadata: { regulars_offering_id: offering.id } },
      { idempotencyKey: `${key}-customer` },
    );
    await deps.stripe.paymentMethods
      .attach(input.paymentMethodId, { customer: customer.id })
      .catch((error: unknown) => {
        // The card's id comes from the browser: one Stripe doesn't know is the client's
        // mistake (a 400), not our provider failing (a 502).
        if (isStripeMissing(error)) {
          throw new AppError("validation_failed", CARD_NOT_FOUND, { cause: error });
        }
        throw error;
      });
    // With a trial the card becomes the default only once its setup is confirmed (Stripe
    // saves it on the subscription then): an abandoned sign-up has no card to charge, and
    // Stripe cancels it when the trial ends instead of charging someone who never finished.
    if (trialDays === 0) {
      await deps.stripe.customers.update(
        customer.id,
        { invoice_settings: { default_payment_method: input.paymentMethodId } },
        { idempotencyKey: `${key}-default-card` },
      );
    }
    const subscription = await deps.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: offering.stripePriceId! }],
        ...(trialDays > 0
          ? {
              trial_period_days: trialDays,
              trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
            }
          : { default_payment_method: input.paymentMethodId }),
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        transfer_data: { destination },
        on_behalf_of: destination,
        application_fee_percent: FREE_PLAN_FEE_PERCENT,
        ...promo.params,
        metadata: {
          [SUBSCRIPTION_METADATA.offeringId]: offering.id,
          [SUBSCRIPTION_METADATA.subscriberName]: input.name,
          [SUBSCRIPTION_METADATA.subscriberEmail]: input.email,
          ...promo.metadata,
        },
        expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
      },
      // Going without the trial after a refusal is another request to Stripe.
      { idempotencyKey: `${key}-subscription${input.withoutTrial ? "-without-trial" : ""}` },
    );
    return {
      subscriptionId: subscription.id,
      ...confirmationOf(subscription),
      finalizeToken: deps.finalizeTokens.sign(subscription.id),
    };
  } catch (error) {
    if (isCardDecline(error)) {
      await recordCardFailure(deps.db, {
        ...party,
        // The card too: a failed attempt frees its id, so the same id may come back with another.
        dedupeKey: `attempt:${input.attemptId}:${input.paymentMethodId}`,
        source: "start",
      });
    }
    // Nothing is charged before the browser confirms, so starting over is safe.
    throw toAppError(
      error,
      "We couldn't reach our payment provider. You have not been charged; please try again.",
    );
  }
}

/**
 * Said to whoever subscribes an address that already has this free subscription. It holds no
 * link: that goes only to the address itself (ADR 023).
 */
export const ALREADY_SUBSCRIBED_MESSAGE =
  'You\'re already subscribed with this e-mail. Use "Lost your link?" to get your link again.';

/**
 * The free path: a $0.00 offering needs no card. Customer and subscription carry keys derived
 * from the attempt like the card path, so a retry of the same attempt returns the same objects.
 * The $0 first invoice is paid at once, so the subscriber is recorded in the same request.
 * `deps.db` is the request's transaction: it holds the address's turn until the subscriber is
 * recorded, so a second subscribe of the address (racing or later) makes and mails nothing.
 */
export async function startFreeSubscription(
  deps: BillingDeps,
  input: StartFreeSubscriptionInput,
): Promise<SubscribedAnswer> {
  const { offering, destination } = await requireSubscribableOffering(deps, input.customUrl);
  if (!isFreePrice(offering.priceCents)) {
    throw new AppError(
      "conflict",
      "This subscription is no longer free. Please reload the page to see its price.",
    );
  }
  // Anyone can type any address here: a repeat must not mail it (or the creator) again, nor
  // hand its existing link to whoever typed it.
  await lockFreeSubscribe(deps.db, offering.id, input.email);
  if (await hasLiveSubscription(deps.db, offering.id, input.email)) {
    throw new AppError("conflict", ALREADY_SUBSCRIBED_MESSAGE);
  }
  const key = `subscribe-free-${input.attemptId}`;
  let subscription: Stripe.Subscription;
  try {
    const customer = await deps.stripe.customers.create(
      { email: input.email, name: input.name, metadata: { regulars_offering_id: offering.id } },
      { idempotencyKey: `${key}-customer` },
    );
    // error_if_incomplete: if the price somehow asked for a payment, Stripe creates nothing.
    subscription = await deps.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: offering.stripePriceId! }],
        payment_behavior: "error_if_incomplete",
        transfer_data: { destination },
        on_behalf_of: destination,
        application_fee_percent: FREE_PLAN_FEE_PERCENT,
        metadata: {
          [SUBSCRIPTION_METADATA.offeringId]: offering.id,
          [SUBSCRIPTION_METADATA.subscriberName]: input.name,
          [SUBSCRIPTION_METADATA.subscriberEmail]: input.email,
        },
      },
      { idempotencyKey: `${key}-subscription` },
    );
    if (subscription.status !== "active") {
      // Never leave a subscription behind that we don't record.
      await deps.stripe.subscriptions.cancel(subscription.id);
      throw new AppError("conflict", NOT_SELLABLE);
    }
  } catch (error) {
    throw toAppError(error, "We couldn't reach our payment provider. Please try again.");
  }
  let result: Awaited<ReturnType<typeof syncStripeSubscription>>;
  try {
    result = await syncStripeSubscription(deps, subscription.id);
  } catch (error) {
    // Retrying this attempt is safe (same subscription); the webhooks record it meanwhile.
    throw toAppError(error, "We couldn't finish your subscription just now. Please try again.");
  }
  if (!result.subscriberId) {
    throw new AppError(
      "payment_provider_error",
      "We couldn't start your subscription. Please try again.",
    );
  }
  return withManageKey(deps, result.subscriberId);
}

/** The subscriber, and the key of their self-service link for the browser to store and open. */
interface SubscribedAnswer {
  subscriberId: string;
  manageKey: string;
}

async function withManageKey(deps: BillingDeps, subscriberId: string): Promise<SubscribedAnswer> {
  const manageKey = await findManageKeyOfSubscriber(deps.db, subscriberId);
  if (!manageKey) throw new AppError("conflict", "This subscription was just removed.");
  return { subscriberId, manageKey };
}

const ATTEMPT_NOT_FOUND = "That subscription attempt was not found.";

/**
 * Step 5: after the browser confirmed the payment, record it (idempotent), and hand the
 * manage link's key to the caller holding start's finalize token. The
 * browser also calls it after a declined confirmation, so the decline counts against the
 * caller's address (card testing).
 */
export async function finalizeSubscription(
  deps: SubscribeDeps,
  input: { customUrl: string; subscriptionId: string; finalizeToken: string },
  caller: Caller,
) {
  if (!deps.finalizeTokens.isValid(input.subscriptionId, input.finalizeToken)) {
    throw new AppError("not_found", ATTEMPT_NOT_FOUND);
  }
  // Without the offering the attempt is still synced: a deleted creator's customer may have paid.
  const offering = await findActiveOfferingByCustomUrl(deps.db, input.customUrl);
  let result: Awaited<ReturnType<typeof syncStripeSubscription>>;
  try {
    result = await syncStripeSubscription(deps, input.subscriptionId);
  } catch (error) {
    if (!offering) throw new AppError("not_found", NOT_AVAILABLE);
    if (isStripeMissing(error)) {
      throw new AppError("not_found", ATTEMPT_NOT_FOUND);
    }
    // The browser has already confirmed the charge: "try again" would make a second attempt and
    // charge twice. The webhooks record this one once Stripe is reachable again.
    throw toAppError(error, PAYMENT_UNCONFIRMED_MESSAGE);
  }
  // Its creator deleted the account: cancelled (and refunded if paid) by the sync.
  if (result.orphan) throw orphanedAttemptError(result.orphan);
  if (!offering) throw new AppError("not_found", NOT_AVAILABLE);
  if (result.offering?.id !== offering.id) {
    throw new AppError("not_found", ATTEMPT_NOT_FOUND);
  }
  if (!result.subscriberId) {
    await recordDeclinedFirstPayment(deps, input.subscriptionId, caller);
    throw new AppError("payment_failed", "Payment failed. Please try again.");
  }
  return withManageKey(deps, result.subscriberId);
}

/** Counts the attempt's declined first payment, if that is why nothing was recorded. */
async function recordDeclinedFirstPayment(
  deps: SubscribeDeps,
  subscriptionId: string,
  caller: Caller,
) {
  let subscription: Stripe.Subscription;
  try {
    subscription = await deps.stripe.subscriptions.retrieve(subscriptionId, {
      expand: ["latest_invoice"],
    });
  } catch {
    return; // The webhook counts it (without the address) when Stripe answers again.
  }
  const dedupeKey = declinedFirstPaymentKey(subscription.latest_invoice);
  if (!dedupeKey) return;
  await recordCardFailure(deps.db, {
    dedupeKey,
    source: "finalize",
    clientAddress: caller.clientAddress,
    offeringId: subscription.metadata[SUBSCRIPTION_METADATA.offeringId] ?? null,
    email: subscription.metadata[SUBSCRIPTION_METADATA.subscriberEmail] ?? null,
  });
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
  const { offering, publicOffering, destination } = await requireSubscribableOffering(
    deps,
    input.customUrl,
  );
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
  try {
    const session = await deps.stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: offering.stripePriceId!, quantity: 1 }],
      ...promo.params,
      customer_email: input.email,
      // A free offering's Checkout asks for no card (the webhooks still record it).
      ...(isFreePrice(offering.priceCents) ? { payment_method_collection: "if_required" } : {}),
      success_url: `${deps.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.publicUrl}/landing/${encodeURIComponent(publicOffering.customUrl)}`,
      subscription_data: {
        application_fee_percent: FREE_PLAN_FEE_PERCENT,
        transfer_data: { destination },
        on_behalf_of: destination,
        ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
        metadata: {
          [SUBSCRIPTION_METADATA.offeringId]: offering.id,
          [SUBSCRIPTION_METADATA.subscriberName]: input.name,
          [SUBSCRIPTION_METADATA.subscriberEmail]: input.email,
          ...promo.metadata,
        },
      },
      metadata: { [SUBSCRIPTION_METADATA.offeringId]: offering.id },
    });
    if (!session.url) throw new AppError("payment_provider_error", "Checkout is not available.");
    return { url: session.url };
  } catch (error) {
    throw toAppError(error, "Checkout is not available right now. Please try again.");
  }
}
