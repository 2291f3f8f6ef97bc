import type { MiddlewareHandler } from "hono";
import type { Db } from "../db/client";
import { AppError } from "../lib/errors";
import { clientAddress, consumeRateLimit } from "./rate-limit";

/**
 * A per-client-address limit on one route. Routes naming the same bucket share one count.
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
}

/** A route deliberately left without a limit, and why. */
export interface Exemption {
  exempt: string;
}

export type RouteLimit = LimitRule | Exemption;

const publicRead: LimitRule = {
  bucket: "public-read",
  max: 600,
  windowSeconds: 60,
  store: "memory",
  reachesStripe: false,
};
/**
 * Preview images: fetched once per shared link by each chat app or crawler, then cached by them
 * for good (the address is versioned). A render is ~50–100 ms of CPU, so tighter than pages.
 */
const ogImage: LimitRule = {
  bucket: "og-image",
  max: 120,
  windowSeconds: 60,
  store: "memory",
  reachesStripe: false,
};
const subscribe: LimitRule = {
  bucket: "subscribe",
  max: 30,
  windowSeconds: 60,
  store: "database",
  reachesStripe: true,
};
const subscriberLink: LimitRule = {
  bucket: "customer-lookup",
  max: 60,
  windowSeconds: 60,
  store: "database",
  reachesStripe: false,
};
const subscriberAction: LimitRule = {
  bucket: "customer-action",
  max: 20,
  windowSeconds: 60,
  store: "database",
  reachesStripe: true,
};

/**
 * Every public route's limit, in one place: `createApp` installs these in front of the routes
 * (the web shell's pages through `webShellRoutes`), and tests/security/rate-limit-coverage.test.ts
 * fails for any public route of the real app that is missing here. Keys are "METHOD path" as
 * Hono registers them. Failed cards have limits of their own (card-attempt-limits.ts).
 */
export const routeLimits = {
  // Landing pages and their data: generous, a person never gets near 10 a second.
  "GET /api/public/offerings/:customUrl": publicRead,
  "GET /*": publicRead,
  "GET /og/:customUrl/:file": ogImage,

  // Each of these creates Stripe objects. Declined cards are limited far tighter on their own.
  "POST /api/public/subscribe": subscribe,
  "POST /api/public/subscribe/free": subscribe,
  "POST /api/public/checkout": subscribe,
  // Reads the subscription from Stripe; called once per attempt (twice on a lost answer).
  "POST /api/public/subscribe/finalize": { ...subscribe, bucket: "subscribe-finalize" },
  // Sends e-mail; the service also allows 3 an hour per address asked about.
  "POST /api/public/manage-links": {
    bucket: "manage-links",
    max: 10,
    windowSeconds: 60,
    store: "database",
    reachesStripe: false,
  },

  // The self-service page: the id is a bearer secret (a v4 UUID), the read is the database's.
  "GET /api/public/customers/:customUrl/:subscriberId": subscriberLink,
  // Each changes something at Stripe (and the e-mail change sends two messages).
  "PATCH /api/public/customers/:customUrl/:subscriberId/email": subscriberAction,
  "POST /api/create-billing-portal": subscriberAction,
  "POST /api/cancel-subscription": subscriberAction,

  "POST /api/webhooks/stripe": {
    exempt:
      "Stripe's own deliveries, from Stripe's addresses, in bursts: a limit would make Stripe retry and delay billing. Each request is checked against the endpoint's signing secret before anything else runs.",
  },
  "GET /api/health": {
    exempt:
      "The load balancer's probe: a 429 would take a healthy instance out of rotation. It costs one `select 1`.",
  },
  "GET /api/ready": {
    exempt:
      "The load balancer's readiness probe, like /api/health; it asks Stripe at most every 30 s whoever calls.",
  },
  "GET /metrics": {
    exempt:
      "Answers only a scraper holding METRICS_TOKEN (a constant-time compare) and does not exist without one.",
  },
  "GET /api/dev/outbox": {
    exempt:
      "Exists only in emulator mode (offline development), which NODE_ENV=production refuses to start in.",
  },
  "GET /favicon.svg": {
    exempt: "A file from disk: no database, no Stripe; cache it in a CDN in front.",
  },
  "GET /connect-complete.*": {
    exempt: "A static file from disk: no database, no Stripe.",
  },
  "GET /robots.txt": {
    exempt: "A constant string built at start: no database, no Stripe.",
  },
  "GET /sitemap.xml": {
    exempt:
      "Built from the database at most once per 30 s whoever asks (server/modules/seo/sitemap.ts); every other request is bytes from memory.",
  },
} satisfies Record<string, RouteLimit>;

