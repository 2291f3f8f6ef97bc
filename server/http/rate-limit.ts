import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "../db/client";
import { rateLimit } from "../db/schema/auth";
import { AppError } from "../lib/errors";

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "local";
  }
}

/**
 * Fixed-window limit per client address, counted in the database (the table better-auth
 * uses), so every instance behind a load balancer shares the count. One atomic upsert.
 */
export function rateLimitByAddress(options: {
  db: Db;
  name: string;
  max: number;
  windowSeconds: number;
  trustProxy: boolean;
}): MiddlewareHandler {
  const windowMs = options.windowSeconds * 1000;
  return async (c, next) => {
    const key = `regulars:${options.name}:${clientAddress(c, options.trustProxy)}`;
    const now = Date.now();
    const [row] = await options.db
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
    if ((row?.count ?? 0) > options.max) {
      c.header("Retry-After", String(options.windowSeconds));
      throw new AppError("rate_limited", "Too many requests. Please wait a minute and try again.");
    }
    await next();
  };
}
