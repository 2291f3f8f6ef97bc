import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../contracts/offerings";
import { apiRoutes, pageRoutes } from "../../server/api-routes";
import { BETTER_AUTH_PREFIX, betterAuthLimits } from "../../server/auth/auth-rate-limits";
import { waitlistEntries } from "../../server/db/schema/app";
import { pageKeyOf } from "../../server/http/page-declaration";
import { routeKeyOf, routeLimitOf } from "../../server/http/route-declaration";
import { ROUTE_GUARD } from "../../server/http/route-guards";
import {
  isLimitRule,
  type LimitRule,
  ROUTE_LIMIT,
  type RouteLimit,
} from "../../server/http/route-limits";
import { earningsRoute } from "../../server/modules/dashboard/dashboard-api";
import { asCreator, createCreator, type TestCreator } from "../factories/creator-factory";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestAppWithPages, jsonRequest, TEST_ORIGIN, type TestApp } from "../setup/test-app";
import { policies } from "./route-policies";

// Every route of the real app (the web shell included) must have a limit declared in its
// declaration (server/api-routes.ts: apiRoutes, or the web shell's pageRoutes), be one of the few
// exemptions below, or need a creator's session.
// A new public route fails here until it gets one, the way the authorization matrix fails for a
// route without a policy. Every creator route is declared too: limited per creator when it can
// reach Stripe, exempt only when it makes no Stripe request (checked by calling it).

/** The only routes allowed no limit at all; each says why in its declaration. */
const expectedExemptions = [
  "POST /api/webhooks/stripe",
  "GET /api/health",
  "GET /api/ready",
  "GET /metrics",
  "GET /api/dev/outbox",
  "GET /favicon.svg",
  "GET /assets/*",
  "GET /connect-complete.*",
  "GET /robots.txt",
  "GET /sitemap.xml",
];

let app: TestApp;

