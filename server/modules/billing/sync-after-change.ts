import { type BillingDeps, syncStripeSubscription } from "./billing-sync";

/**
 * After a change made at Stripe on someone's behalf: the same idempotent sync the webhook
 * runs, so rows and e-mails are right when the answer goes back rather than a moment later.
 * If it fails, Stripe has the change and the webhook will bring the rows in line.
 */
export async function syncAfterChange(deps: BillingDeps, stripeSubscriptionId: string) {
  try {
    await syncStripeSubscription(deps, stripeSubscriptionId);
    return true;
  } catch (error) {
    deps.logger.warn(
      { err: error, stripeSubscriptionId },
      "sync after a change failed; the webhook will",
    );
    return false;
  }
}
