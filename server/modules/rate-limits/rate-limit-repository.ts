import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimit } from "../../db/schema/auth";

/**
 * Counts one use of `key` in a fixed window and says whether it is still within `max`. The
 * count lives in the database (the table better-auth uses), so every instance behind a load
 * balancer shares it. One atomic upsert.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  options: { max: number; windowSeconds: number },
): Promise<boolean> {
  const windowMs = options.windowSeconds * 1000;
  const now = Date.now();
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} < ${now - windowMs} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} < ${now - windowMs} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count });
  return (row?.count ?? 0) <= options.max;
}
