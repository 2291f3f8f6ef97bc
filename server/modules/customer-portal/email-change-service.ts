import { createHash, randomBytes } from "node:crypto";
import {
  EMAIL_CHANGE_CONFIRM_HOURS,
  type EmailChangeOutcome,
  type UpdateSubscriberEmailResponse,
} from "../../../contracts/customer-portal";
import { renderEmailChangeConfirmEmail } from "../../integrations/email/templates/email-change-confirm";
import { renderEmailChangeRequestedEmail } from "../../integrations/email/templates/email-change-requested";
import { renderEmailChangedEmail } from "../../integrations/email/templates/email-changed";
import { AppError } from "../../lib/errors";
import { customerPortalUrl, emailChangePageUrl } from "../../lib/public-links";
import {
  applyEmailChange,
  closeEmailChange,
  findEmailChangeByToken,
  insertEmailChange,
  replaceManageKey,
  withdrawOpenEmailChanges,
} from "./customer-portal-repository";
import {
  type CustomerPortalDeps,
  requireSubscriber,
  type SubscriberRef,
  sendNewManageLink,
} from "./customer-portal-service";

// A self-service e-mail change waits for the new address (Security 2): the request mails the
// new address a link that confirms it and the current one a notice with a link that undoes it.
// Only digests of the two tokens are stored, so a copy of the table opens nothing.

const digestOf = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

const CANCELLED = "This subscription is cancelled.";
const LINK_NOT_VALID =
  "This link is not valid. Open the newest e-mail we sent about the change, or ask for the change again on your subscription's page.";
const ALREADY_CONFIRMED = "This e-mail change was already confirmed.";
const WITHDRAWN =
  "This e-mail change was withdrawn: it was undone, a newer change replaced it, or the manage link was replaced. Nothing was changed by it.";
const EXPIRED = `This link has expired (it works for ${EMAIL_CHANGE_CONFIRM_HOURS} hours), so the e-mail was not changed. Ask for the change again on your subscription's page.`;

/**
 * Records the change and mails both addresses; the subscription's e-mail stays as it is. A
 * newer request withdraws the older ones, whose links then say so.
 */
export async function requestEmailChange(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
  email: string,
): Promise<UpdateSubscriberEmailResponse> {
  const { subscriber, offering } = await requireSubscriber(deps.db, ref);
  if (subscriber.paymentStatus === "cancelled") throw new AppError("conflict", CANCELLED);
  if (email.toLowerCase() === subscriber.email.toLowerCase()) {
    throw new AppError("validation_failed", `Your e-mail is already ${subscriber.email}.`);
  }
  const confirmToken = newToken();
  const undoToken = newToken();
  const [toNew, toOld] = await Promise.all([
    renderEmailChangeConfirmEmail({
      to: email,
      offeringTitle: offering.title,
      confirmUrl: emailChangePageUrl(deps.publicUrl, "confirm", confirmToken),
    }),
    renderEmailChangeRequestedEmail({
      to: subscriber.email,
      offeringTitle: offering.title,
      newEmail: email,
      undoUrl: emailChangePageUrl(deps.publicUrl, "undo", undoToken),
    }),
  ]);
  await deps.db.transaction(async (tx) => {
    await withdrawOpenEmailChanges(tx, subscriber.id);
    const changeId = await insertEmailChange(tx, {
      subscriberId: subscriber.id,
      newEmail: email,
      confirmTokenHash: digestOf(confirmToken),
      undoTokenHash: digestOf(undoToken),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_CONFIRM_HOURS * 60 * 60 * 1000),
    });
    const forSubscriber = { userId: offering.userId, subscriberId: subscriber.id };
    await deps.mailer.enqueue(tx, {
      ...toNew,
      ...forSubscriber,
      kind: "email_change_confirm",
      dedupeKey: `email-change-confirm:${changeId}`,
    });
    await deps.mailer.enqueue(tx, {
      ...toOld,
      ...forSubscriber,
      kind: "email_change_requested",
      dedupeKey: `email-change-requested:${changeId}`,
    });
  });
  return { pendingEmail: email };
}

/**
 * The new address confirms. Stripe first, as receipts go where the Stripe customer says: our
 * row changes only once that has. Then, in one transaction, the change is closed (if it still
 * is open: of two racing requests one wins), the row takes the new address and a new manage
 * key, the new link goes to the new address and a notice to the old one.
 */
