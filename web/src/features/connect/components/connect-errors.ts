import { ApiError, errorMessage } from "@/lib/api-client";

/** Spec 5/8: the payment client is missing; the wording names the provider and the fix. */
export const PROVIDER_NOT_CONFIGURED =
  "Payment provider not configured: Stripe's keys are missing. Add STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to the environment configuration.";

export const PLATFORM_PROFILE_URL =
  "https://dashboard.stripe.com/settings/connect/platform-profile";

export const PLATFORM_PROFILE_CONFIRM =
  "Would you like to open the Stripe platform profile setup page now?";

/** Where the message shows: the wizard's step 3 or the Account tab's Payment Setup section. */
export type ConnectErrorContext = "onboarding" | "dashboard";

const fallbacks: Record<ConnectErrorContext, string> = {
  onboarding: "Failed to create payment account",
  dashboard: "Failed to create Connect account",
};

const platformProfileMessages: Record<ConnectErrorContext, string> = {
  onboarding:
    "Platform setup required: Please complete your Stripe Connect platform profile first for payment processing. This is a one-time setup required by Stripe.",
  dashboard:
    "Platform setup required: Please complete your Stripe Connect platform profile first. This is a one-time setup required by Stripe.",
};

/**
 * Stripe refuses to create accounts until the platform's Connect profile is filled in; the
 * server says so with its own code (it never passes Stripe's text on).
 */
export function isPlatformProfileError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "platform_profile_required";
}

/**
 * The server's message when it sent one; the spec's fallback when it didn't (a reply without
 * an error body only carries "Request failed (500)", which helps nobody).
 */
export function accountCreationErrorMessage(error: unknown, context: ConnectErrorContext): string {
  if (isPlatformProfileError(error)) return platformProfileMessages[context];
  if (error instanceof ApiError && error.code === "unknown") return fallbacks[context];
  return errorMessage(error, fallbacks[context]);
}
