import type { OutgoingEmail } from "../../integrations/email/mailer";
import { renderSubscriptionClosedByBusinessEmail } from "../../integrations/email/templates/subscription-closed-by-business";

export interface ClosingSubscription {
  subscriberId: string;
  name: string;
  email: string;
  offeringTitle: string;
  businessName: string;
}

/**
 * The e-mail that tells a subscriber their business deleted its account. Written by the
 * deletion (for everyone still subscribed when it began) and by the cancellation's webhook when
 * it arrives before the account's rows are gone (say, from an earlier attempt of a retried
 * deletion): one key per subscription, so whichever comes first is the one message. Neither the
 * creator nor the subscriber is named by reference: both rows are deleted with the account, and
 * the outbox's foreign keys would take the message with them. Null without an address to write to
 * (Stripe gave us none; our forms can't).
 */
export async function renderClosingNotice(
  subscription: ClosingSubscription,
  closedAt: Date,
): Promise<OutgoingEmail | null> {
  if (!subscription.email.includes("@")) return null;
  const message = await renderSubscriptionClosedByBusinessEmail({
    to: subscription.email,
    subscriberName: subscription.name,
    offeringTitle: subscription.offeringTitle,
    businessName: subscription.businessName,
    closedAt,
  });
  return {
    ...message,
    kind: "subscription_closed_by_business",
    dedupeKey: `business-closed:${subscription.subscriberId}`,
    userId: null,
    subscriberId: null,
  };
}
