import type Stripe from "stripe";
import { type Cadence, formatCadencePrice } from "../../../contracts/cadence";
import { isFreePrice } from "../../../contracts/offerings";
import {
  PAYMENT_UNCONFIRMED_MESSAGE,
  type StartFreeSubscriptionInput,
  type StartSubscriptionInput,
} from "../../../contracts/subscribe";
import { isStripeMissing, toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import { type BillingDeps, syncStripeSubscription } from "../billing/billing-sync";
import { orphanedAttemptError } from "../billing/orphan-subscription";
import { SUBSCRIPTION_METADATA } from "../billing/subscription-metadata";
import { hasHadTrial } from "../billing/trial-grant-repository";
import {
  assertCardAttemptsAllowed,
  declinedFirstPaymentKey,
  isCardDecline,
  recordCardFailure,
} from "../card-attempts/card-attempt-limits";
import { findManageKeyOfSubscriber } from "../customer-portal/customer-portal-repository";
import {
  findActiveOfferingRowByCustomUrl,
  type OfferingRow,
} from "../offerings/offering-repository";
import { promoCodeCheck, resolvePromoCode } from "../promotions/promotion-service";
import { HOLD_SECONDS, holdSeat } from "../seats/seat-hold";
import { attachStripeSubscription } from "../seats/signup-repository";
import { checkServiceDetails } from "../service-details/service-details-check";
import type { FinalizeTokens } from "./finalize-token";
import { hasLiveSubscription, lockFreeSubscribe } from "./free-subscribe-repository";
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  createSubscribeCustomer,
  feePercentFor,
  keepSeatForRetry,
  NOT_AVAILABLE,
  NOT_SELLABLE,
  promoFor,
  requireSubscribableOffering,
  subscriptionMetadata,
} from "./subscribe-offering";

export type SubscribeDeps = BillingDeps & { finalizeTokens: FinalizeTokens };

/** Who is asking: the client's address, as the edge read it (server/http/rate-limit.ts). */
export interface Caller {
  clientAddress: string;
}

const PROVIDER_UNREACHABLE =
  "We couldn't reach our payment provider. You have not been charged; please try again.";
const CARD_NOT_FOUND = "We couldn't use that card. Please enter your card details again.";

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
  // The address, its area and the answers, then a seat: all before anything exists at Stripe.
  const details = await checkServiceDetails(deps.db, offering, input);
  // Every refusal that can come before a seat does: a held seat is one nobody else can take.
  let promo: Awaited<ReturnType<typeof promoFor>>;
  let trialDays: number;
  let feePercent: number;
  try {
    promo = await promoFor(deps, offering, input.promoCode);
    trialDays = await trialDaysFor(deps, offering, input);
    feePercent = await feePercentFor(deps, offering);
  } catch (error) {
    throw toAppError(error, PROVIDER_UNREACHABLE);
  }
  const signup = await holdSeat(deps, {
    offering,
    attemptKey: `card:${input.attemptId}`,
    holdSeconds: HOLD_SECONDS.card,
    name: input.name,
    email: input.email,
    details,
    inviteToken: input.inviteToken,
  });
  const key = `subscribe-${input.attemptId}`;
  try {
    const customer = await createSubscribeCustomer(
      deps,
      input,
      details,
      offering,
      `${key}-customer`,
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
        application_fee_percent: feePercent,
        ...promo.params,
        metadata: subscriptionMetadata(offering, input, signup, promo),
        expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
      },
      // Going without the trial after a refusal is another request to Stripe.
      { idempotencyKey: `${key}-subscription${input.withoutTrial ? "-without-trial" : ""}` },
    );
    if (signup) await attachStripeSubscription(deps.db, signup.id, subscription.id);
    return {
      subscriptionId: subscription.id,
      ...confirmationOf(subscription),
      finalizeToken: deps.finalizeTokens.sign(subscription.id),
    };
  } catch (error) {
    if (signup) await keepSeatForRetry(deps, signup.id);
    if (isCardDecline(error)) {
      await recordCardFailure(deps.db, {
        ...party,
        // The card too: a failed attempt frees its id, so the same id may come back with another.
        dedupeKey: `attempt:${input.attemptId}:${input.paymentMethodId}`,
        source: "start",
      });
    }
    // Nothing is charged before the browser confirms, so starting over is safe.
    throw toAppError(error, PROVIDER_UNREACHABLE);
  }
}

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
  const details = await checkServiceDetails(deps.db, offering, input);
  const feePercent = await feePercentFor(deps, offering);
  const signup = await holdSeat(deps, {
    offering,
    attemptKey: `free:${input.attemptId}`,
    holdSeconds: HOLD_SECONDS.free,
    name: input.name,
    email: input.email,
    details,
    inviteToken: input.inviteToken,
  });
  const key = `subscribe-free-${input.attemptId}`;
  let subscription: Stripe.Subscription;
  try {
    const customer = await createSubscribeCustomer(
      deps,
      input,
      details,
      offering,
      `${key}-customer`,
    );
    // error_if_incomplete: if the price somehow asked for a payment, Stripe creates nothing.
    subscription = await deps.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: offering.stripePriceId! }],
        payment_behavior: "error_if_incomplete",
        transfer_data: { destination },
        on_behalf_of: destination,
        application_fee_percent: feePercent,
        metadata: subscriptionMetadata(offering, input, signup),
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
  const offering = await findActiveOfferingRowByCustomUrl(deps.db, input.customUrl);
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
