import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";
import { type JobQueue, queues, startJobQueue } from "../../server/integrations/jobs/job-queue";
import { createLogger } from "../../server/lib/logger";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// workMany: many small jobs, fetched in batches (pg-boss waits its polling interval between
// fetches, so a job per fetch would be one a second). A job that throws is failed alone.

let testDatabase: TestDatabase;
let database: Database;
let queue: JobQueue;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.target);
  queue = await startJobQueue({
    jobDb: database.jobDb,
    logger: createLogger("silent"),
    tuning: {
      pollSeconds: 1,
      maintenanceSeconds: 60,
      expireSeconds: 30,
      retryLimit: 0,
      retryDelaySeconds: 1,
    },
  });
}, 60_000);

afterAll(async () => {
  await queue?.stop();
  await database?.close();
  await testDatabase?.drop();
});

async function statesOf(queueName: string) {
  const { rows } = await database.jobDb.executeSql(
    "select data->>'n' as n, state from pgboss.job where name = $1 order by (data->>'n')::int",
    [queueName],
  );
  return rows as Array<{ n: string; state: string }>;
}

describe("workMany", () => {
  it("works 120 jobs in a few fetches, failing only the one that throws", async () => {
    const jobs = Array.from({ length: 120 }, (_, n) => ({ n }));
    await queue.sendMany(database.db, queues.feeRepricing, jobs);
    const seen: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    await queue.workMany<{ n: number }>(
      queues.feeRepricing,
      { batchSize: 50, concurrency: 4 },
      async ({ data }) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running -= 1;
        seen.push(data.n);
        if (data.n === 7) throw new Error("Stripe said no");
      },
    );
    // Three fetches at one a second: well inside the time one job a fetch would take (120 s).
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(120);
    await expect
      .poll(async () => (await statesOf(queues.feeRepricing)).filter((j) => j.state === "active"))
      .toEqual([]);
    const states = await statesOf(queues.feeRepricing);
    expect(states.filter((j) => j.state === "failed").map((j) => j.n)).toEqual(["7"]);
    expect(states.filter((j) => j.state === "completed")).toHaveLength(119);
    expect(new Set(seen).size).toBe(120);
    expect(mostAtOnce).toBe(4);
  });
});
