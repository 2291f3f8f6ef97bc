import type Stripe from "stripe";
import { subscriptionFeePercent } from "../../../contracts/plans";
import type { Db } from "../../db/client";
import { type JobQueue, queues } from "../../integrations/jobs/job-queue";
import type { BillingClock } from "../../integrations/stripe/billing-clock";
import { isStripeMissing } from "../../integrations/stripe/stripe-errors";
import {
  INVOICING_STATUSES,
  invoicingSubscriptionsOf,
  lockPeriodsToReprice,
  markRepricingQueued,
  periodInForceAt,
} from "./plan-period-repository";

// ADR 037's second mechanism: each live subscription carries its creator's plan as
// `application_fee_percent`, which invoices Stripe finalizes at once take their fee from. When a
// plan period begins, one durable job per live subscription brings it there. A job reads first
// and does nothing when the percentage is already right, so after a crash half-way the jobs that
// ran are no-ops on their retry, the rest run once, and none is skipped.

export interface RepricingDeps {
  db: Db;
  stripe: Stripe;
  queue: JobQueue;
  clock: BillingClock;
}

export interface FeeRepricingJob {
  stripeSubscriptionId: string;
  userId: string;
}

/**
 * Queues the re-pricing of every plan period that has begun on the billing clock: per period,
 * in one transaction, a job for each of its creator's invoicing subscriptions and the mark that
 * they were queued. Two instances never queue one period twice (its row is locked, skipped by
 * the other). Runs each minute, so a downgrade at a period's end is re-priced when it comes.
 */
export async function queueDueRepricing(deps: RepricingDeps): Promise<{ jobs: number }> {
  const now = await deps.clock.now();
  let jobs = 0;
  for (;;) {
    const queuedOne = await deps.db.transaction(async (tx) => {
      const [period] = await lockPeriodsToReprice(tx, now, 1);
      if (!period) return false;
      const ids = await invoicingSubscriptionsOf(tx, period.userId);
      await deps.queue.sendMany(
        tx,
        queues.feeRepricing,
        ids.map(
          (stripeSubscriptionId): FeeRepricingJob => ({
            stripeSubscriptionId,
            userId: period.userId,
          }),
        ),
      );
      await markRepricingQueued(tx, period.id, now);
      jobs += ids.length;
      return true;
    });
    if (!queuedOne) return { jobs };
  }
}

export type RepricingOutcome = "updated" | "unchanged" | "not_invoicing";

/**
 * Brings one subscription's `application_fee_percent` to the plan in force now. The Stripe
 * call's idempotency key names the subscription, the plan period and the percentage, so a retry
 * after a lost answer is the same request, and a later plan is a new one.
 */
export async function repriceSubscription(
  deps: Pick<RepricingDeps, "db" | "stripe" | "clock">,
  job: FeeRepricingJob,
): Promise<RepricingOutcome> {
  const period = await periodInForceAt(deps.db, job.userId, await deps.clock.now());
  let subscription: Stripe.Subscription;
  try {
    subscription = await deps.stripe.subscriptions.retrieve(job.stripeSubscriptionId);
  } catch (error) {
    // Gone from Stripe (a deleted test subscription): nothing will invoice again.
    if (isStripeMissing(error)) return "not_invoicing";
    throw error;
  }
  if (!(INVOICING_STATUSES as readonly string[]).includes(subscription.status))
    return "not_invoicing";
  const priceCents = subscription.items.data[0]?.price.unit_amount ?? 0;
  const percent = subscriptionFeePercent(period?.plan ?? "free", priceCents);
  if (subscription.application_fee_percent === percent) return "unchanged";
  await deps.stripe.subscriptions.update(
    subscription.id,
    { application_fee_percent: percent },
    { idempotencyKey: `${subscription.id}:fee:${period?.id ?? "free"}:${percent}` },
  );
  return "updated";
}

/** The minute's sweep and the per-subscription jobs, on the job queue. */
export async function startFeeRepricingJobs(deps: RepricingDeps) {
  // A few Stripe calls at a time: Stripe's rate limit (25 a second in test mode) is shared with
  // everything else the platform does; stripe-node retries a 429 with back-off.
  await deps.queue.workMany<FeeRepricingJob>(
    queues.feeRepricing,
    { batchSize: 50, concurrency: 4 },
    async (job) => {
      await repriceSubscription(deps, job.data);
    },
  );
  await deps.queue.work(queues.planRepricing, async () => {
    await queueDueRepricing(deps);
  });
  await deps.queue.schedule(queues.planRepricing, "* * * * *");
}
