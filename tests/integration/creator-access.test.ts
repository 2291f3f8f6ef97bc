import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAccounts, offerings, userProfiles } from "../../server/db/schema/app";
import { user } from "../../server/db/schema/auth";
import { asCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readConnectedAccount } from "../support/read-json";

let app: TestApp;
let owner: OnboardedCreator;
let intruder: OnboardedCreator;
let offeringId: string;

const creatorPrefixes = [
  "/api/me",
  "/api/onboarding",
  "/api/connect",
  "/api/offerings",
  "/api/dashboard",
  "/api/account",
];

/** Every creator route the app registers, read from the app itself so none can be missed. */
function creatorRoutes() {
  const seen = new Set<string>();
  return app.runtime.app.routes
    .filter(
      (r) =>
        r.method !== "ALL" &&
        creatorPrefixes.some((p) => r.path === p || r.path.startsWith(`${p}/`)),
    )
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

async function snapshot() {
  const db = app.runtime.deps.db;
  const counts = await Promise.all(
    [offerings, connectAccounts, userProfiles, user].map(
      async (t) => (await db.select({ n: count() }).from(t))[0]?.n,
    ),
  );
  const rows = await db.select().from(offerings);
  return JSON.stringify({ counts, rows });
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await createOnboardedCreator(app);
  intruder = await createOnboardedCreator(app);
  offeringId = (await createOffering(app, owner)).id;
});
afterAll(async () => {
  await app?.close();
});

function requestFor(method: string, path: string) {
  const concrete = path.replace(":id", offeringId);
  const body =
    method === "GET"
      ? undefined
      : method === "DELETE"
        ? { confirmUserId: owner.id }
        : { title: "Hijacked", description: "x", priceCents: 100, isActive: false };
  return { path: concrete, init: body ? jsonRequest(method, body) : { method } };
}

describe("creator routes", () => {
  it("finds the creator routes from the app", () => {
    const routes = creatorRoutes().map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        "GET /api/offerings",
        "PATCH /api/offerings/:id",
        "DELETE /api/account",
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it("answer 401 to anonymous callers and change nothing", async () => {
    const before = await snapshot();
    for (const route of creatorRoutes()) {
      const { path, init } = requestFor(route.method, route.path);
      const response = await app.request(path, init);
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
    }
    expect(await snapshot()).toBe(before);
  });

  it("never let another creator see or change the owner's offering", async () => {
    const before = await snapshot();
    const attempts = [
      [`/api/offerings/${offeringId}`, { title: "Hijacked", description: "x", priceCents: 100 }],
      [`/api/offerings/${offeringId}/status`, { isActive: false }],
    ] as const;
    for (const [path, body] of attempts) {
      const response = await app.request(path, asCreator(intruder, jsonRequest("PATCH", body)));
      expect(response.status, path).toBe(404);
    }
    const list = await app.request("/api/offerings", asCreator(intruder));
    expect(JSON.stringify(await list.json())).not.toContain(offeringId);
    const deletion = await app.request(
      "/api/account",
      asCreator(intruder, jsonRequest("DELETE", { confirmUserId: owner.id })),
    );
    expect(deletion.status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it("scope dashboard figures to the caller", async () => {
    const overview = await app.request("/api/dashboard/overview", asCreator(intruder));
    expect(await overview.json()).toMatchObject({ activeOfferingCount: 0, monthlyRevenueCents: 0 });
    const connect = await app.request("/api/connect/account", asCreator(intruder));
    const account = await readConnectedAccount(connect);
    expect(account.stripeAccountId).toBe(intruder.stripeAccountId);
  });
});
