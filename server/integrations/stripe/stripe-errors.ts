import Stripe from "stripe";
import { AppError } from "../../lib/errors";

/**
 * What a customer is told about a declined card. Stripe's own text, and any reason finer than
 * these three, would help someone testing stolen cards more than it helps a cardholder.
 */
export const cardDeclineMessages = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  needsAuthentication: "Your bank needs you to confirm this payment. Please try again.",
} as const;

function cardDeclineMessage(error: { code?: string; decline_code?: string }): string {
  const reason = error.decline_code ?? error.code;
  if (reason === "insufficient_funds") return cardDeclineMessages.insufficientFunds;
  if (reason === "authentication_required") return cardDeclineMessages.needsAuthentication;
  return cardDeclineMessages.declined;
}

/** Shown to the creator, and the code the web reads to add the spec's confirm dialog. */
export const PLATFORM_PROFILE_REQUIRED_MESSAGE =
  "Platform setup required: Please complete your Stripe Connect platform profile first. This is a one-time setup required by Stripe.";

/**
 * Stripe's refusal to create connected accounts until the platform profile is complete. It has
 * no code of its own: its message names the profile and links to
 * dashboard.stripe.com/settings/connect/platform-profile.
 */
function isPlatformProfileRefusal(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    /platform[-_ ]profile/i.test(error.message)
  );
}

/** Stripe's answer that the object asked for doesn't exist (or no longer does). */
export function isStripeMissing(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError && error.code === "resource_missing";
}

export interface StripeErrorMapping {
  /**
   * Set where a missing Stripe object can only be the client's mistake (an id they sent):
   * it becomes this 4xx instead of a provider failure.
   */
  missingResource?: AppError;
}

/**
 * Maps a Stripe SDK error to our AppError: the client's mistakes are 4xx, Stripe's trouble
 * and ours are 5xx with the caller's fallback. Stripe's raw text is never shown; the caller's
 * log line (the unhandled-error path or its own) keeps it.
 */
export function toAppError(
  error: unknown,
  fallback: string,
  mapping: StripeErrorMapping = {},
): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError("payment_failed", cardDeclineMessage(error), { cause: error });
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    return new AppError(
      "unavailable",
      "Our payment provider is busy right now. Please try again in a minute.",
      { cause: error },
    );
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError(
      "conflict",
      "This request is already being processed. Please wait a moment and check again.",
      { cause: error },
    );
  }
  if (isPlatformProfileRefusal(error)) {
    return new AppError("platform_profile_required", PLATFORM_PROFILE_REQUIRED_MESSAGE, {
      cause: error,
    });
  }
  if (isStripeMissing(error) && mapping.missingResource) return mapping.missingResource;
  return new AppError("payment_provider_error", fallback, { cause: error });
}
