import { randomUUID } from "node:crypto";
import pg from "pg";
import type { DatabaseTarget } from "../../server/db/client";

export interface TestDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

/**
 * PGlite in memory by default. With TEST_DATABASE_URL, a throwaway database on that server,
 * created for this test file and dropped after, because the server keeps what runs leave.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { target: { memory: true }, drop: async () => {} };

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
