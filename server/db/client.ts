import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import type PgBoss from "pg-boss";
import { childProcessEnv } from "../config/child-process-env";
import { encodeJobValue } from "./job-value";
import * as schema from "./schema/index";

type Schema = typeof schema;
/** Both drivers produce this; a transaction is one too, so repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** The same connection, for the job queue's own SQL (which includes multi-statement scripts). */
  jobDb: PgBoss.Db;
  /** PGlite only: its whole data directory as a tarball (see the pgliteDump target). */
  dumpDataDir?: () => Promise<Blob | File>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Any fixed number: every instance of Regulars takes the same lock to migrate. */
const MIGRATION_LOCK_KEY = 7_301_772_520;

/**
 * drizzle's migrator takes no lock: instances starting together would each apply the pending
 * migrations. One PostgreSQL session-level advisory lock makes them take turns, and the later
 * ones find nothing left to do. Every migration must stay compatible with the release before
 * it (ADR 010), because old instances keep serving while a new one migrates.
 */
async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export type DatabaseTarget =
  | { url: string }
  | { pgliteDir: string }
  | { memory: true }
  /** In memory, starting from a dump of an already migrated one (tests: no initdb per file). */
  | { pgliteDump: Blob };

/**
 * PGlite's own start parameters (its defaults), plus a smaller buffer cache. PGlite touches its
 * whole shared_buffers when it starts, and its default 128 MB was a third of the server's
 * memory; 16 MB (2,048 pages) holds a small business's hot rows, and the OS page cache holds
 * the rest of the data directory. See docs/operations.md, "Memory".
 */
const PGLITE_START_PARAMS = [
  "--single",
  "-F",
  "-O",
  "-j",
  "-c",
  "search_path=public",
  "-c",
  "exit_on_error=false",
  "-c",
  "log_checkpoints=false",
  "-c",
  "max_worker_processes=0",
  "-c",
  "max_parallel_workers=0",
  "-c",
  "max_parallel_workers_per_gather=0",
  "-c",
  "io_method=sync",
  "-c",
  "max_parallel_maintenance_workers=0",
  "-c",
  "shared_buffers=16MB",
  "-c",
  "work_mem=2MB",
  "-c",
  "temp_buffers=2MB",
];

/**
 * Creates a PGlite data directory (initdb) in a short-lived child process. initdb grows the
 * WebAssembly memory to about 800 MB, which a process never gives back; done here, it is the
 * child's and is gone when the child exits, so the server's memory is only what serving needs.
 */
function initPgliteDir(dir: string) {
  const script = `const { PGlite } = await import(process.argv[1]);
const db = new PGlite(process.argv[2]);
await db.waitReady;
await db.close();`;
  execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      script,
      pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href,
      dir,
    ],
    // Whatever loader the parent runs under (tsx) is not needed for plain JavaScript.
    { stdio: ["ignore", "ignore", "inherit"], env: childProcessEnv({ NODE_OPTIONS: "" }) },
  );
}

/** Opens the database and applies committed migrations, so a fresh ./data or server works at once. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ("url" in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server closes (restart, failover, an admin) must not crash the
    // process; the pool opens a new one on the next query.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema });
    await migrateUnderLock(pool);
    return {
      db: db as unknown as Db,
      driver: "postgres",
      jobDb: { executeSql: (text, values) => pool.query(text, values) },
      close: () => pool.end(),
    };
  }
  // Loaded only here: a server on PostgreSQL never pays the embedded database's memory.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
  // PostgreSQL has its contrib extensions on disk; PGlite ships each as a module to load here.
  // pg_trgm indexes subscriber search (migration 0011).
  const options = { startParams: PGLITE_START_PARAMS, extensions: { pg_trgm } };
  let client: PGlite;
  if ("pgliteDir" in target) {
    mkdirSync(target.pgliteDir, { recursive: true });
    if (!existsSync(path.join(target.pgliteDir, "PG_VERSION"))) initPgliteDir(target.pgliteDir);
    client = new PGlite(target.pgliteDir, options);
  } else if ("pgliteDump" in target) {
    client = new PGlite({ ...options, loadDataDir: target.pgliteDump });
  } else {
    client = new PGlite(options);
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    driver: "pglite",
    dumpDataDir: () => client.dumpDataDir("none"),
    jobDb: {
      async executeSql(text, values) {
        if (values?.length) return client.query(text, values.map(encodeJobValue));
        // Parameterless scripts may hold several statements (schema creation), which only
        // the simple protocol runs; their callers read no rows.
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
    close: () => client.close(),
  };
}
