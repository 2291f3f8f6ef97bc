import type Stripe from "stripe";
import type { SubscriberStatus } from "../../db/schema/app";

/**
 * What a subscriber sees, from Stripe's subscription status. `null` means the subscription
 * never became a paying one (incomplete): there is no subscriber to show yet.
 */
export function subscriberStatusFor(status: Stripe.Subscription.Status): SubscriberStatus | null {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
    case "paused":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "cancelled";
    case "incomplete":
      return null;
  }
}