export async function confirmEmailChange(
  deps: CustomerPortalDeps,
  token: string,
): Promise<EmailChangeOutcome> {
  const found = await findEmailChangeByToken(deps.db, "confirmTokenHash", digestOf(token));
  if (!found) throw new AppError("not_found", LINK_NOT_VALID);
  const { change, subscriber, offering } = found;
  if (change.confirmedAt) throw new AppError("conflict", ALREADY_CONFIRMED);
  if (change.withdrawnAt) throw new AppError("conflict", WITHDRAWN);
  if (change.expiresAt.getTime() <= Date.now()) throw new AppError("conflict", EXPIRED);
  if (subscriber.paymentStatus === "cancelled") throw new AppError("conflict", CANCELLED);

  const updateStripe = async (email: string) => {
    if (subscriber.stripeCustomerId) {
      await deps.stripe.customers.update(subscriber.stripeCustomerId, { email });
    }
  };
  try {
    await updateStripe(change.newEmail);
  } catch (error) {
    throw new AppError("payment_provider_error", "Failed to update email. Please try again.", {
      cause: error,
    });
  }
  const notice = {
    offeringTitle: offering.title,
    oldEmail: subscriber.email,
    newEmail: change.newEmail,
  };
  const toOld = await renderEmailChangedEmail({
    ...notice,
    to: subscriber.email,
    recipient: "old",
    // The old address no longer owns the subscription: no way in from there.
    manageUrl: null,
  });
  const manageKey = await deps.db.transaction(async (tx) => {
    if (!(await closeEmailChange(tx, change.id, "confirmed"))) return null;
    const key = await applyEmailChange(tx, subscriber.id, change.newEmail);
    const toNew = await renderEmailChangedEmail({
      ...notice,
      to: change.newEmail,
      recipient: "new",
      manageUrl: customerPortalUrl(deps.publicUrl, offering.customUrl, key),
    });
    for (const [message, recipient] of [
      [toOld, "old"],
      [toNew, "new"],
    ] as const) {
      await deps.mailer.enqueue(tx, {
        ...message,
        kind: "email_changed",
        dedupeKey: `email-changed:${change.id}:${recipient}`,
        userId: offering.userId,
        subscriberId: subscriber.id,
      });
    }
    return key;
  });
  if (!manageKey) {
    // Undone (or confirmed) while Stripe was being asked: Stripe goes back to the row's address.
    // The answer is the conflict either way; a failed restore rides along as its cause.
    const restoreFailure = await updateStripe(subscriber.email).then(
      () => undefined,
      (error: unknown) => error,
    );
    throw new AppError("conflict", WITHDRAWN, restoreFailure ? { cause: restoreFailure } : {});
  }
  return {
    offeringTitle: offering.title,
    email: change.newEmail,
    customUrl: offering.customUrl,
    manageKey,
  };
}

/**
 * The current address undoes a change it did not ask for: the change is withdrawn and the
 * manage key replaced (whoever asked had the link), and the new link goes to this address.
 * It works after the confirm link has expired too, as ending the link is the point of it.
 */
export async function undoEmailChange(
  deps: CustomerPortalDeps,
  token: string,
): Promise<EmailChangeOutcome> {
  const found = await findEmailChangeByToken(deps.db, "undoTokenHash", digestOf(token));
  if (!found) throw new AppError("not_found", LINK_NOT_VALID);
  const { change, subscriber, offering } = found;
  if (change.confirmedAt) {
    throw new AppError(
      "conflict",
      `This e-mail change was already confirmed, so the subscription's e-mail is now ${change.newEmail}. To change it back, contact the business through its page.`,
    );
  }
  if (change.withdrawnAt) throw new AppError("conflict", WITHDRAWN);
  const manageKey = await deps.db.transaction(async (tx) => {
    if (!(await closeEmailChange(tx, change.id, "withdrawn"))) return null;
    const key = await replaceManageKey(tx, subscriber.id, subscriber.manageKey);
    // The link was replaced meanwhile, which withdrew the change too: roll back, say so.
    if (!key) throw new AppError("conflict", WITHDRAWN);
    await sendNewManageLink(deps, tx, {
      subscriber: { ...subscriber, manageKey: key },
      offering,
      reason: "undo",
    });
    return key;
  });
  if (!manageKey) throw new AppError("conflict", WITHDRAWN);
  return {
    offeringTitle: offering.title,
    email: subscriber.email,
    customUrl: offering.customUrl,
    manageKey,
  };
}
