import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestAppWithPages, TEST_ORIGIN, type TestApp } from "../setup/test-app";
import {
  hostileQueries,
  hostileSegments,
  hostileStrings,
  invalidUtf8,
  type Payload,
  structuralPayloads,
  textFieldPayloads,
} from "./hostile-payloads";
import {
  betterAuthRoutes,
  concretePath,
  isMutating,
  type RouteRef,
  registeredRoutes,
  routeKey,
} from "./route-inventory";

/**
 * Nobody without an account can make the server fail: every route (the API, better-auth's
 * endpoints and the pages) answers every malformed path, query, cookie and body below with
 * something other than a 5xx. Creator routes are included: a stranger can call them too.
 * About 15 s alone; the timeouts leave room for a busy machine.
 */

let app: TestApp;
let values: Record<string, string>;

/** The SPA's pages as the server sees them (it serves index.html or a landing page). */
const pages: RouteRef[] = [
  "/",
  "/:customUrl",
  "/landing/:customUrl",
  "/customer/:customUrl/:manageKey",
  "/email-change/:action",
  "/dashboard",
  "/manage",
  "/success",
  "/reset-password",
  "/assets/:file",
  "/favicon.svg",
  "/connect-complete.html",
].map((p) => ({ method: "GET", path: p }));

beforeAll(async () => {
  // The web shell serves the source templates: what matters is what the server does.
  app = await createTestAppWithPages();
  const creator = await createOnboardedCreator(app);
  const offering = await createOffering(app, creator);
  const { manageKey } = await subscribeWithCard(app, offering);
  values = {
    customUrl: offering.customUrl,
    manageKey,
    action: "confirm",
    id: offering.id,
    token: "not-a-token",
    file: "index.js",
  };
}, 60_000);
afterAll(async () => {
  await app?.close();
});

interface Probe {
  label: string;
  method: string;
  path: string;
  body?: Payload["body"];
  headers?: Record<string, string>;
}

let requestCounter = 0;

async function run(probe: Probe): Promise<string | null> {
  requestCounter += 1;
  try {
    const response = await app.request(probe.path, {
      method: probe.method,
      headers: { Origin: TEST_ORIGIN, ...probe.headers },
      body: probe.body,
      redirect: "manual",
      // Each from its own address, so no rate limit stands in for the route's own answer.
      ip: `198.19.${(requestCounter >> 8) & 255}.${requestCounter & 255}`,
    });
    const text = await response.text();
    return response.status >= 500
      ? `${probe.label}: ${response.status} ${text.slice(0, 160)}`
      : null;
  } catch (error) {
    return `${probe.label}: request failed (${String((error as Error).cause ?? error)})`;
  }
}

async function runAll(probes: Probe[]) {
  const failures: string[] = [];
  for (let i = 0; i < probes.length; i += 8) {
    const results = await Promise.all(probes.slice(i, i + 8).map(run));
    failures.push(...results.filter((r): r is string => r !== null));
  }
  return failures;
}

function allRoutes(): RouteRef[] {
  return [...registeredRoutes(app), ...betterAuthRoutes(app), ...pages];
}

function bodyPayloads(): Payload[] {
  const short = new Set(["NUL", "a lone high surrogate", "a right-to-left override", "100 KB"]);
  const bytes = new Set(["byte FF", "an overlong slash", "an encoded surrogate (CESU-8)"]);
  return [
    ...structuralPayloads({}),
    ...textFieldPayloads({}, "name").filter(
      (p) =>
        hostileStrings.some(([name]) => short.has(name) && p.label === `name with ${name}`) ||
        invalidUtf8.some(([name]) => bytes.has(name) && p.label === `name with ${name}`),
    ),
  ];
}

describe("no anonymous request gets a 5xx", () => {
  it("covers the API, better-auth and the pages", () => {
    const routes = allRoutes().map(routeKey);
    for (const expected of [
      "GET /api/public/offerings/:customUrl",
      "PATCH /api/public/customers/:customUrl/:manageKey/email",
      "POST /api/auth/sign-in/email",
      "GET /api/auth/reset-password/:token",
      "GET /landing/:customUrl",
    ]) {
      expect(routes).toContain(expected);
    }
  });

  it("hostile path parameters", async () => {
    const probes: Probe[] = [];
    for (const route of allRoutes()) {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      // A page without parameters still gets a hostile segment after it.
      const slots = params.length > 0 ? params : route.path.startsWith("/api") ? [] : ["*"];
      for (const param of slots) {
        for (const [label, segment] of hostileSegments) {
          const concrete =
            param === "*"
              ? `${route.path.replace(/\/$/, "")}/${segment}`
              : concretePath(route.path, { ...values, [param]: "\u0001" }).replace("%01", segment);
          probes.push({
            label: `${routeKey(route)} with ${param} = ${label}`,
            method: route.method,
            path: concrete,
          });
        }
      }
    }
    expect(probes.length).toBeGreaterThan(200);
    expect(await runAll(probes)).toEqual([]);
  }, 120_000);

  it("hostile query strings, cookies and methods", async () => {
    const probes: Probe[] = [];
    for (const route of allRoutes()) {
      const concrete = concretePath(route.path, values);
      for (const [label, query] of hostileQueries) {
        probes.push({
          label: `${routeKey(route)} ${label}`,
          method: route.method,
          path: `${concrete}${query}`,
        });
      }
      for (const [label, cookie] of [
        ["a junk session cookie", "better-auth.session_token=%00%FF"],
        ["an unsigned session token", "better-auth.session_token=abc"],
        ["a badly signed session token", "better-auth.session_token=abc.def%3D"],
        ["an overlong cookie", `better-auth.session_token=${"x".repeat(4000)}`],
      ] as const) {
        probes.push({
          label: `${routeKey(route)} ${label}`,
          method: route.method,
          path: concrete,
          headers: { Cookie: cookie },
        });
      }
      for (const method of ["PUT", "DELETE", "OPTIONS"]) {
        if (method !== route.method) {
          probes.push({ label: `${method} ${route.path}`, method, path: concrete });
        }
      }
    }
    expect(await runAll(probes)).toEqual([]);
  }, 120_000);

  it("hostile bodies to every route that takes one", async () => {
    const payloads = bodyPayloads();
    const probes: Probe[] = [];
    for (const route of allRoutes().filter(isMutating)) {
      for (const payload of payloads) {
        const headers: Record<string, string> = {};
        if (payload.contentType !== null) {
          headers["Content-Type"] = payload.contentType ?? "application/json";
        }
        probes.push({
          label: `${routeKey(route)} ${payload.label}`,
          method: route.method,
          path: concretePath(route.path, values),
          body: payload.body,
          headers,
        });
      }
    }
    expect(await runAll(probes)).toEqual([]);
  }, 120_000);
});
