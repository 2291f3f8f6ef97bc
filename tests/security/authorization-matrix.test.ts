import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../setup/test-app";

type Policy =
  | "creator"
  | "public-offering"
  | "subscriber-link"
  | "public"
  | "webhook"
  | "auth"
  | "dev";

/** Every API route must be listed here; a new route fails the test until it has a policy. */
const policies: Record<string, Policy> = {
  "GET /api/health": "public",
  "POST /api/webhooks/stripe": "webhook",
  "GET /api/public/offerings/:customUrl": "public-offering",
  "POST /api/public/subscribe": "public",
  "POST /api/public/subscribe/finalize": "public",
  "POST /api/public/checkout": "public",
  "GET /api/public/customers/:customUrl/:subscriberId": "subscriber-link",
  "PATCH /api/public/customers/:customUrl/:subscriberId/email": "subscriber-link",
  "POST /api/create-billing-portal": "subscriber-link",
  "POST /api/cancel-subscription": "subscriber-link",
  "GET /api/dev/outbox": "dev",
  "GET /api/me": "creator",
  "POST /api/onboarding/complete": "creator",
  "GET /api/connect/account": "creator",
  "POST /api/connect/account": "creator",
  "POST /api/connect/account/refresh": "creator",
  "POST /api/connect/account-link": "creator",
  "POST /api/connect/account-session": "creator",
  "POST /api/connect/login-link": "creator",
  "GET /api/offerings": "creator",
  "POST /api/offerings": "creator",
  "PATCH /api/offerings/:id": "creator",
  "PATCH /api/offerings/:id/status": "creator",
  "GET /api/dashboard/overview": "creator",
  "GET /api/dashboard/analytics": "creator",
  "GET /api/dashboard/earnings": "creator",
  "DELETE /api/account": "creator",
};

let app: TestApp;
let a: OnboardedCreator;
let b: OnboardedCreator;
let aOffering: { id: string; customUrl: string };
let bOffering: { id: string; customUrl: string };
let aSubscriber: string;
let bSubscriber: string;

beforeAll(async () => {
  app = await createTestApp();
  a = await createOnboardedCreator(app);
  b = await createOnboardedCreator(app);
  aOffering = await createOffering(app, a, { title: "A plan" });
  bOffering = await createOffering(app, b, { title: "B plan" });
  aSubscriber = (await subscribeWithCard(app, aOffering)).subscriberId;
  bSubscriber = (await subscribeWithCard(app, bOffering)).subscriberId;
}, 60_000);
afterAll(async () => {
  await app?.close();
});

function apiRoutes() {
  const seen = new Set<string>();
  for (const route of app.runtime.app.routes) {
    if (
      route.method === "ALL" ||
      !route.path.startsWith("/api/") ||
      route.path.startsWith("/api/auth")
    )
      continue;
    seen.add(`${route.method} ${route.path}`);
  }
  return [...seen];
}

describe("authorization matrix", () => {
  it("has a policy for every API route the app registers", () => {
    const missing = apiRoutes().filter((r) => !(r in policies));
    expect(missing).toEqual([]);
  });

  it("creator routes: anonymous gets 401; creator B never sees or changes creator A's data", async () => {
    for (const key of Object.keys(policies).filter((k) => policies[k] === "creator")) {
      const [method, path] = key.split(" ") as [string, string];
      const concrete = path.replace(":id", aOffering.id);
      const body = method === "GET" ? undefined : {};
      const anonymous = await app.request(concrete, body ? jsonRequest(method, body) : { method });
      expect(anonymous.status, `${key} as anonymous`).toBe(401);
      if (method === "GET") {
        const asB = await app.request(concrete, asCreator(b));
        const text = await asB.text();
        expect(text, `${key} as B`).not.toContain(aOffering.id);
        expect(text, `${key} as B`).not.toContain(a.email);
      }
    }
    for (const [path, body] of [
      [`/api/offerings/${aOffering.id}`, { title: "x", description: "y", priceCents: 1 }],
      [`/api/offerings/${aOffering.id}/status`, { isActive: false }],
    ] as const) {
      const response = await app.request(path, asCreator(b, jsonRequest("PATCH", body)));
      expect(response.status, `PATCH ${path} as B`).toBe(404);
    }
  });

  it("subscriber links open only the matching subscriber of the matching active offering", async () => {
    const portal = (customUrl: string, id: string) => `/api/public/customers/${customUrl}/${id}`;
    expect((await app.request(portal(aOffering.customUrl, aSubscriber))).status).toBe(200);
    // A's subscriber id under B's offering, and B's subscriber under A's offering: not found.
    for (const [customUrl, id] of [
      [bOffering.customUrl, aSubscriber],
      [aOffering.customUrl, bSubscriber],
    ] as const) {
      expect((await app.request(portal(customUrl, id))).status).toBe(404);
      expect(
        (
          await app.request(
            `${portal(customUrl, id)}/email`,
            jsonRequest("PATCH", { email: "x@example.com" }),
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await app.request(
            "/api/cancel-subscription",
            jsonRequest("POST", { customUrl, subscriberId: id }),
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await app.request(
            "/api/create-billing-portal",
            jsonRequest("POST", { customUrl, subscriberId: id, returnUrl: `${TEST_ORIGIN}/x` }),
          )
        ).status,
      ).toBe(404);
    }
    // A creator's session gives no extra power over subscriber links.
    expect((await app.request(portal(bOffering.customUrl, aSubscriber), asCreator(a))).status).toBe(
      404,
    );
  });

  it("public offering reads expose no private fields", async () => {
    const response = await app.request(`/api/public/offerings/${aOffering.customUrl}`);
    const text = await response.text();
    for (const secret of ["userId", "stripePriceId", "stripeProductId", a.id])
      expect(text).not.toContain(secret);
  });
});
