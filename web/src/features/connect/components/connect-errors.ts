import { errorMessage } from "@/lib/api-client";

export const PROVIDER_NOT_CONFIGURED =
  "Payment provider not configured: Stripe's keys are missing. Add STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to the environment configuration.";

const PLATFORM_PROFILE_URL = "https://dashboard.stripe.com/settings/connect/platform-profile";

/**
 * Spec error catalogue: a platform-profile error gets its own message and, a second later,
 * an offer to open Stripe's settings page.
 */
export function describeAccountCreationError(
  error: unknown,
  fallback: string,
  variant: "onboarding" | "dashboard",
) {
  const message = errorMessage(error, fallback);
  if (/platform[- ]profile/i.test(message)) {
    setTimeout(() => {
      if (window.confirm("Would you like to open the Stripe platform profile setup page now?")) {
        window.open(PLATFORM_PROFILE_URL, "_blank", "noopener");
      }
    }, 1000);
    return variant === "onboarding"
      ? "Platform setup required: Please complete your Stripe Connect platform profile first for payment processing. This is a one-time setup required by Stripe."
      : "Platform setup required: Please complete your Stripe Connect platform profile first. This is a one-time setup required by Stripe.";
  }
  return message;
}

/** "individual.first_name" → "Individual first name". */
export function humanizeRequirement(id: string): string {
  const text = id.replaceAll(".", " ").replaceAll("_", " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
