import type Stripe from "stripe";
import type { Db } from "../../db/client";
import type { JobQueue } from "../../integrations/jobs/job-queue";
import type { BillingClock } from "../../integrations/stripe/billing-clock";
import { claimSyncWrite, takeSyncTicket } from "../billing/sync-order-repository";
import { MAX_SYNC_READS, syncTurnsOf } from "../billing/sync-turns";
import { queueDueRepricing } from "./fee-repricing";
import { writePlanPeriod } from "./plan-period-repository";
import {
  deletePeriodsAfter,
  findPlanCustomer,
  hasPeriodOfSubscription,
  nextPeriodAfter,
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
  | {
      kind: "written";
      userId: string;
      subscription: Stripe.Subscription;
      /** A change written to begin within the next second or two. */
      beginsAt: Date | null;
    }
  /** Not a plan we sell, a deleted account, or an older plan subscription than the creator's. */
  | { kind: "ignored" }
  /** Overtaken by other reads of the same subscription MAX_SYNC_READS times in a row. */
  | { kind: "stale"; userId: string; subscription: Stripe.Subscription };

/**
 * Writes the creator's plan periods from their plan subscription as Stripe has it now (events
 * are pointers). Called by the request that changed it and by every webhook about it, in any
 * order: reads of one subscription are written in the order they were made (the subscribers'
 * sync tickets), a read another overtook is made again (its state may be older, or newer: a
 * webhook's read of a purchase still awaiting 3-D Secure must not hide the paid one), and only
 * the creator's newest plan subscription writes, so a late event about an ended one never
 * undoes a later purchase.
 */
export async function syncPlanSubscription(
  deps: PlanSyncDeps,
  subscriptionId: string,
): Promise<PlanSyncOutcome> {
  // Every sync reads the current state: one still waiting for its turn serves a later caller.
  const outcome = await syncTurnsOf(deps.db)(
    subscriptionId,
    async () => {
      for (let read = 1; ; read += 1) {
        const result = await syncFromOneRead(deps, subscriptionId);
        if (result.kind !== "stale" || read >= MAX_SYNC_READS) return result;
      }
    },
    { shared: true },
  );
  if (outcome.kind === "written" && deps.queue) {
    // A change in force from the next second is re-priced once that second has come: a job
    // prices from the plan in force when it runs.
    if (outcome.beginsAt) await untilClockReaches(deps.clock, outcome.beginsAt);
    await queueDueRepricing({ ...deps, queue: deps.queue });
  }
  return outcome;
}

/** Waits (a second at most, as the billing clock runs) until `at` has come. */
async function untilClockReaches(clock: BillingClock, at: Date) {
  for (let tries = 0; tries < 30; tries += 1) {
    if ((await clock.now()).getTime() >= at.getTime()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function syncFromOneRead(
  deps: PlanSyncDeps,
  subscriptionId: string,
): Promise<PlanSyncOutcome> {
  const readStart = await takeSyncTicket(deps.db, subscriptionId);
  const subscription = await deps.stripe.subscriptions.retrieve(subscriptionId);
  const userId = subscription.metadata[PLAN_METADATA.userId];
  if (!userId) return { kind: "ignored" };
  const now = await deps.clock.now();
  return deps.db.transaction(async (tx): Promise<PlanSyncOutcome> => {
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
    // A change about to begin (a purchase's or an upgrade's next second, whichever sync wrote
    // it), so the caller answers once it is in force.
    const next = await nextPeriodAfter(tx, userId, now);
    const isSoon = next && next.effectiveAt.getTime() - now.getTime() <= 2000;
    return { kind: "written", userId, subscription, beginsAt: isSoon ? next.effectiveAt : null };
  });
}