export type LimitedRoute = keyof typeof routeLimits;

/** The web shell's page route: installed by webShellRoutes, after its static files. */
export const WEB_SHELL_PAGES = "GET /*" satisfies LimitedRoute;

/** Every route under this prefix is better-auth's, behind its own limiter: see below. */
export const BETTER_AUTH_PREFIX = "/api/auth/";

/**
 * What better-auth limits itself (server/auth/auth.ts `rateLimit`, database storage, keyed
 * by the client address our edge passes it), for each of its endpoints, exposed or not:
 * - "custom": one of our `customRules`;
 * - "default": better-auth's default window (300 a minute), or its stricter built-in rule for
 *   sign-in, sign-up, change-password/e-mail and reset requests (3 per 10 s), or the two-factor
 *   plugin's (3 per 10 s under /two-factor/);
 * - an exemption: `customRules` turns the limit off, for the reason given.
 * The coverage test checks this list against better-auth's endpoints and our customRules.
 */
export const betterAuthLimits: Record<string, "custom" | "default" | Exemption> = {
  "/sign-in/email": "custom",
  "/sign-up/email": "custom",
  "/two-factor/verify-totp": "custom",
  "/two-factor/verify-backup-code": "custom",
  "/change-password": "custom",
  "/request-password-reset": "custom",
  "/reset-password": "custom",
  "/reset-password/:token": "custom",
  "/send-verification-email": "custom",
  "/verify-email": "custom",
  "/get-session": {
    exempt:
      "Every page asks it once; it reads the caller's own cookie and looks up one session row.",
  },
  "/sign-in/social": "default",
  "/callback/:id": "default",
  "/sign-out": "default",
  "/verify-password": "default",
  "/change-email": "default",
  "/update-session": "default",
  "/update-user": "default",
  "/delete-user": "default",
  "/list-sessions": "default",
  "/revoke-session": "default",
  "/revoke-sessions": "default",
  "/revoke-other-sessions": "default",
  "/link-social": "default",
  "/list-accounts": "default",
  "/delete-user/callback": "default",
  "/unlink-account": "default",
  "/refresh-token": "default",
  "/get-access-token": "default",
  "/account-info": "default",
  "/two-factor/get-totp-uri": "default",
  "/two-factor/send-otp": "default",
  "/two-factor/verify-otp": "default",
  "/two-factor/generate-backup-codes": "default",
  "/two-factor/enable": "default",
  "/two-factor/disable": "default",
  "/ok": "default",
  "/error": "default",
};

export function isLimitRule(limit: RouteLimit): limit is LimitRule {
  return "bucket" in limit;
}

/** Marks the middleware createRouteLimiters makes, so the coverage test can find it in the app. */
export const ROUTE_LIMIT = Symbol("route-limit");
export type RouteLimiter = MiddlewareHandler & { [ROUTE_LIMIT]: LimitRule };

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

/** One middleware per limited route, sharing one counter per bucket. */
export function createRouteLimiters(deps: { db: Db; trustedProxyHops: number }) {
  const memoryCounters = new Map<string, (key: string) => number>();
  return (route: LimitedRoute): RouteLimiter => {
    const rule = routeLimits[route];
    if (!isLimitRule(rule)) throw new Error(`${route} has no limit of ours to install`);
    let countInMemory: ((key: string) => number) | undefined;
    if (rule.store === "memory") {
      countInMemory = memoryCounters.get(rule.bucket) ?? createMemoryCounter(rule.windowSeconds);
      memoryCounters.set(rule.bucket, countInMemory);
    }
    const limiter: MiddlewareHandler = async (c, next) => {
      const key = `regulars:${rule.bucket}:${clientAddress(c, deps.trustedProxyHops)}`;
      const isAllowed = countInMemory
        ? countInMemory(key) <= rule.max
        : await consumeRateLimit(deps.db, key, rule);
      if (!isAllowed) {
        c.header("Retry-After", String(rule.windowSeconds));
        throw new AppError(
          "rate_limited",
          "Too many requests. Please wait a minute and try again.",
        );
      }
      await next();
    };
    return Object.assign(limiter, { [ROUTE_LIMIT]: rule });
  };
}
