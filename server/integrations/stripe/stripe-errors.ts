import Stripe from "stripe";
import { AppError } from "../../lib/errors";

/**
 * Maps a Stripe SDK error to our AppError. Card errors keep Stripe's message, which is
 * written for the cardholder; anything else gets a message a person can act on.
 */
export function toAppError(error: unknown, fallback: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError("payment_failed", error.message || fallback);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new AppError("payment_provider_error", error.message || fallback);
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new AppError("payment_provider_error", fallback);
  }
  return new AppError("payment_provider_error", fallback);
}
