import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseTarget, openDatabase } from "../../server/db/client";
import { startJobQueue } from "../../server/integrations/jobs/job-queue";
import { createLogger } from "../../server/lib/logger";

export interface TestDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

const migrationsDir = path.resolve(import.meta.dirname, "../../server/db/migrations");

/** Names the schema a template holds: the migrations and the job queue's version. */
function templateVersion(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsDir).sort()) {
    if (file.endsWith(".sql"))
      hash.update(file).update(readFileSync(path.join(migrationsDir, file)));
  }
  const bossPackage = path.resolve(import.meta.dirname, "../../node_modules/pg-boss/package.json");
  hash.update(readFileSync(bossPackage));
  return hash.digest("hex").slice(0, 16);
}

/**
 * An in-memory PGlite with every migration and the job queue's schema applied, dumped once and
 * loaded by each test file: starting PostgreSQL from scratch and migrating takes seconds, and a
 * run opens some eighty databases. The file name carries the schema version, so a new
 * migration makes a new template.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `regulars-pglite-template-${templateVersion()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({ memory: true });
    const queue = await startJobQueue({
      jobDb: database.jobDb,
      logger: createLogger("silent"),
      tuning: {
        pollSeconds: 1,
        maintenanceSeconds: 60,
        expireSeconds: 60,
        retryLimit: 1,
        retryDelaySeconds: 1,
      },
    });
    await queue.stop();
    const dump = await database.dumpDataDir!();
    await database.close();
    // Written whole, then renamed: parallel test files never read half a template.
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * PGlite in memory by default, from a migrated template. With TEST_DATABASE_URL, a throwaway
 * database on that server, created for this test file and dropped after, because the server
 * keeps what runs leave.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { target: { pgliteDump: await pgliteTemplate() }, drop: async () => {} };
  const name = `regulars_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
