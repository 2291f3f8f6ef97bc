import type { Db } from "../../db/client";
import type { subscribers } from "../../db/schema/app";
import type { EmailKind } from "../../integrations/email/email-kind";
import type { EmailMessage, Mailer } from "../../integrations/email/mailer";
import {
  type CreatorSubscriptionChange,
  renderCreatorSubscriptionChangeEmail,
} from "../../integrations/email/templates/creator-subscription-change";
import { renderCancelScheduledEmail } from "../../integrations/email/templates/subscription-cancel-scheduled";
import { renderSubscriptionPausedEmail } from "../../integrations/email/templates/subscription-paused";
import { renderSubscriptionResumedEmail } from "../../integrations/email/templates/subscription-resumed";
import { renderSubscriptionSwitchedEmail } from "../../integrations/email/templates/subscription-switched";
import { customerPortalUrl, dashboardPath } from "../../lib/public-links";
import type { OfferingRow } from "../offerings/offering-repository";
import { type CreatorContact, findCreatorContact } from "./billing-repository";

// The messages of what a customer controls (issue 21): a cancellation scheduled and undone, a
// pause and its end, a switch. Each is keyed by its cause (the schedule, the pause's row, the
// switch's id), so repeated and parallel syncs write it once, in the sync's transaction.

type SubscriberRow = typeof subscribers.$inferSelect;

/** Which of the creator's notification switches a change follows. */
type CreatorSwitch = "notifyCancellation" | "notifyNewSubscriber";

export function controlEmails(options: {
  tx: Db;
  mailer: Mailer;
  publicUrl: string;
  offering: OfferingRow;
  subscriber: SubscriberRow;
}) {
  const { tx, mailer, publicUrl, offering, subscriber } = options;
  const manageUrl = customerPortalUrl(publicUrl, offering.customUrl, subscriber.manageKey);
  const forSubscriber = { userId: offering.userId, subscriberId: subscriber.id };
  const base = {
    to: subscriber.email,
    subscriberName: subscriber.name,
    offeringTitle: offering.title,
    manageUrl,
  };
  let creator: CreatorContact | null | undefined;

  async function toSubscriber(kind: EmailKind, dedupeKey: string, message: EmailMessage) {
    await mailer.enqueue(tx, { kind, dedupeKey, ...forSubscriber, ...message });
  }

  /** The business hears of it too, when its settings ask for that kind of news. */
  async function toCreator(
    setting: CreatorSwitch,
    dedupeKey: string,
    change: CreatorSubscriptionChange,
    offeringTitle = offering.title,
  ) {
    creator ??= await findCreatorContact(tx, offering.userId);
    if (!creator?.[setting]) return;
    await mailer.enqueue(tx, {
      kind: "creator_subscription_change",
      dedupeKey: `creator-${dedupeKey}`,
      ...forSubscriber,
      ...(await renderCreatorSubscriptionChangeEmail({
        to: creator.email,
        businessName: creator.businessName,
        subscriberName: subscriber.name,
        subscriberEmail: subscriber.email,
        offeringTitle,
        change,
        dashboardUrl: `${publicUrl}${dashboardPath}`,
        settingsUrl: `${publicUrl}${dashboardPath}?tab=settings`,
      })),
    });
  }

  return {
    /** Set to end at the period's end; `scheduledAt` (Stripe's canceled_at) names this time. */
    async cancelScheduled(
      stripeSubscriptionId: string,
      scheduledAt: number | null,
      endsAt: Date,
      by: "customer" | "creator",
    ) {
      const key = `cancel-scheduled:${stripeSubscriptionId}:${scheduledAt ?? endsAt.getTime()}`;
      await toSubscriber(
        "subscription_cancel_scheduled",
        key,
        await renderCancelScheduledEmail({ ...base, endsAt, cancelledBy: by }),
      );
      await toCreator("notifyCancellation", key, { kind: "cancel_scheduled", endsAt, by });
    },

    /** A scheduled end undone; `cause` is unique to this undoing. */
    async uncancelled(cause: string, nextChargeAt: Date | null) {
      const key = `uncancelled:${cause}`;
      await toSubscriber(
        "subscription_resumed",
        key,
        await renderSubscriptionResumedEmail({
          ...base,
          priceCents: subscriber.priceCents,
          cadence: subscriber.cadence,
          nextChargeAt,
          reason: "uncancelled",
        }),
      );
      await toCreator("notifyCancellation", key, { kind: "resumed" });
    },

    async paused(pauseId: string, until: Date | null) {
      const key = `paused:${pauseId}`;
      await toSubscriber(
        "subscription_paused",
        key,
        await renderSubscriptionPausedEmail({
          ...base,
          until,
          priceCents: subscriber.priceCents,
          cadence: subscriber.cadence,
        }),
      );
      await toCreator("notifyCancellation", key, { kind: "paused", until });
    },

    /**
     * A pause is over: ended early by the customer, or by Stripe at resumes_at, a few days
     * before the first charge after it (the reminder the issue asks for).
     */
    async pauseEnded(pauseId: string, byItself: boolean, nextChargeAt: Date | null) {
      const key = `pause-ended:${pauseId}`;
      await toSubscriber(
        "subscription_resumed",
        key,
        await renderSubscriptionResumedEmail({
          ...base,
          priceCents: subscriber.priceCents,
          cadence: subscriber.cadence,
          nextChargeAt,
          reason: byItself ? "pause_ending_soon" : "pause_ended",
        }),
      );
      if (!byItself) await toCreator("notifyCancellation", key, { kind: "pause_ended" });
    },

    async switched(
      switchId: string,
      change: {
        fromTitle: string;
        priceCents: number;
        effectiveAt: Date;
        isImmediate: boolean;
        chargedNowCents: number;
      },
    ) {
      const key = `switched:${switchId}`;
      await toSubscriber(
        "subscription_switched",
        key,
        await renderSubscriptionSwitchedEmail({
          to: subscriber.email,
          subscriberName: subscriber.name,
          fromTitle: change.fromTitle,
          toTitle: offering.title,
          priceCents: change.priceCents,
          cadence: subscriber.cadence,
          effectiveAt: change.effectiveAt,
          chargedNowCents: change.chargedNowCents,
          isImmediate: change.isImmediate,
          manageUrl,
        }),
      );
      await toCreator(
        "notifyNewSubscriber",
        key,
        {
          kind: "switched",
          toTitle: offering.title,
          effectiveAt: change.effectiveAt,
          isImmediate: change.isImmediate,
        },
        change.fromTitle,
      );
    },
  };
}

export type ControlEmails = ReturnType<typeof controlEmails>;
