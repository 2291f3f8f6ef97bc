import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../db/client";
import { rateLimit } from "../db/schema/auth";

/**
 * The client's address: from the socket, or, behind `trustedProxyHops` proxies, the entry that
 * many places from the right of X-Forwarded-For. Each proxy appends the address it saw, so
 * entries further left were written by the client and are never trusted.
 */
export function clientAddress(c: Context, trustedProxyHops: number): string {
  if (trustedProxyHops > 0) {
    const chain = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const address = chain[chain.length - trustedProxyHops];
    if (address) return address;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "local";
  }
}

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
