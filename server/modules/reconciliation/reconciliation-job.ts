import type { JobQueue } from "../../integrations/jobs/job-queue";
import { queues } from "../../integrations/jobs/job-queue";
import type { Metrics } from "../../integrations/metrics/metrics";
import type { BillingDeps } from "../billing/billing-sync";
import { reconcileEarnings } from "./reconcile-earnings";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The nightly check of recorded earnings against Stripe, on the job queue: pg-boss enqueues
 * each cron run once whatever the number of instances, and one instance works it.
 */
export async function startReconciliationSchedule(
  deps: BillingDeps & { metrics: Metrics; queue: JobQueue },
  options: { cron: string; days: number },
) {
  await deps.queue.work<{ days?: number }>(queues.reconcile, async (job) => {
    const days = job.data.days ?? options.days;
    await reconcileEarnings(deps, { since: new Date(Date.now() - days * DAY_MS) });
  });
  await deps.queue.schedule(queues.reconcile, options.cron);
}
