import type { MiddlewareHandler } from "hono";
import type { Db } from "../db/client";
import { AppError } from "../lib/errors";
import type { AppEnv } from "./app-env";
import { clientAddress, consumeRateLimit } from "./rate-limit";

/**
 * A limit on one route, per client address or per signed-in creator. Routes naming the same
 * bucket share one count.
 * - `database`: one atomic upsert in the `rate_limit` table, exact across every instance. For
 *   anything that reaches Stripe (the platform's shared Stripe rate limit) or sends e-mail.
 * - `memory`: a counter in this process, no database write. For generous limits on cheap public
 *   reads, where a write per page view would cost more than the read; N instances allow N times
 *   the figure, which is fine for a limit that only stops floods.
 */
export interface LimitRule {
  bucket: string;
  max: number;
  windowSeconds: number;
  store: "database" | "memory";
  /** Whether a request can reach Stripe: such routes must count in the database, tightly. */
  reachesStripe: boolean;
  /**
   * Whom the count belongs to: the client's address (public routes), or the signed-in creator's
   * user id (creator routes: an address is shared by an office, a user id is not, and a second
   * address doesn't buy an attacker a second allowance).
   */
  per: "address" | "creator";
}

/** A route deliberately left without a limit, and why. */
export interface Exemption {
  exempt: string;
}

export type RouteLimit = LimitRule | Exemption;

export const publicRead: LimitRule = {
  bucket: "public-read",
  max: 600,
  windowSeconds: 60,
  store: "memory",
  reachesStripe: false,
  per: "address",
};
/**
 * Preview images: fetched once per shared link by each chat app or crawler, then cached by them
 * for good (the address is versioned). A render is ~50–100 ms of CPU, so tighter than pages.
 */
export const ogImage: LimitRule = {
  bucket: "og-image",
  max: 120,
  windowSeconds: 60,
  store: "memory",
  reachesStripe: false,
  per: "address",
};
export const subscribe: LimitRule = {
  bucket: "subscribe",
  max: 30,
  windowSeconds: 60,
  store: "database",
  reachesStripe: true,
  per: "address",
};
/** Its own count: finalize is called once per attempt, after the subscribe that started it. */
export const subscribeFinalize: LimitRule = { ...subscribe, bucket: "subscribe-finalize" };
/**
 * A self-service link's reads: the API's (customerPortalRoute), and the server-drawn page's,
 * which counts in the same bucket so it is no cheaper way to guess keys (Security 5).
 */
export const subscriberLink: LimitRule = {
  bucket: "customer-lookup",
  max: 60,
  windowSeconds: 60,
  store: "database",
  reachesStripe: false,
  per: "address",
};
/** What a self-service link or an e-mail change's token changes, at Stripe or by e-mail. */
export const subscriberAction: LimitRule = {
  bucket: "customer-action",
  max: 20,
  windowSeconds: 60,
  store: "database",
  reachesStripe: true,
  per: "address",
};
/** "Lost your link?": sends e-mail. */
export const manageLinks: LimitRule = {
  bucket: "manage-links",
  max: 10,
  windowSeconds: 60,
  store: "database",
  reachesStripe: false,
  per: "address",
};

/**
 * Creator routes that can call Stripe, per creator: every creator shares the platform's Stripe
 * rate limit, and an account is free, so one signed-in script could otherwise spend it for all.
 * One count for all of them; a person at the dashboard makes a few such calls a minute.
 */
export const creatorStripe: LimitRule = {
  bucket: "creator-stripe",
  max: 60,
  windowSeconds: 60,
  store: "database",
  reachesStripe: true,
  per: "creator",
};
export const databaseOnly: Exemption = {
  exempt:
    "Reads or writes only our database, scoped to the signed-in creator: no Stripe call, no e-mail. The coverage test checks that it makes no Stripe request.",
};

export function isLimitRule(limit: RouteLimit): limit is LimitRule {
  return "bucket" in limit;
}

/** Marks the middleware createRouteLimiters makes, so the coverage test can find it in the app. */
export const ROUTE_LIMIT = Symbol("route-limit");
export type RouteLimiter = MiddlewareHandler<AppEnv> & { [ROUTE_LIMIT]: LimitRule };

/**
 * Fixed windows in memory, for one bucket. Bounded: past `maxKeys` addresses the expired ones
 * are dropped, and if that is not enough the count starts over (a flood from that many
 * addresses is not something a per-address limit can stop anyway).
 */
function createMemoryCounter(windowSeconds: number, maxKeys = 100_000) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return (key: string): number => {
    const now = Date.now();
    const current = windows.get(key);
    if (current && now < current.resetAt) {
      current.count += 1;
      return current.count;
    }
    if (windows.size >= maxKeys) {
      for (const [k, w] of windows) if (now >= w.resetAt) windows.delete(k);
      if (windows.size >= maxKeys) windows.clear();
    }
    windows.set(key, { count: 1, resetAt: now + windowSeconds * 1000 });
    return 1;
  };
}

const TOO_MANY = {
  address: "Too many requests. Please wait a minute and try again.",
  creator:
    "You have made a lot of changes that go through Stripe in the last minute. Please wait a minute and try again.",
} satisfies Record<LimitRule["per"], string>;

/**
 * One middleware per limited route, sharing one counter per bucket: `forRule` for a declared
 * route's rule (server/http/route-declaration.ts). The rule's `store` decides where it counts.
 */
export function createRouteLimiters(deps: { db: Db; trustedProxyHops: number }) {
  const memoryCounters = new Map<string, (key: string) => number>();
  const forRule = (rule: LimitRule): RouteLimiter => {
    let countInMemory: ((key: string) => number) | undefined;
    if (rule.store === "memory") {
      countInMemory = memoryCounters.get(rule.bucket) ?? createMemoryCounter(rule.windowSeconds);
      memoryCounters.set(rule.bucket, countInMemory);
    }
    const limiter: MiddlewareHandler<AppEnv> = async (c, next) => {
      const key = `regulars:${rule.bucket}:${rule.per === "creator" ? signedInUserId(c) : clientAddress(c, deps.trustedProxyHops)}`;
      const isAllowed = countInMemory
        ? countInMemory(key) <= rule.max
        : await consumeRateLimit(deps.db, key, rule);
      if (!isAllowed) {
        c.header("Retry-After", String(rule.windowSeconds));
        throw new AppError("rate_limited", TOO_MANY[rule.per]);
      }
      await next();
    };
    return Object.assign(limiter, { [ROUTE_LIMIT]: rule });
  };
  return { forRule };
}

export type RouteLimiters = ReturnType<typeof createRouteLimiters>;

/** Runs before the router's requireCreator, so it refuses anonymous callers the same way. */
function signedInUserId(c: { get(key: "session"): AppEnv["Variables"]["session"] }) {
  const session = c.get("session");
  if (!session) throw new AppError("unauthenticated", "Please sign in to continue.");
  return `user:${session.user.id}`;
}
