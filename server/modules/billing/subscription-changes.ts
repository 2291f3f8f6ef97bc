import type Stripe from "stripe";
import { z } from "zod";
import { cadenceOfRecurring } from "../../../contracts/cadence";
import type { Db } from "../../db/client";
import type { subscribers } from "../../db/schema/app";
import { findOfferingById, type OfferingRow } from "../offerings/offering-repository";
import { firstRenewalOnOrAfter } from "../subscription-control/renewal-dates";
import type { ControlEmails } from "./control-emails";
import {
  applySwitch,
  insertPause,
  insertSwitchOnce,
  listWaitingSwitches,
  lockOpenPause,
  updatePause,
} from "./subscription-change-repository";

// What the customer controls, as Stripe's subscription now says it (issue 21, ADR 033): a
// cancellation scheduled or undone, a pause begun or over, a switch of offering. The sync
// calls these inside its transaction, after locking the subscription's payment row, so each
// change is seen, recorded and mailed once however many webhooks report it.

/** Metadata written with a switch, so every sync can record it under the request's id. */
export const SWITCH_METADATA = {
  id: "regulars_switch_id",
  /** "now" for an upgrade; a downgrade's renewal as Unix seconds. */
  at: "regulars_switch_at",
} as const;

type SubscriberRow = typeof subscribers.$inferSelect;

export interface ChangeContext {
  tx: Db;
  subscription: Stripe.Subscription;
  subscriber: SubscriberRow;
  /** The offering Stripe's metadata names: after a switch, the one moved to. */
  offering: OfferingRow;
  emails: ControlEmails;
  /** Whether the subscription was set to end when last synced (null: first sync). */
  wasSetToEnd: boolean | null;
}

const isEnded = (s: Stripe.Subscription) =>
  s.status === "canceled" || s.status === "incomplete_expired";
const secondsToDate = (seconds: number) => new Date(seconds * 1000);

function periodOf(subscription: Stripe.Subscription) {
  // The emulator's and Regulars' subscriptions have one item each.
  const item = subscription.items.data[0];
  return {
    start: item ? secondsToDate(item.current_period_start) : null,
    end: item ? secondsToDate(item.current_period_end) : null,
  };
}

export async function recordCancelSchedule(ctx: ChangeContext, by: "customer" | "creator") {
  const { subscription, emails } = ctx;
  if (isEnded(subscription)) return;
  const { end } = periodOf(subscription);
  if (subscription.cancel_at_period_end && ctx.wasSetToEnd !== true && end) {
    await emails.cancelScheduled(subscription.id, subscription.canceled_at, end, by);
  } else if (!subscription.cancel_at_period_end && ctx.wasSetToEnd === true) {
    // Locked and compared, so this undoing is seen once: its own key is enough.
    await emails.uncancelled(`${subscription.id}:${crypto.randomUUID()}`, end);
  }
}

/**
 * Opens, moves or closes the subscriber's pause to match Stripe's pause_collection. A pause
 * ends when Stripe clears it (by itself at resumes_at, or because the customer resumed), or
 * when the subscription ends; it is dated no later than we learnt of it, as trials are.
 */
export async function recordPause(ctx: ChangeContext, now = new Date()) {
  const { tx, subscription, subscriber, emails } = ctx;
  const open = await lockOpenPause(tx, subscriber.id);
  const close = (endedAt: Date) =>
    updatePause(tx, open!.id, { endedAt: endedAt < open!.startedAt ? open!.startedAt : endedAt });
  const period = periodOf(subscription);
  if (isEnded(subscription)) {
    if (open) await close(subscription.ended_at ? secondsToDate(subscription.ended_at) : now);
    return;
  }
  const pause = subscription.pause_collection;
  if (!pause) {
    if (!open) return;
    const resumesAt = open.resumesAt;
    await close(resumesAt && resumesAt < now ? resumesAt : now);
    // Stripe reached the planned first charge: the pause ran its course (the reminder).
    const byItself = Boolean(open.until && period.end && period.end >= open.until);
    await emails.pauseEnded(open.id, byItself, period.end);
    return;
  }
  const resumesAt = pause.resumes_at ? secondsToDate(pause.resumes_at) : null;
  const until = resumesAt && period.end ? firstChargeAfter(subscription, resumesAt) : null;
  if (!open) {
    const row = await insertPause(tx, {
      subscriberId: subscriber.id,
      startedAt: now,
      resumesAt,
      until,
    });
    if (row) await emails.paused(row.id, until);
  } else if (open.resumesAt?.getTime() !== resumesAt?.getTime()) {
    await updatePause(tx, open.id, { resumesAt, until });
  }
}

/** The first renewal on or after Stripe's resumes_at: when the customer is charged again. */
function firstChargeAfter(subscription: Stripe.Subscription, resumesAt: Date): Date | null {
  const item = subscription.items.data[0];
  const cadence = cadenceOfRecurring(item?.price.recurring);
  if (!item || !cadence) return null;
  return firstRenewalOnOrAfter(
    secondsToDate(item.current_period_end),
    secondsToDate(subscription.billing_cycle_anchor),
    cadence,
    resumesAt,
  ).at;
}

const uuidSchema = z.uuid();

/**
 * A switch of offering: recorded under the id the request wrote into Stripe's metadata (so the
 * request and the webhooks record it once), then applied when due: an upgrade at once, a
 * downgrade once Stripe's period has reached its renewal. The subscriber row keeps its id and
 * manage key; its offering, price and payment row move.
 */
export async function recordSwitch(ctx: ChangeContext, chargedNowCents: number) {
  const { tx, subscription, subscriber, offering, emails } = ctx;
  if (isEnded(subscription)) return;
  const switchId = subscription.metadata[SWITCH_METADATA.id];
  const at = subscription.metadata[SWITCH_METADATA.at];
  const toPriceCents = subscription.items.data[0]?.price.unit_amount ?? offering.priceCents;
  if (uuidSchema.safeParse(switchId).success && subscriber.offeringId !== offering.id) {
    const effectiveAt = at && at !== "now" && /^\d+$/.test(at) ? secondsToDate(Number(at)) : null;
    const inserted = await insertSwitchOnce(tx, {
      id: switchId!,
      subscriberId: subscriber.id,
      fromOfferingId: subscriber.offeringId,
      toOfferingId: offering.id,
      fromPriceCents: subscriber.priceCents,
      toPriceCents,
      effectiveAt,
    });
    if (inserted) {
      const from = await findOfferingById(tx, subscriber.offeringId);
      await emails.switched(inserted.id, {
        fromTitle: from?.title ?? "your previous subscription",
        priceCents: toPriceCents,
        effectiveAt: effectiveAt ?? new Date(),
        isImmediate: effectiveAt === null,
        chargedNowCents,
      });
    }
  }
  await applyDueSwitches(tx, subscriber.id, periodOf(subscription).start);
}

async function applyDueSwitches(tx: Db, subscriberId: string, periodStart: Date | null) {
  for (const change of await listWaitingSwitches(tx, subscriberId)) {
    const isDue =
      change.effectiveAt === null || (periodStart !== null && periodStart >= change.effectiveAt);
    if (!isDue || !change.toOfferingId) continue;
    await applySwitch(tx, {
      id: change.id,
      subscriberId,
      toOfferingId: change.toOfferingId,
      toPriceCents: change.toPriceCents,
    });
  }
}
