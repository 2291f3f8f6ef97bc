import type { queues } from "../../server/integrations/jobs/job-queue";
import type { TestApp } from "./test-app";

type QueueName = (typeof queues)[keyof typeof queues];

/** Jobs of a queue not yet done (waiting, retrying or running). */
export async function unfinishedJobs(app: TestApp, queue: QueueName): Promise<number> {
  const { rows } = await app.runtime.database.jobDb.executeSql(
    "select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')",
    [queue],
  );
  return Number((rows as Array<{ n: number }>)[0]?.n ?? 0);
}

/** Waits until the app's workers have finished every job of `queue` enqueued so far. */
export async function settleJobs(app: TestApp, queue: QueueName, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while ((await unfinishedJobs(app, queue)) > 0) {
    if (Date.now() > deadline) throw new Error(`jobs on ${queue} still unfinished`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
