import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** Both drivers produce this; a transaction is one too, so repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type DatabaseTarget = { url: string } | { pgliteDir: string } | { memory: true };

/** Opens the database and applies committed migrations, so a fresh ./data or server works at once. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ("url" in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server closes (restart, failover, an admin) must not crash the
    // process; the pool opens a new one on the next query.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema });
    await migrateNodePg(db, { migrationsFolder });
    return { db: db as unknown as Db, driver: "postgres", close: () => pool.end() };
  }
  // Loaded only here: a server on PostgreSQL never pays the embedded database's memory.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  let client: PGlite;
  if ("pgliteDir" in target) {
    mkdirSync(target.pgliteDir, { recursive: true });
    client = new PGlite(target.pgliteDir);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, driver: "pglite", close: () => client.close() };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