beforeAll(async () => {
  app = await createTestAppWithPages();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

/** Each declared route's limit (the web shell's pages' too), keyed "METHOD path" as Hono has it. */
const limitsOfDeclared = (creator: boolean): Record<string, RouteLimit> =>
  Object.fromEntries([
    ...apiRoutes
      .filter((route) => (route.access === "creator") === creator)
      .map((route) => [routeKeyOf(route), routeLimitOf(route)]),
    ...pageRoutes
      .filter((page) => (page.access === "creator") === creator)
      .map((page) => [pageKeyOf(page), routeLimitOf(page)]),
  ]);
const declared = limitsOfDeclared(false);
const declaredForCreators = limitsOfDeclared(true);
const allDeclared = { ...declared, ...declaredForCreators };

interface RegisteredRoute {
  key: string;
  index: number;
  limit: LimitRule | undefined;
  /** Put in front of a declared route with its limit (its session, its access check). */
  isGuard: boolean;
}

/** The app's registered handlers in order; middleware for every method ("ALL") is left out. */
function registeredRoutes(): RegisteredRoute[] {
  return app.runtime.app.routes
    .map((route, index) => ({
      key: `${route.method} ${route.path}`,
      index,
      limit: (route.handler as { [ROUTE_LIMIT]?: LimitRule })[ROUTE_LIMIT],
      isGuard: ROUTE_GUARD in route.handler,
    }))
    .filter((route) => !route.key.startsWith("ALL "));
}

function routeKeys() {
  return [...new Set(registeredRoutes().map((r) => r.key))];
}

describe("rate-limit coverage", () => {
  it("every route a stranger can call has a limit declared (or a reasoned exemption)", () => {
    const missing = routeKeys().filter(
      (key) =>
        policies[key] !== "creator" &&
        !key.split(" ")[1]!.startsWith(BETTER_AUTH_PREFIX) &&
        !(key in declared),
    );
    expect(missing, "declare these (server/api-routes.ts)").toEqual([]);
  });

  it("every creator route is declared, limited per creator or exempt with a reason", () => {
    const creatorRoutes = routeKeys().filter((key) => policies[key] === "creator");
    expect(creatorRoutes.length).toBeGreaterThan(20);
    expect(
      creatorRoutes.filter((key) => !(key in declaredForCreators)),
      "declare these (server/api-routes.ts)",
    ).toEqual([]);
    expect(Object.keys(declaredForCreators).filter((key) => policies[key] !== "creator")).toEqual(
      [],
    );
    for (const [key, limit] of Object.entries(declaredForCreators)) {
      if (isLimitRule(limit)) expect(limit.per, key).toBe("creator");
      else expect(limit.exempt.length, key).toBeGreaterThan(30);
    }
    for (const [key, limit] of Object.entries(declared)) {
      if (isLimitRule(limit)) expect(limit.per, key).toBe("address");
    }
  });

  it("each declared route says why its limit is the one it has", () => {
    for (const route of [...apiRoutes, ...pageRoutes]) {
      const why = "reason" in route.limit ? route.limit.reason : route.limit.exempt;
      expect(why.length, `${route.method} ${route.path}`).toBeGreaterThan(20);
    }
  });

  it("declares nothing for a route the app doesn't have", () => {
    const keys = new Set(routeKeys());
    expect(Object.keys(allDeclared).filter((key) => !keys.has(key))).toEqual([]);
  });

  it("exempts only the reviewed routes, the webhook among them, each with a reason", () => {
    const exempt = Object.entries(declared).filter(([, limit]) => "exempt" in limit);
    expect(exempt.map(([key]) => key).sort()).toEqual([...expectedExemptions].sort());
    for (const [key, limit] of exempt) {
      expect((limit as { exempt: string }).exempt.length, key).toBeGreaterThan(30);
    }
    for (const [key, policy] of Object.entries(policies)) {
      if (policy === "webhook") expect(declared[key], key).toHaveProperty("exempt");
    }
  });

  it("installs each declared limit in front of its route", () => {
    const routes = registeredRoutes();
    for (const [key, limit] of Object.entries(allDeclared)) {
      if (!isLimitRule(limit)) continue;
      const entries = routes.filter((r) => r.key === key);
      const limiters = entries.filter((r) => r.limit);
      const handlers = entries.filter((r) => !r.limit && !r.isGuard);
      expect(limiters.length, `${key}: one limiter`).toBe(1);
      expect(limiters[0]!.limit, key).toEqual(limit);
      expect(handlers.length, `${key}: a handler`).toBeGreaterThan(0);
      expect(limiters[0]!.index, `${key}: limiter before handler`).toBeLessThan(
        Math.min(...handlers.map((h) => h.index)),
      );
    }
  });

  it("keeps one rule per bucket; anything that reaches Stripe counts in the database, tightly", () => {
    const rules = Object.values(allDeclared).filter(isLimitRule);
    for (const rule of rules) {
      const sameBucket = rules.filter((r) => r.bucket === rule.bucket);
      for (const other of sameBucket) expect(other, rule.bucket).toEqual(rule);
      expect(rule.max).toBeGreaterThan(0);
      if (rule.reachesStripe) {
        expect(rule.store, rule.bucket).toBe("database");
        // An address can be shared by many people; a creator's count is theirs alone.
        const perSecond = rule.per === "creator" ? 60 / 60 : 30 / 60;
        expect(rule.max / rule.windowSeconds, rule.bucket).toBeLessThanOrEqual(perSecond);
      }
    }
    // The hole this test was written for: finalize reaches Stripe and was never limited.
    expect(declared["POST /api/public/subscribe/finalize"]).toMatchObject({
      store: "database",
      reachesStripe: true,
    });
  });

  it("better-auth's endpoints are all limited by better-auth, as declared", () => {
    const auth = app.runtime.deps.auth;
    const rateLimit = auth.options.rateLimit!;
    expect(rateLimit.enabled).toBe(true);
    expect(rateLimit.storage).toBe("database");
    expect(rateLimit.window).toBeGreaterThan(0);
    expect(rateLimit.max).toBeGreaterThan(0);
    expect(Object.keys(declared).filter((key) => key.includes(BETTER_AUTH_PREFIX))).toEqual([]);

    // Every endpoint better-auth answers over HTTP is reviewed, whether we expose it or not.
    const endpoints = Object.values(auth.api as Record<string, unknown>)
      .map((endpoint) => endpoint as { path?: string; options?: { metadata?: object } })
      .filter((e) => e.path && !(e.options?.metadata && "SERVER_ONLY" in e.options.metadata))
      .map((e) => e.path!);
    expect(
      endpoints.filter((p) => !(p in betterAuthLimits)),
      "add to betterAuthLimits",
    ).toEqual([]);
    expect(Object.keys(betterAuthLimits).filter((p) => !endpoints.includes(p))).toEqual([]);
    // Each route the app has under /api/auth reaches one of them (or all, through a wildcard).
    const exposed = routeKeys()
      .map((key) => key.split(" ")[1]!)
      .filter((p) => p.startsWith(BETTER_AUTH_PREFIX))
      .map((p) => p.slice(BETTER_AUTH_PREFIX.length - 1));
    expect(exposed.length).toBeGreaterThan(0);
    expect(exposed.filter((p) => p !== "/*" && !(p in betterAuthLimits))).toEqual([]);

    const customRules = (rateLimit.customRules ?? {}) as Record<string, unknown>;
    const ruleFor = (endpoint: string) => {
      // better-auth matches the request's path, so a parameter is matched by a wildcard rule.
      const concrete = endpoint.replace(/:[^/]+/g, "x");
      const key = Object.keys(customRules).find((rule) =>
        rule.includes("*")
          ? new RegExp(`^${rule.replaceAll("*", "[^/]+")}$`).test(concrete)
          : rule === concrete,
      );
      return key === undefined ? undefined : customRules[key];
    };
    for (const [endpoint, kind] of Object.entries(betterAuthLimits)) {
      const rule = ruleFor(endpoint);
      if (kind === "custom") {
        expect(rule, endpoint).toMatchObject({
          window: expect.any(Number),
          max: expect.any(Number),
        });
        const { window, max } = rule as { window: number; max: number };
        expect(max / window, endpoint).toBeLessThanOrEqual(rateLimit.max! / rateLimit.window!);
      } else if (kind === "default") {
        expect(rule, `${endpoint} has a custom rule: declare it "custom"`).toBeUndefined();
      } else {
        expect(rule, endpoint).toBe(false);
        expect(kind.exempt.length).toBeGreaterThan(30);
      }
    }
  });

  describe("each limit is enforced per client address", () => {
    /** A self-service link that finds nobody: the limit counts it all the same. */
    const link = "/api/public/customers/nope-12345678/00000000-0000-4000-8000-000000000000";
    const samples: Record<string, { method: string; path: string; body?: string }> = {
      "GET /api/openapi.json": { method: "GET", path: "/api/openapi.json" },
      "GET /api/public/offerings/:customUrl": {
        method: "GET",
        path: "/api/public/offerings/nope-12345678",
      },
      "GET /*": { method: "GET", path: "/features" },
      "GET /og/:customUrl/:file": { method: "GET", path: "/og/nope-12345678/AAAAAAAAAAAAAAAA.png" },
      "POST /api/public/subscribe": { method: "POST", path: "/api/public/subscribe", body: "{}" },
      "POST /api/public/subscribe/free": {
        method: "POST",
        path: "/api/public/subscribe/free",
        body: "{}",
      },
      "POST /api/public/checkout": { method: "POST", path: "/api/public/checkout", body: "{}" },
      "POST /api/public/promo-codes/check": {
        method: "POST",
        path: "/api/public/promo-codes/check",
        body: "{}",
      },
      "POST /api/public/subscribe/finalize": {
        method: "POST",
        path: "/api/public/subscribe/finalize",
        body: "{}",
      },
      "POST /api/public/manage-links": {
        method: "POST",
        path: "/api/public/manage-links",
        body: "{}",
      },
      "GET /api/public/customers/:customUrl/:manageKey": {
        method: "GET",
        path: "/api/public/customers/nope-12345678/00000000-0000-4000-8000-000000000000",
      },
      "PATCH /api/public/customers/:customUrl/:manageKey/email": {
        method: "PATCH",
        path: "/api/public/customers/nope-12345678/00000000-0000-4000-8000-000000000000/email",
        body: "{}",
      },
      "POST /api/public/customers/:customUrl/:manageKey/new-link": {
        method: "POST",
        path: "/api/public/customers/nope-12345678/00000000-0000-4000-8000-000000000000/new-link",
        body: "{}",
      },
      // What a customer controls from the link (issue 21): each asks Stripe.
      "POST /api/public/customers/:customUrl/:manageKey/resume": {
        method: "POST",
        path: `${link}/resume`,
        body: "{}",
      },
      "POST /api/public/customers/:customUrl/:manageKey/pause": {
        method: "POST",
        path: `${link}/pause`,
        body: '{"periods":2}',
      },
      "POST /api/public/customers/:customUrl/:manageKey/pause/end": {
        method: "POST",
        path: `${link}/pause/end`,
        body: "{}",
      },
      "POST /api/public/customers/:customUrl/:manageKey/switch/preview": {
        method: "POST",
        path: `${link}/switch/preview`,
        body: "{}",
      },
      "POST /api/public/customers/:customUrl/:manageKey/switch": {
        method: "POST",
        path: `${link}/switch`,
        body: "{}",
      },
      "GET /api/public/customers/:customUrl/:manageKey/invoices": {
        method: "GET",
        path: `${link}/invoices`,
      },
      "POST /api/public/email-changes/confirm": {
        method: "POST",
        path: "/api/public/email-changes/confirm",
        body: "{}",
      },
      "POST /api/public/email-changes/undo": {
        method: "POST",
        path: "/api/public/email-changes/undo",
        body: "{}",
      },
      "POST /api/create-billing-portal": {
        method: "POST",
        path: "/api/create-billing-portal",
        body: "{}",
      },
      "POST /api/cancel-subscription": {
        method: "POST",
        path: "/api/cancel-subscription",
        body: "{}",
      },
      "POST /api/public/waitlist": { method: "POST", path: "/api/public/waitlist", body: "{}" },
      "POST /api/public/waitlist/invitation": {
        method: "POST",
        path: "/api/public/waitlist/invitation",
        body: "{}",
      },
      "PUT /api/public/customers/:customUrl/:manageKey/address": {
        method: "PUT",
        path: "/api/public/customers/nope-12345678/00000000-0000-4000-8000-000000000000/address",
        body: "{}",
      },
    };

    it("has a sample request for every limited route", () => {
      const limited = Object.keys(declared).filter((key) => isLimitRule(declared[key]!));
      expect(limited.sort()).toEqual(Object.keys(samples).sort());
    });

    let addressCounter = 0;
    for (const [key, sample] of Object.entries(samples)) {
      it(`${key}: refused with 429 past its limit, another address unaffected`, async () => {
        const rule = declared[key] as LimitRule;
        addressCounter += 1;
        const ip = `198.51.100.${addressCounter}`;
        const send = (from: string) =>
          app.request(sample.path, {
            method: sample.method,
            headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
            body: sample.body,
            ip: from,
          });
        // Requests that fail validation or find nothing count too: the limit comes first.
        for (let i = 0; i < rule.max; i += 1) {
          const response = await send(ip);
          expect(response.status, `request ${i + 1}`).not.toBe(429);
          await response.arrayBuffer();
        }
        const refused = await send(ip);
        expect(refused.status).toBe(429);
        expect(refused.headers.get("retry-after")).toBe(String(rule.windowSeconds));
        expect(await refused.json()).toEqual({
          error: { code: "rate_limited", message: expect.stringMatching(/wait a minute/) },
        });
        const other = await send(`203.0.113.${addressCounter}`);
        expect(other.status).not.toBe(429);
      }, 60_000);
    }
  });

  describe("creator routes left without a limit make no Stripe request", () => {
    let creator: TestCreator;
    let offering: Offering;
    let subscriberId: string;
    let waitlist: Array<{ id: string }>;
    const stripeRequests: string[] = [];

    beforeAll(async () => {
      creator = await createOnboardedCreator(app);
      offering = await createOffering(app, creator);
      ({ subscriberId } = await subscribeWithCard(app, offering));
      await app.flushWebhooks();
      // Two people waiting (put there directly: joining an offering without a limit invites
      // at once), one to remove and one to invite.
      waitlist = await app.runtime.deps.db
        .insert(waitlistEntries)
        .values(
          ["remove", "invite"].map((name) => ({
            offeringId: offering.id,
            name,
            email: `${name}@example.com`,
          })),
        )
        .returning({ id: waitlistEntries.id });
      app.runtime.deps.stripe.on("request", (event) => {
        stripeRequests.push(`${event.method} ${event.path}`);
      });
    }, 60_000);

    // With a connected account, an offering and a paying subscriber, so each read has data.
    const samples: Record<string, () => { path: string; method?: string; body?: unknown }> = {
      "GET /api/me": () => ({ path: "/api/me" }),
      "POST /api/onboarding/complete": () => ({
        path: "/api/onboarding/complete",
        method: "POST",
        body: {
          businessName: "Acme",
          businessType: "services",
          monthlyRevenue: "0-1k",
          goals: ["launch"],
        },
      }),
      "GET /api/offerings": () => ({ path: "/api/offerings" }),
      "GET /api/promo-codes": () => ({ path: "/api/promo-codes" }),
      "GET /api/offerings/:id/live-subscribers": () => ({
        path: `/api/offerings/${offering.id}/live-subscribers`,
      }),
      "PATCH /api/profile/business-name": () => ({
        path: "/api/profile/business-name",
        method: "PATCH",
        body: { businessName: "Acme Lawns" },
      }),
      "GET /api/profile/notifications": () => ({ path: "/api/profile/notifications" }),
      "PATCH /api/profile/notifications": () => ({
        path: "/api/profile/notifications",
        method: "PATCH",
        body: { newSubscriber: false },
      }),
      "GET /api/dashboard/overview": () => ({ path: "/api/dashboard/overview" }),
      "GET /api/dashboard/analytics": () => ({ path: "/api/dashboard/analytics" }),
      "GET /api/subscribers": () => ({ path: "/api/subscribers" }),
      "GET /api/subscribers/export/subscribers.csv": () => ({
        path: "/api/subscribers/export/subscribers.csv",
      }),
      "GET /api/subscribers/export/payments.csv": () => ({
        path: "/api/subscribers/export/payments.csv",
      }),
      "GET /api/subscribers/:id": () => ({ path: `/api/subscribers/${subscriberId}` }),
      "GET /api/offerings/:id/waitlist": () => ({ path: `/api/offerings/${offering.id}/waitlist` }),
      "DELETE /api/offerings/:id/waitlist/:entryId": () => ({
        path: `/api/offerings/${offering.id}/waitlist/${waitlist[0]!.id}`,
        method: "DELETE",
      }),
      "POST /api/offerings/:id/waitlist/:entryId/invite": () => ({
        path: `/api/offerings/${offering.id}/waitlist/${waitlist[1]!.id}/invite`,
        method: "POST",
        body: {},
      }),
      "GET /api/subscribers/:id/payments": () => ({
        path: `/api/subscribers/${subscriberId}/payments`,
      }),
    };

    it("has a sample request for every exempt creator route", () => {
      const exempt = Object.keys(declaredForCreators).filter(
        (key) => !isLimitRule(declaredForCreators[key]!),
      );
      expect(exempt.sort()).toEqual(Object.keys(samples).sort());
    });

    for (const [key, sample] of Object.entries(samples)) {
      it(`${key}: answers without calling Stripe`, async () => {
        const { path, method = "GET", body } = sample();
        stripeRequests.length = 0;
        const response = await app.request(
          path,
          asCreator(creator, body === undefined ? { method } : jsonRequest(method, body)),
        );
        expect(response.ok, await response.clone().text()).toBe(true);
        await response.arrayBuffer();
        expect(stripeRequests, `${key} reaches Stripe: limit it per creator`).toEqual([]);
      });
    }
  });

  it("the self-service page and its API share one count for guessing keys (Security 5)", async () => {
    const rule = declared["GET /api/public/customers/:customUrl/:manageKey"] as LimitRule;
    const ip = "198.51.100.200";
    const key = "00000000-0000-4000-8000-000000000000";
    const page = (path: string) => app.request(path, { ip });
    const api = () => app.request(`/api/public/customers/nope-12345678/${key}`, { ip });
    // Half through the page (in its every spelling), half through the API: one allowance.
    for (let i = 0; i < rule.max; i += 1) {
      const response =
        i % 2 === 0
          ? await api()
          : await page(`/customer/nope-12345678/${key}${i % 4 === 1 ? "/" : ""}`);
      expect(response.status, `request ${i + 1}`).not.toBe(429);
      await response.arrayBuffer();
    }
    expect((await api()).status).toBe(429);
    const refusedPage = await page(`/customer/nope-12345678/${key}`);
    expect(refusedPage.status).toBe(429);
    expect(refusedPage.headers.get("retry-after")).toBe(String(rule.windowSeconds));
    // Other pages keep their own, far larger allowance.
    expect((await page("/features")).status).toBe(200);
  }, 60_000);

  describe("the per-creator limit on routes that reach Stripe", () => {
    it("refuses one creator with 429 past the limit, across those routes, and no one else", async () => {
      const { rule } = earningsRoute.limit;
      const [busy, other] = [await createCreator(app), await createCreator(app)];
      // Without a connected account the earnings tab asks Stripe for nothing, so this is quick;
      // it counts all the same.
      for (let i = 0; i < rule.max; i += 1) {
        const response = await app.request("/api/dashboard/earnings", asCreator(busy));
        expect(response.status, `request ${i + 1}`).toBe(200);
        await response.arrayBuffer();
      }
      const refused = await app.request("/api/dashboard/earnings", asCreator(busy));
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe(String(rule.windowSeconds));
      expect(await refused.json()).toEqual({
        error: { code: "rate_limited", message: expect.stringMatching(/Stripe.*wait a minute/) },
      });
      // One count for every creator route that reaches Stripe, whatever address it comes from.
      const link = await app.request("/api/connect/login-link", {
        ...asCreator(busy, jsonRequest("POST", {})),
        ip: "192.0.2.77",
      });
      expect(link.status).toBe(429);
      // Reads of our own database stay open to them.
      expect((await app.request("/api/offerings", asCreator(busy))).status).toBe(200);
      // Another creator, from the same address, is unaffected.
      expect((await app.request("/api/dashboard/earnings", asCreator(other))).status).toBe(200);
      // No session: refused as anonymous, and counted against no one.
      const anonymous = await app.request("/api/dashboard/earnings");
      expect(anonymous.status).toBe(401);
    }, 60_000);
  });
});
