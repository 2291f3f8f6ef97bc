import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, type DatabaseTarget, openDatabase } from "../../server/db/client";
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

/** Applies every migration and the job queue's schema, as a first start of the app does. */
async function migrate(target: DatabaseTarget): Promise<Database> {
  const database = await openDatabase(target);
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
  return database;
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
    const database = await migrate({ memory: true });
    const dump = await database.dumpDataDir!();
    await database.close();
    // Written whole, then renamed: parallel test files never read half a template.
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/**
 * The same on a PostgreSQL server: a migrated database that each test file's database is copied
 * from (`create database … template`), so a file doesn't replay every migration. Named for the
 * schema version like the PGlite one, and left on the server for the next run. Built under a
 * name of its own and renamed when whole: a test file never copies a half-migrated template,
 * and when files build it at once, the first rename wins and the others drop theirs.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `regulars_template_${templateVersion()}`;
  return onServer(serverUrl, async (admin) => {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount) return name;
    const building = `${name}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    await admin.query(`create database ${building}`);
    await (await migrate({ url: databaseUrl(serverUrl, building) })).close();
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      if (!LOST_THE_RACE.has((error as { code?: string }).code ?? "")) throw error;
      await admin.query(`drop database ${building} with (force)`);
    }
    return name;
  });
}

/**
 * Another file's template got the name first: "duplicate_database" when its rename had
 * committed, a unique violation on pg_database's name index when both renames ran at once.
 */
const LOST_THE_RACE = new Set(["42P04", "23505"]);

/**
 * PGlite in memory by default, from a migrated template. With TEST_DATABASE_URL, a throwaway
 * database on that server, copied from a migrated template, created for this test file and
 * dropped after, because the server keeps what runs leave. `empty`: no migration applied (a
 * test of migrating itself).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const target = options.empty
      ? { memory: true as const }
      : { pgliteDump: await pgliteTemplate() };
    return { target, drop: async () => {} };
  }
  const template = options.empty ? "template1" : await postgresTemplate(serverUrl);
  const name = `regulars_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await onServer(serverUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  return {
    target: { url: databaseUrl(serverUrl, name) },
    async drop() {
      await onServer(serverUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}
