import { type RunningEmulator, startStripeEmulator } from "@regulars/stripe-emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";
import { createMailer, type Mailer } from "../../server/integrations/email/mailer";
import { type JobQueue, startJobQueue } from "../../server/integrations/jobs/job-queue";
import { createMetrics } from "../../server/integrations/metrics/metrics";
import { createLogger } from "../../server/lib/logger";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { freePort, type ServerProcess, startServerProcess } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

// Several processes sharing one database: only meaningful on the PostgreSQL server.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let testDatabase: TestDatabase;
let database: Database;
let emulator: RunningEmulator;
let queue: JobQueue;
let mailer: Mailer;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.target);
  emulator = await startStripeEmulator({ port: 0 });
  // This process only writes mail, as a request would; the server instances deliver it.
  queue = await startJobQueue({
    jobDb: database.jobDb,
    logger: createLogger("silent"),
    tuning: {
      pollSeconds: 0.5,
      maintenanceSeconds: 1,
      expireSeconds: 3,
      retryLimit: 5,
      retryDelaySeconds: 1,
    },
  });
  mailer = createMailer({ queue, logger: createLogger("silent"), metrics: createMetrics() });
}, 60_000);

afterAll(async () => {
  if (!onPostgres) return;
  await Promise.all(servers.map((s) => s.kill("SIGKILL")));
  await queue?.stop();
  await emulator?.stop();
  await database?.close();
  await testDatabase?.drop();
});

async function startInstance(smtp: SmtpSink) {
  if (!("url" in testDatabase.target)) throw new Error("needs PostgreSQL");
  const port = await freePort();
  const server = await startServerProcess(
    {
      DATABASE_URL: testDatabase.target.url,
      STRIPE_EMULATOR_URL: emulator.url,
      PUBLIC_URL: "http://regulars.test",
      BETTER_AUTH_SECRET: "mail-test-secret-mail-test-secret-00000",
      DATA_DIR: `/tmp/regulars-mail-${port}`,
      SMTP_URL: smtp.url,
      JOB_POLL_SECONDS: "0.5",
      JOB_MAINTENANCE_SECONDS: "1",
      JOB_EXPIRE_SECONDS: "3",
      EMAIL_RETRY_DELAY_SECONDS: "1",
    },
    port,
  );
  servers.push(server);
  return server;
}

async function enqueue(prefix: string, total: number) {
  for (let n = 0; n < total; n += 1) {
    await database.db.transaction((tx) =>
      mailer.enqueue(tx, {
        kind: "other",
        dedupeKey: `${prefix}-${n}`,
        to: `${prefix}-${n}@example.com`,
        subject: `${prefix} ${n}`,
        text: "text",
        html: "<p>html</p>",
      }),
    );
  }
}

function countsBySubject(smtp: SmtpSink, prefix: string) {
  const counts = new Map<string, number>();
  for (const mail of smtp.received) {
    if (mail.subject.startsWith(`${prefix} `)) {
      counts.set(mail.subject, (counts.get(mail.subject) ?? 0) + 1);
    }
  }
  return counts;
}

describe.skipIf(!onPostgres)("e-mail delivery with several instances", () => {
  it("delivers every message exactly once with two instances on one database", async () => {
    const smtp = await startSmtpSink();
    try {
      const [a, b] = [await startInstance(smtp), await startInstance(smtp)];
      await enqueue("pair", 60);
      await smtp.waitFor(60, 60_000);
      // Time for a second copy, were one coming.
      await new Promise((r) => setTimeout(r, 2000));
      const counts = countsBySubject(smtp, "pair");
      expect(counts.size).toBe(60);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      await Promise.all([a.kill(), b.kill()]);
    } finally {
      await smtp.close();
    }
  }, 120_000);

  it("loses nothing when an instance is killed with -9 while sending", async () => {
    const smtp = await startSmtpSink({ acceptDelayMs: 100 });
    try {
      const doomed = await startInstance(smtp);
      await enqueue("kill", 40);
      await smtp.waitFor(5, 30_000);
      await doomed.kill("SIGKILL");
      // The survivor finishes the queue, including the job the dead one held (it expires).
      await startInstance(smtp);
      await expect
        .poll(() => countsBySubject(smtp, "kill").size, { timeout: 60_000, interval: 250 })
        .toBe(40);
      await new Promise((r) => setTimeout(r, 4000));
      const counts = [...countsBySubject(smtp, "kill").values()];
      // SMTP has no exactly-once: only the message accepted in the instant of the kill may
      // arrive again, with the same Message-ID (the outbox row's id), so receivers drop it.
      expect(counts.filter((n) => n > 1).length).toBeLessThanOrEqual(1);
      for (const subject of countsBySubject(smtp, "kill").keys()) {
        const copies = smtp.received.filter((m) => m.subject === subject);
        expect(new Set(copies.map((m) => m.messageId)).size).toBe(1);
      }
    } finally {
      await smtp.close();
    }
  }, 120_000);
});
