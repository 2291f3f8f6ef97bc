import type Stripe from "stripe";
import type { DeleteAccountInput } from "../../../contracts/account";
import type { AccountSecrets } from "../../auth/account-secrets";
import { TOTP_ALREADY_USED_MESSAGE, TOTP_WRONG_CODE_MESSAGE } from "../../auth/totp-once";
import type { Db } from "../../db/client";
import { retryOnDeadlock } from "../../db/retry-transaction";
import type { Mailer } from "../../integrations/email/mailer";
import { toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import {
  insertClosedSubscriptionsOf,
  listLiveSubscriptionsOf,
} from "../closed-subscriptions/closed-subscription-repository";
import { renderClosingNotice } from "../closed-subscriptions/closing-notice";
import { findPlanCustomer } from "../plans/plan-subscription-repository";
import { consumeRateLimit } from "../rate-limits/rate-limit-repository";
import {
  deleteCreatorRows,
  listActiveCouponIds,
  listOfferingStripeRefs,
  listRecordedStripeSubscriptionIds,
} from "./account-repository";
import { closeCreatorBilling } from "./close-creator-billing";

export interface AccountDeps {
  db: Db;
  stripe: Stripe;
  logger: Logger;
  secrets: AccountSecrets;
  mailer: Mailer;
}

/** Attempts per account, so a stolen session can't be used to guess the password. */
const DELETE_ATTEMPTS = { max: 5, windowSeconds: 15 * 60 };

/**
 * The User ID typed out, the password, and (with two-factor on) a code from the authenticator
 * app that has not been used before: a session alone, borrowed or stolen, can't delete anything.
 */
async function confirmOwner(deps: AccountDeps, userId: string, input: DeleteAccountInput) {
  if (input.confirmUserId !== userId) {
    throw new AppError(
      "validation_failed",
      "User ID does not match. Please type your exact User ID to confirm.",
    );
  }
  const isAllowed = await consumeRateLimit(
    deps.db,
    `regulars:account-delete:${userId}`,
    DELETE_ATTEMPTS,
  );
  if (!isAllowed) {
    throw new AppError(
      "rate_limited",
      "Too many attempts to delete this account. Please wait 15 minutes and try again.",
    );
  }
  if (!(await deps.secrets.isPasswordCorrect(userId, input.password))) {
    throw new AppError("forbidden", "That password is not correct.");
  }
  if (!(await deps.secrets.isTwoFactorEnabled(userId))) return;
  if (!input.totpCode) {
    throw new AppError(
      "validation_failed",
      "Enter the 6-digit code from your authenticator app to delete the account.",
    );
  }
  const claim = await deps.secrets.claimTotpCode(userId, input.totpCode);
  if (claim === "already_used") throw new AppError("forbidden", TOTP_ALREADY_USED_MESSAGE);
  if (claim !== "accepted") throw new AppError("forbidden", TOTP_WRONG_CODE_MESSAGE);
}

/**
 * Closes everything in Stripe that could still charge a customer of this creator (see
 * closeCreatorBilling) before anything is deleted, so no customer is charged for a creator who
 * is gone. If a Stripe call fails, nothing is deleted and the creator can retry.
 *
 * Then, in one transaction with the deletion: each subscriber who still had a subscription is
 * e-mailed that the business closed it, and every subscriber's self-service link keeps a
 * tombstone that says so (closed_subscriptions), instead of "Subscription Not Found".
 */
export async function deleteAccount(deps: AccountDeps, userId: string, input: DeleteAccountInput) {
  await confirmOwner(deps, userId, input);
  const offerings = await listOfferingStripeRefs(deps.db, userId);
  const recordedSubscriptionIds = new Set(await listRecordedStripeSubscriptionIds(deps.db, userId));
  // Who is told is read before Stripe ends anything: the cancellations' webhooks may mark the
  // subscribers cancelled before their rows go, and they must still hear why.
  const live = await listLiveSubscriptionsOf(deps.db, userId);
  try {
    const couponIds = await listActiveCouponIds(deps.db, userId);
    const planCustomerId = (await findPlanCustomer(deps.db, userId))?.stripeCustomerId ?? null;
    await closeCreatorBilling(deps, {
      offerings,
      recordedSubscriptionIds,
      couponIds,
      planCustomerId,
    });
  } catch (error) {
    throw toAppError(error, "Failed to delete account. Please try again.");
  }
  const closedAt = new Date();
  // Drawn before the transaction, so it (and a retry of it) only writes rows.
  const notices = await Promise.all(live.map((s) => renderClosingNotice(s, closedAt)));
  const customUrls = offerings.map((offering) => offering.customUrl);
  // A webhook recording a payment at the same moment locks the same rows in another order.
  await retryOnDeadlock(() =>
    deps.db.transaction(async (tx) => {
      await insertClosedSubscriptionsOf(tx, userId, closedAt);
      for (const notice of notices) if (notice) await deps.mailer.enqueue(tx, notice);
      await deleteCreatorRows(tx, userId, customUrls);
    }),
  );
}
