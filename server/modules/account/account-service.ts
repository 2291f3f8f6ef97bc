import type Stripe from "stripe";
import type { Db } from "../../db/client";
import { toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import { deleteCreator, listLiveStripeSubscriptionIds } from "./account-repository";

export interface AccountDeps {
  db: Db;
  stripe: Stripe;
}

const ALREADY_GONE = new Set(["resource_missing"]);

/**
 * Cancels every live Stripe subscription of the creator's subscribers before anything is
 * deleted, so no customer is charged for a creator who is gone. If a cancellation fails,
 * nothing is deleted and the creator can retry.
 */
export async function deleteAccount(deps: AccountDeps, userId: string, confirmUserId: string) {
  if (confirmUserId !== userId) {
    throw new AppError(
      "validation_failed",
      "User ID does not match. Please type your exact User ID to confirm.",
    );
  }
  const live = await listLiveStripeSubscriptionIds(deps.db, userId);
  for (const { stripeSubscriptionId } of live) {
    if (!stripeSubscriptionId) continue;
    try {
      const subscription = await deps.stripe.subscriptions.retrieve(stripeSubscriptionId);
      if (subscription.status !== "canceled" && subscription.status !== "incomplete_expired") {
        await deps.stripe.subscriptions.cancel(stripeSubscriptionId);
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code && ALREADY_GONE.has(code)) continue;
      throw toAppError(error, "Failed to delete account. Please try again.");
    }
  }
  await deleteCreator(deps.db, userId);
}
