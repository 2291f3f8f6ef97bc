import { type SQL, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Db } from "../../db/client";
import { encodeJobValue } from "../../db/job-value";

/**
 * pg-boss's SQL, run through one of our connections. Jobs enqueued through a transaction's
 * adapter commit or roll back with the change that caused them.
 */
export function jobDbFor(db: Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await db.execute(withParameters(text, values ?? []));
      return { rows: (result as { rows?: unknown[] }).rows ?? [] };
    },
  };
}

/** Rebuilds pg-boss's `$n` placeholders as drizzle parameters, so any driver can run them. */
function withParameters(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${encodeJobValue(values[Number(match[1]) - 1])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
