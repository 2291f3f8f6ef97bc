import PgBoss from "pg-boss";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { jobDbFor } from "./job-db";

/**
 * Every queue the app uses. All share one retry policy (JobQueueTuning), which the environment
 * names EMAIL_RETRY_* for the first queue but applies to each.
 */
export const queues = {
  sendEmail: "email.send",
  /** "Lost your link?": the look-up and its e-mail, off the request (timing tells nothing). */
  manageLinks: "email.manage-links",
  reconcile: "earnings.reconcile",
  /** Seats whose hold ran out offered to the waitlist (server/modules/seats/seat-sweep.ts). */
  seatSweep: "seats.sweep",
  /** Password reset and verification e-mails asked for by address, off the request. */
  addressMail: "auth.address-mail",
  /** Plan periods begun on the billing clock: their creators' subscriptions queued for re-pricing. */
  planRepricing: "plans.reprice-due",
  /** One subscription's fee brought to its creator's plan (server/modules/plans/fee-repricing.ts). */
  feeRepricing: "plans.reprice-subscription",
} as const;
type QueueName = (typeof queues)[keyof typeof queues];

export interface JobQueueTuning {
  pollSeconds: number;
  maintenanceSeconds: number;
  /** A job still active after this is taken to have died with its process and is retried. */
  expireSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

export interface JobQueue {
  /** Enqueues in the caller's transaction: the job exists exactly when the change commits. */
  send(tx: Db, queue: QueueName, data: object): Promise<void>;
  /** `send` for many jobs of one queue, in one statement per thousand. */
  sendMany(tx: Db, queue: QueueName, data: object[]): Promise<void>;
  work<T extends object>(
    queue: QueueName,
    handler: (job: { data: T; retryCount: number; retryLimit: number }) => Promise<void>,
  ): Promise<void>;
  /**
   * Works a queue of many small independent jobs: `batchSize` fetched at once, `concurrency`
   * run at a time. pg-boss waits its polling interval between fetches, so one job per fetch
   * would be one a second. A job that throws is failed alone (and retried on the queue's
   * policy); the rest of its batch completes.
   */
  workMany<T extends object>(
    queue: QueueName,
    options: { batchSize: number; concurrency: number },
    handler: (job: { data: T }) => Promise<void>,
  ): Promise<void>;
  /** Per queue: jobs waiting, the oldest one's age, and jobs that failed for good. */
  stats(): Promise<
    Array<{ queue: string; waiting: number; oldestSeconds: number; failed: number }>
  >;
  /** Runs `queue` on a cron schedule (UTC); one instance enqueues each run. */
  schedule(queue: QueueName, cron: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss on our own database (PGlite or PostgreSQL): jobs are rows claimed with SKIP LOCKED,
 * so N instances never run one twice, and an active job whose process died expires and is
 * retried with back-off.
 */
export async function startJobQueue(options: {
  jobDb: PgBoss.Db;
  logger: Logger;
  tuning: JobQueueTuning;
}): Promise<JobQueue> {
  const { tuning, logger } = options;
  const pending = inFlight();
  const jobDb: PgBoss.Db = {
    executeSql: (text, values) => pending.track(options.jobDb.executeSql(text, values)),
  };
  const boss = new PgBoss({
    db: jobDb,
    // Cron schedules (the nightly reconciliation) are kept in the database, so N instances
    // enqueue each run once.
    schedule: true,
    supervise: true,
    maintenanceIntervalSeconds: tuning.maintenanceSeconds,
  });
  boss.on("error", (error) => logger.error({ err: error, component: "jobs" }, "job queue error"));
  await boss.start();
  for (const name of Object.values(queues)) {
    const policy = {
      name,
      retryLimit: tuning.retryLimit,
      retryDelay: tuning.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: tuning.expireSeconds,
    };
    // A queue keeps the policy it was created with; this start's settings replace it, so a
    // changed EMAIL_RETRY_LIMIT or JOB_EXPIRE_SECONDS applies after a restart.
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
    else await boss.createQueue(name, policy);
  }

  return {
    async send(tx, queue, data) {
      await boss.send(queue, data, { db: jobDbFor(tx) });
    },
    async sendMany(tx, queue, data) {
      for (let at = 0; at < data.length; at += 1000) {
        const jobs = data.slice(at, at + 1000).map((job) => ({ name: queue, data: job }));
        await boss.insert(jobs, { db: jobDbFor(tx) });
      }
    },
    async work(queue, handler) {
      await boss.work(
        queue,
        { pollingIntervalSeconds: tuning.pollSeconds, includeMetadata: true, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          // A job claimed while stopping still runs to its end, before the pool closes.
          await pending.track(
            handler({
              data: job.data as never,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
            }),
          );
        },
      );
    },
    async workMany(queue, options, handler) {
      await boss.work(
        queue,
        { pollingIntervalSeconds: tuning.pollSeconds, batchSize: options.batchSize },
        async (jobs) => {
          let next = 0;
          const runNext = async (): Promise<void> => {
            const job = jobs[next];
            next += 1;
            if (!job) return;
            try {
              await handler({ data: job.data as never });
            } catch (error) {
              logger.warn(
                { err: error, component: "jobs", queue },
                "job failed; it will be retried",
              );
              await boss.fail(queue, job.id, { message: String(error) });
            }
            await runNext();
          };
          const lanes = Array.from({ length: Math.min(options.concurrency, jobs.length) }, runNext);
          await pending.track(Promise.all(lanes));
        },
      );
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {}, { tz: "UTC" });
    },
    async stats() {
      const { rows } = await options.jobDb.executeSql(
        `select name,
            count(*) filter (where state in ('created', 'retry')) as waiting,
            coalesce(extract(epoch from now() - min(created_on)
              filter (where state in ('created', 'retry'))), 0) as oldest,
            count(*) filter (where state = 'failed') as failed
          from pgboss.job group by name`,
        [],
      );
      return (rows as Array<Record<string, unknown>>).map((row) => ({
        queue: String(row.name),
        waiting: Number(row.waiting),
        oldestSeconds: Number(row.oldest),
        failed: Number(row.failed),
      }));
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // pg-boss's stop waits for jobs it has handed out, not for a fetch in flight (whose job
      // then runs) nor for marking a finished job complete, which it doesn't await.
      await pending.settled();
    },
  };
}

/**
 * What the queue has in flight: pg-boss's queries and our handlers (whose queries use the app's
 * pool directly). Stop waits for all of it before the pool closes.
 */
export function inFlight() {
  const running = new Set<Promise<unknown>>();
  return {
    track<T>(work: Promise<T>): Promise<T> {
      running.add(work);
      const forget = () => running.delete(work);
      work.then(forget, forget);
      return work;
    },
    // Until nothing is left, a macrotask later each time: what finishes can start the next step
    // of its chain (maintenance runs several queries; a job's handler is followed by pg-boss
    // marking it complete) after a wait had taken its snapshot.
    async settled() {
      do {
        await Promise.allSettled([...running]);
        await new Promise((resolve) => setImmediate(resolve));
      } while (running.size > 0);
    },
  };
}
