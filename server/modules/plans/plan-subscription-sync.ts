import type Stripe from "stripe";
import type { Db } from "../../db/client";
import type { JobQueue } from "../../integrations/jobs/job-queue";
import type { BillingClock } from "../../integrations/stripe/billing-clock";
import { claimSyncWrite, takeSyncTicket } from "../billing/sync-order-repository";
import { queueDueRepricing } from "./fee-repricing";
import { writePlanPeriod } from "./plan-period-repository";
import {
  deletePeriodsAfter,
  findPlanCustomer,
  hasPeriodOfSubscription,
} from "./plan-subscription-repository";
import { PLAN_METADATA, planPeriodsOf, planSubscriptionFacts } from "./plan-subscription-state";

export interface PlanSyncDeps {
  db: Db;
  stripe: Stripe;
  clock: BillingClock;
  /**
   * With the job queue, a change in force now is re-priced at once (its subscriptions' jobs
   * queued) rather than at the next minute's sweep.
   */
  queue?: JobQueue;
}

export type PlanSyncOutcome =
  | { kind: "written"; userId: string; subscription: Stripe.Subscription }
  /** Not a plan we sell, a deleted account, or an older plan subscription than the creator's. */
  | { kind: "ignored" }
  /** A newer read of the same subscription was already written: this one's facts still hold. */
  | { kind: "stale"; userId: string; subscription: Stripe.Subscription };

/**
 * Writes the creator's plan periods from their plan subscription as Stripe has it now (events
 * are pointers). Called by the request that changed it and by every webhook about it, in any
 * order: reads of one subscription are written in the order they were made (the subscribers'
 * sync order), and only the creator's newest plan subscription writes, so a late event about
 * an ended one never undoes a later purchase.
 */
export async function syncPlanSubscription(
  deps: PlanSyncDeps,
  subscriptionId: string,
): Promise<PlanSyncOutcome> {
  const readStart = await takeSyncTicket(deps.db, subscriptionId);
  const subscription = await deps.stripe.subscriptions.retrieve(subscriptionId, {
    expand: ["latest_invoice"],
  });
  const userId = subscription.metadata[PLAN_METADATA.userId];
  if (!userId) return { kind: "ignored" };
  const now = await deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<PlanSyncOutcome> => {
    const customer = await findPlanCustomer(tx, userId);
    if (customer?.stripeSubscriptionId !== subscriptionId) return { kind: "ignored" };
    if (!(await claimSyncWrite(tx, subscriptionId, readStart))) {
      return { kind: "stale", userId, subscription };
    }
    const facts = planSubscriptionFacts(
      subscription,
      await hasPeriodOfSubscription(tx, subscriptionId),
      now,
    );
    if (!facts) return { kind: "ignored" };
    const { deleteAfter, writes } = planPeriodsOf(facts);
    if (deleteAfter) await deletePeriodsAfter(tx, userId, deleteAfter);
    for (const write of writes) {
      await writePlanPeriod(tx, {
        userId,
        ...write,
        stripeSubscriptionId: write.plan === "free" ? null : subscriptionId,
      });
    }
    return { kind: "written", userId, subscription };
  });
  if (outcome.kind === "written" && deps.queue) {
    await queueDueRepricing({ ...deps, queue: deps.queue });
  }
  return outcome;
}
