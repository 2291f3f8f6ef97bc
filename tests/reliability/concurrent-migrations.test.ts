import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

// Several instances on one server: only meaningful on PostgreSQL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let testDatabase: TestDatabase;

beforeAll(async () => {
  if (onPostgres) testDatabase = await createTestDatabase({ empty: true });
});
afterAll(async () => {
  await testDatabase?.drop();
});

describe.skipIf(!onPostgres)("instances starting together on an empty database", () => {
  it("migrate once: each migration is applied and recorded a single time", async () => {
    const journal = JSON.parse(readFileSync("server/db/migrations/meta/_journal.json", "utf8")) as {
      entries: unknown[];
    };
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase(testDatabase.target)));
    await Promise.all(databases.map((d) => d.close()));

    if (!("url" in testDatabase.target)) throw new Error("needs PostgreSQL");
    const client = new pg.Client({ connectionString: testDatabase.target.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string; n: string }>(
        "select hash, count(*) as n from drizzle.__drizzle_migrations group by hash",
      );
      expect(rows).toHaveLength(journal.entries.length);
      expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
    } finally {
      await client.end();
    }
  });
});
