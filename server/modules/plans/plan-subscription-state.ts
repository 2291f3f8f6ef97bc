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

export interface PlanSubscriptionFacts {
  status: Stripe.Subscription.Status;
  plan: PaidPlanId;
  /** From the metadata: when a change's plan takes effect. */
  from: Date | null;
  cancelAtPeriodEnd: boolean;
  periodEnd: Date;
  endedAt: Date | null;
  /** When its first invoice was paid, if that is the latest invoice. */
  firstPaidAt: Date | null;
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
    // The purchase: in force from its payment.
    writes.push({ plan: facts.plan, effectiveAt: facts.firstPaidAt ?? now });
  } else if (facts.from) {
    writes.push({ plan: facts.plan, effectiveAt: facts.from });
  }
  if (facts.cancelAtPeriodEnd) writes.push({ plan: "free", effectiveAt: facts.periodEnd });
  return { deleteAfter: now, writes };
}

/** The facts of a subscription retrieved with its latest invoice expanded. */
export function planSubscriptionFacts(
  subscription: Stripe.Subscription,
  isRecorded: boolean,
  now: Date,
): PlanSubscriptionFacts | null {
  const plan = paidPlanOf(subscription.metadata[PLAN_METADATA.plan]);
  if (!plan) return null;
  const from = Number(subscription.metadata[PLAN_METADATA.from]);
  const item = subscription.items.data[0];
  const invoice = subscription.latest_invoice;
  const paidAt =
    invoice && typeof invoice !== "string" && invoice.billing_reason === "subscription_create"
      ? invoice.status_transitions?.paid_at
      : null;
  const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
  return {
    status: subscription.status,
    plan,
    from: Number.isInteger(from) && from > 0 ? new Date(from * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    periodEnd: seconds(subscription.cancel_at ?? item?.current_period_end) ?? now,
    endedAt: seconds(subscription.ended_at),
    firstPaidAt: seconds(paidAt),
    isRecorded,
    now,
  };
}
