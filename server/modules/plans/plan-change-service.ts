import type Stripe from "stripe";
import type {
  ChangePlanInput,
  CreatorPlan,
  PaidPlanId,
  PlanChangePreview,
} from "../../../contracts/plan-billing";
import { type PlanId, planById, planIds } from "../../../contracts/plans";
import { toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { getCreatorPlan } from "./plan-account-view";
import { planInForceAt } from "./plan-period-repository";
import { platformPlanPriceId } from "./plan-prices";
import { findPlanCustomer } from "./plan-subscription-repository";
import {
  isLivePlanSubscription,
  isPlanPaymentFailing,
  PLAN_METADATA,
} from "./plan-subscription-state";
import { type PlanSyncDeps, syncPlanSubscription } from "./plan-subscription-sync";

// Changing a paid plan (issue 23, ADR 038): an upgrade is charged now for the rest of the month
// (Stripe's proration, always_invoice) and is in force at once; a downgrade changes the price
// from the next monthly charge and the plan from then; Free ends the plan at the month's end;
// choosing the plan in force undoes whatever was scheduled. The decision goes into the
// subscription's metadata with the change, so the periods are written from Stripe's state.

const RETRY = "Stripe could not be reached. Your plan hasn't changed; please try again.";
const PREVIEW_LIFETIME_SECONDS = 15 * 60;

type ChangeKind = PlanChangePreview["kind"];
const rank = (plan: PlanId) => planIds.indexOf(plan);

function kindOf(current: PlanId, target: PlanId): ChangeKind {
  if (target === "free") return "cancel";
  if (target === current) return "keep";
  return rank(target) > rank(current) ? "upgrade" : "downgrade";
}

/** The creator's live plan subscription and what the asked change would be. */
async function planChange(deps: PlanSyncDeps, userId: string, target: PlanId) {
  const saved = await findPlanCustomer(deps.db, userId);
  const current = await planInForceAt(deps.db, userId, await deps.clock.now());
  if (!saved?.stripeSubscriptionId || current === "free") {
    throw new AppError(
      "conflict",
      target === "free"
        ? "You're on the Free plan already."
        : `Choose ${planById(target).name} and enter a card to buy it.`,
    );
  }
  const subscription = await atStripe(() =>
    deps.stripe.subscriptions.retrieve(saved.stripeSubscriptionId!),
  );
  if (!isLivePlanSubscription(subscription.status)) {
    throw new AppError("conflict", "Your paid plan has ended. Choose a plan to buy it again.");
  }
  const kind = kindOf(current, target);
  if (isPlanPaymentFailing(subscription.status) && kind !== "cancel") {
    throw new AppError(
      "conflict",
      "Your last plan payment failed. Update your card before changing plan, or choose Free.",
    );
  }
  const item = subscription.items.data[0]!;
  return { subscription, item, current, kind };
}

async function atStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error, RETRY);
  }
}

/** The price, proration and metadata an asked change sends (shared by preview and change). */
async function changeParams(
  deps: PlanSyncDeps,
  change: Awaited<ReturnType<typeof planChange>>,
  target: PlanId,
  nowSeconds: number,
): Promise<Stripe.SubscriptionUpdateParams> {
  const { kind, item, current } = change;
  if (kind === "cancel") return { cancel_at_period_end: true };
  const billed = (kind === "keep" ? current : target) as PaidPlanId;
  const price = await platformPlanPriceId(deps.stripe, billed);
  // An upgrade is in force from the second after it is made (as a purchase is).
  const from =
    kind === "upgrade" ? nowSeconds + 1 : kind === "downgrade" ? item.current_period_end : 0;
  return {
    cancel_at_period_end: false,
    items: [{ id: item.id, price }],
    // An upgrade is charged now, prorated; a downgrade or keeping the plan isn't.
    proration_behavior: kind === "upgrade" ? "always_invoice" : "none",
    metadata: {
      [PLAN_METADATA.plan]: billed,
      // "" clears it: the plan in force stays as its period says.
      [PLAN_METADATA.from]: from ? String(from) : "",
    },
  };
}

export async function previewPlanChange(
  deps: PlanSyncDeps,
  userId: string,
  input: ChangePlanInput,
): Promise<PlanChangePreview> {
  const change = await planChange(deps, userId, input.plan);
  const now = Math.floor((await deps.clock.now()).getTime() / 1000);
  const periodEnd = change.item.current_period_end;
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
  let dueNowCents = 0;
  if (change.kind === "upgrade") {
    const params = await changeParams(deps, change, input.plan, now);
    const preview = await atStripe(() =>
      deps.stripe.invoices.createPreview({
        subscription: change.subscription.id,
        subscription_details: {
          items: params.items as Stripe.InvoiceCreatePreviewParams.SubscriptionDetails.Item[],
          proration_behavior: "always_invoice",
          proration_date: now,
        },
      }),
    );
    dueNowCents = preview.amount_due;
  }
  const billed = change.kind === "keep" ? change.current : input.plan;
  return {
    plan: input.plan,
    kind: change.kind,
    dueNowCents,
    prorationDate: now,
    effectiveAt: iso(change.kind === "upgrade" || change.kind === "keep" ? now : periodEnd),
    nextCharge:
      change.kind === "cancel"
        ? null
        : { at: iso(periodEnd), amountCents: planById(billed).monthlyPriceCents },
  };
}

/**
 * Makes the change. An upgrade whose charge fails (or needs the bank's confirmation, which a
 * change made here can't show) changes nothing: error_if_incomplete.
 */
export async function changePlan(
  deps: PlanSyncDeps & { logger: Logger },
  userId: string,
  input: ChangePlanInput,
): Promise<CreatorPlan> {
  const change = await planChange(deps, userId, input.plan);
  const now = Math.floor((await deps.clock.now()).getTime() / 1000);
  // The preview's second, so the charge is the one shown; a preview more than a few minutes old
  // (or from before this month) is shown again instead. The plan is in force from now.
  const prorationDate = input.prorationDate ?? now;
  const { current_period_start: start } = change.item;
  const isStale = prorationDate < Math.max(start, now - PREVIEW_LIFETIME_SECONDS);
  if (change.kind === "upgrade" && (isStale || prorationDate > now)) {
    throw new AppError("conflict", "This preview is out of date. Choose the plan again.");
  }
  const params = await changeParams(deps, change, input.plan, now);
  await atStripe(() =>
    deps.stripe.subscriptions.update(change.subscription.id, {
      ...params,
      ...(change.kind === "upgrade"
        ? { proration_date: prorationDate, payment_behavior: "error_if_incomplete" as const }
        : {}),
    }),
  );
  try {
    await syncPlanSubscription(deps, change.subscription.id);
  } catch (error) {
    // Stripe has the change (and its metadata): the webhook about it writes the periods.
    deps.logger.warn({ err: error }, "plan change made at Stripe; its webhook writes the periods");
  }
  return getCreatorPlan(deps, userId);
}
