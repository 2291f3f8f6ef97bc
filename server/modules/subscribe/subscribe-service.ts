import type Stripe from "stripe";
import { FREE_PLAN_FEE_PERCENT } from "../../../contracts/plans";
import {
  PAYMENT_UNCONFIRMED_MESSAGE,
  type StartSubscriptionInput,
} from "../../../contracts/subscribe";
import { toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import {
  type BillingDeps,
  SUBSCRIPTION_METADATA,
  syncStripeSubscription,
} from "../billing/billing-sync";
import { findConnectAccountByUserId } from "../connect/connect-repository";
import { findOfferingById } from "../offerings/offering-repository";
import { findActiveOfferingByCustomUrl } from "../offerings/public-offering-repository";

const NOT_AVAILABLE = "This subscription is not available. It may have been deactivated.";

/** The offering must be active and its creator able to take payments. */
async function requireSubscribableOffering(deps: BillingDeps, customUrl: string) {
  const publicOffering = await findActiveOfferingByCustomUrl(deps.db, customUrl);
  if (!publicOffering) throw new AppError("not_found", NOT_AVAILABLE);
  const offering = await findOfferingById(deps.db, publicOffering.id);
  if (!offering?.stripePriceId) throw new AppError("not_found", NOT_AVAILABLE);
  const account = await findConnectAccountByUserId(deps.db, offering.userId);
  if (!account?.onboardingCompleted) {
    throw new AppError(
      "conflict",
      "This business can't accept payments yet. Please try again later or contact them.",
    );
  }
  return { offering, publicOffering, destination: account.stripeAccountId };
}

function clientSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string") return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/**
 * Steps 1–3 of the card path: customer, card as default, and an incomplete subscription as a
 * destination charge. Each Stripe call carries a key derived from the attempt, so a retry of
 * the same attempt returns the same objects instead of new ones.
 */
export async function startSubscription(deps: BillingDeps, input: StartSubscriptionInput) {
  const { offering, destination } = await requireSubscribableOffering(deps, input.customUrl);
  const key = `subscribe-${input.attemptId}`;
  try {
    const customer = await deps.stripe.customers.create(
      { email: input.email, name: input.name, metadata: { regulars_offering_id: offering.id } },
      { idempotencyKey: `${key}-customer` },
    );
    await deps.stripe.paymentMethods.attach(input.paymentMethodId, { customer: customer.id });
    await deps.stripe.customers.update(
      customer.id,
      { invoice_settings: { default_payment_method: input.paymentMethodId } },
      { idempotencyKey: `${key}-default-card` },
    );
    const subscription = await deps.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: offering.stripePriceId! }],
        default_payment_method: input.paymentMethodId,
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        transfer_data: { destination },
        on_behalf_of: destination,
        application_fee_percent: FREE_PLAN_FEE_PERCENT,
        metadata: {
          [SUBSCRIPTION_METADATA.offeringId]: offering.id,
          [SUBSCRIPTION_METADATA.subscriberName]: input.name,
          [SUBSCRIPTION_METADATA.subscriberEmail]: input.email,
        },
        expand: ["latest_invoice.confirmation_secret"],
      },
      { idempotencyKey: `${key}-subscription` },
    );
    return { subscriptionId: subscription.id, clientSecret: clientSecretOf(subscription) };
  } catch (error) {
    // Nothing is charged before the browser confirms, so starting over is safe.
    throw toAppError(
      error,
      "We couldn't reach our payment provider. You have not been charged; please try again.",
    );
  }
}

/** Step 5: after the browser confirmed the payment, record it (idempotent). */
export async function finalizeSubscription(
  deps: BillingDeps,
  input: { customUrl: string; subscriptionId: string },
) {
  const offering = await findActiveOfferingByCustomUrl(deps.db, input.customUrl);
  if (!offering) throw new AppError("not_found", NOT_AVAILABLE);
  let result: Awaited<ReturnType<typeof syncStripeSubscription>>;
  try {
    result = await syncStripeSubscription(deps, input.subscriptionId);
  } catch (error) {
    if ((error as { code?: string }).code === "resource_missing") {
      throw new AppError("not_found", "That subscription attempt was not found.");
    }
    // The browser has already confirmed the charge: "try again" would make a second attempt and
    // charge twice. The webhooks record this one once Stripe is reachable again.
    throw toAppError(error, PAYMENT_UNCONFIRMED_MESSAGE);
  }
  if (result.offering?.id !== offering.id) {
    throw new AppError("not_found", "That subscription attempt was not found.");
  }
  if (!result.subscriberId) {
    throw new AppError("payment_failed", "Payment failed. Please try again.");
  }
  return { subscriberId: result.subscriberId };
}

export async function createCheckoutSession(deps: BillingDeps, customUrl: string) {
  const { offering, publicOffering, destination } = await requireSubscribableOffering(
    deps,
    customUrl,
  );
  try {
    const session = await deps.stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: offering.stripePriceId!, quantity: 1 }],
      success_url: `${deps.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.publicUrl}/landing/${encodeURIComponent(publicOffering.customUrl)}`,
      subscription_data: {
        application_fee_percent: FREE_PLAN_FEE_PERCENT,
        transfer_data: { destination },
        on_behalf_of: destination,
        metadata: { [SUBSCRIPTION_METADATA.offeringId]: offering.id },
      },
      metadata: { [SUBSCRIPTION_METADATA.offeringId]: offering.id },
    });
    if (!session.url) throw new AppError("payment_provider_error", "Checkout is not available.");
    return { url: session.url };
  } catch (error) {
    throw toAppError(error, "Checkout is not available right now. Please try again.");
  }
}
