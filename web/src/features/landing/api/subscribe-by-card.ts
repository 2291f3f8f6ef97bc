import {
  finalizeSubscriptionResponseSchema,
  PAYMENT_UNCONFIRMED_MESSAGE,
  startSubscriptionResponseSchema,
} from "@contracts/subscribe";
import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { ApiError, apiRequest } from "@/lib/api-client";
import {
  createCardPaymentMethod,
  PAYMENT_FAILED_MESSAGE,
  PaymentError,
  postWithOneRetry,
} from "@/lib/card-payment";
import type { ServiceDetailsBody } from "../lib/service-details-body";

export interface SubscribeByCardInput {
  stripe: Stripe;
  card: StripeCardElement;
  customUrl: string;
  name: string;
  email: string;
  /** One per click of Subscribe; the server turns a repeat of the same attempt into a no-op. */
  attemptId: string;
  /** The code applied in step 1, already checked; the server checks it again. */
  promoCode?: string;
  /** After "already had a free trial": subscribe at the full terms, charged today. */
  withoutTrial?: boolean;
  /** Address, phone, answers and invitation (issue 22), checked on the server before Stripe. */
  details?: ServiceDetailsBody;
}

/**
 * This customer already had the offering's free trial with this business (same e-mail or card):
 * nothing was created, and they may subscribe without it (a new attempt with withoutTrial).
 */
export class TrialUsedError extends PaymentError {}

/** The card went through but we could not record it yet: paying again would charge twice. */
export class PaymentUnconfirmedError extends PaymentError {
  constructor() {
    super(PAYMENT_UNCONFIRMED_MESSAGE);
  }
}

/**
 * The card path of the payment model, as the browser runs it. Resolves to the link's key, and
 * whether the subscription began with a free trial (nothing charged yet).
 */
export async function subscribeByCard(
  input: SubscribeByCardInput,
): Promise<{ manageKey: string; isTrial: boolean }> {
  const { stripe, card, customUrl, name, email, attemptId, promoCode, withoutTrial, details } =
    input;
  const paymentMethodId = await createCardPaymentMethod(stripe, card, { name, email });

  const started = await postWithOneRetry(
    "/api/public/subscribe",
    {
      customUrl,
      attemptId,
      name,
      email,
      paymentMethodId,
      ...(promoCode ? { promoCode } : {}),
      ...(withoutTrial ? { withoutTrial: true } : {}),
      ...details,
    },
    startSubscriptionResponseSchema,
  ).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "trial_used")
      throw new TrialUsedError(error.message);
    throw error;
  });
  // The token proves to finalize that this page started the attempt: only it gets the
  // subscriber id (the self-service link's secret).
  const finalizeBody = {
    customUrl,
    subscriptionId: started.subscriptionId,
    finalizeToken: started.finalizeToken,
  };
  const isTrial = started.confirm === "setup";
  if (started.clientSecret) {
    // The bank may ask for 3-D Secure here; Stripe.js shows the challenge and waits for it.
    // With a free trial nothing is charged yet: the card is saved (set up) for the first charge.
    const confirmation = isTrial
      ? await stripe.confirmCardSetup(started.clientSecret, { payment_method: paymentMethodId })
      : await stripe.confirmCardPayment(started.clientSecret, {
          payment_method: paymentMethodId,
        });
    if (confirmation.error) {
      // Tell the server, which counts declined cards (card testing); its answer adds nothing.
      await apiRequest("/api/public/subscribe/finalize", {
        method: "POST",
        body: finalizeBody,
        schema: finalizeSubscriptionResponseSchema,
      }).catch(() => undefined);
      throw new PaymentError(confirmation.error.message ?? PAYMENT_FAILED_MESSAGE);
    }
  }
  try {
    // The link's key, not the subscriber's id: it is what opens the self-service page.
    const { manageKey } = await postWithOneRetry(
      "/api/public/subscribe/finalize",
      finalizeBody,
      finalizeSubscriptionResponseSchema,
    );
    return { manageKey, isTrial };
  } catch (error) {
    // The business closed meanwhile: the server cancelled the attempt (and refunded it if the
    // card was charged), and its message says which. Anything else may be a recorded charge.
    if (error instanceof ApiError && error.code === "conflict")
      throw new PaymentError(error.message);
    throw new PaymentUnconfirmedError();
  }
}
