import type Stripe from "stripe";
import { type PaidPlanId, paidPlanIds } from "../../../contracts/plan-billing";
import type { PlanId } from "../../../contracts/plans";

// What a plan subscription at Stripe means for the creator's plan periods (ADR 038). The
// subscription carries the latest decision in its metadata, written with the Stripe change
// itself, so whoever syncs it next (the request that made the change, or a webhook after a
// crash) writes the same periods.

/** The metadata of every plan subscription: never a creator's customer's subscription. */
export const PLAN_METADATA = {
  kind: "kind",
  userId: "regulars_user_id",
  /** The plan it bills (its price's plan). */
  plan: "regulars_plan",
  /** Unix seconds from which that plan is in force, after a change; absent for the purchase. */
  from: "regulars_plan_from",
} as const;
export const CREATOR_PLAN_KIND = "creator_plan";

export function isCreatorPlanMetadata(metadata: Stripe.Metadata | null | undefined): boolean {
  return metadata?.[PLAN_METADATA.kind] === CREATOR_PLAN_KIND;
}

export function paidPlanOf(value: string | undefined): PaidPlanId | null {
  return paidPlanIds.find((plan) => plan === value) ?? null;
}

/** Subscriptions whose plan is (still) bought: past_due keeps the plan while Stripe retries. */
const LIVE = new Set<Stripe.Subscription.Status>(["active", "past_due", "trialing", "unpaid"]);
export const isLivePlanSubscription = (status: Stripe.Subscription.Status) => LIVE.has(status);

/** A charge of the plan failed and is being retried (or is left unpaid). */
export const isPlanPaymentFailing = (status: Stripe.Subscription.Status) =>
  status === "past_due" || status === "unpaid";

export interface PlanSubscriptionFacts {
  status: Stripe.Subscription.Status;
  plan: PaidPlanId;
  /** From the metadata: when a change's plan takes effect. */
  from: Date | null;
  cancelAtPeriodEnd: boolean;
  periodEnd: Date;
  endedAt: Date | null;
  /** Whether the subscription already wrote a period (its purchase was recorded). */
  isRecorded: boolean;
  now: Date;
}

export interface PeriodWrite {
  plan: PlanId;
  effectiveAt: Date;
}

/**
 * The periods to write: every period after `deleteAfter` is a scheduled decision, dropped and
 * written again from the subscription as it is now (a downgrade undone, a cancellation
 * withdrawn), and `writes` upsert by moment, so the same facts always give the same rows.
 */
export function planPeriodsOf(facts: PlanSubscriptionFacts): {
  deleteAfter: Date | null;
  writes: PeriodWrite[];
} {
  const { now } = facts;
  if (facts.status === "canceled") {
    // Never paid (an abandoned card step): nothing was ever in force.
    if (!facts.isRecorded) return { deleteAfter: null, writes: [] };
    const endedAt = facts.endedAt ?? now;
    return { deleteAfter: endedAt, writes: [{ plan: "free", effectiveAt: endedAt }] };
  }
  if (!LIVE.has(facts.status)) return { deleteAfter: null, writes: [] };
  const writes: PeriodWrite[] = [];
  if (!facts.isRecorded) {
    // The purchase: in force from the second after it is recorded, so anything made in a second
    // that could not yet see it (a customer's first invoice, a renewal) is on the plan before.
    writes.push({ plan: facts.plan, effectiveAt: nextSecond(now) });
  } else if (facts.from) {
    writes.push({ plan: facts.plan, effectiveAt: facts.from });
  }
  if (facts.cancelAtPeriodEnd) writes.push({ plan: "free", effectiveAt: facts.periodEnd });
  // Scheduled decisions begin later than a change made now (in force from its next second),
  // which a sync that doesn't write it again (a purchase already recorded) must keep.
  return { deleteAfter: new Date(nextSecond(now).getTime() + 1000), writes };
}

/** The whole second after `at`: when a change recorded at `at` is in force. */
export function nextSecond(at: Date): Date {
  return new Date((Math.floor(at.getTime() / 1000) + 1) * 1000);
}

/** The facts of a plan subscription as Stripe has it. */
export function planSubscriptionFacts(
  subscription: Stripe.Subscription,
  isRecorded: boolean,
  now: Date,
): PlanSubscriptionFacts | null {
  const plan = paidPlanOf(subscription.metadata[PLAN_METADATA.plan]);
  if (!plan) return null;
  const from = Number(subscription.metadata[PLAN_METADATA.from]);
  const item = subscription.items.data[0];
  const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
  return {
    status: subscription.status,
    plan,
    from: Number.isInteger(from) && from > 0 ? new Date(from * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    periodEnd: seconds(subscription.cancel_at ?? item?.current_period_end) ?? now,
    endedAt: seconds(subscription.ended_at),
    isRecorded,
    now,
  };
}
