import type { Db } from "../../db/client";
import { formatEmailDate } from "../../integrations/email/templates/render-email-message";
import { AppError } from "../../lib/errors";
import { findClosedSubscription } from "./closed-subscription-repository";

/** What a closed subscription's link answers, in the words its closing e-mail used. */
function closedSubscriptionMessage(closed: {
  businessName: string;
  offeringTitle: string;
  closedAt: Date;
}) {
  return `${closed.businessName} closed their account on ${formatEmailDate(closed.closedAt)}, which ended your ${closed.offeringTitle} subscription. You won't be charged again.`;
}

/**
 * For a self-service link that names no subscription: if its business deleted the account,
 * say so (410) instead of "Subscription Not Found". Only under the custom URL the link was made
 * for, so a key tried under another address still finds nothing.
 */
export async function throwIfSubscriptionClosed(
  db: Db,
  ref: { customUrl: string; manageKey: string },
): Promise<void> {
  const closed = await findClosedSubscription(db, ref.customUrl, ref.manageKey);
  if (closed) throw new AppError("subscription_closed", closedSubscriptionMessage(closed));
}
