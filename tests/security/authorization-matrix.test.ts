import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriberDetailSchema, subscriberPaymentsSchema } from "../../contracts/subscribers";
import { asCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";
import { policies } from "./route-policies";

let app: TestApp;
let a: OnboardedCreator;
let b: OnboardedCreator;
let aOffering: { id: string; customUrl: string };
let bOffering: { id: string; customUrl: string };
let aSubscriber: string;
let bSubscriber: string;
let aManageKey: string;
let bManageKey: string;

beforeAll(async () => {
  app = await createTestApp();
  a = await createOnboardedCreator(app);
  b = await createOnboardedCreator(app);
  aOffering = await createOffering(app, a, { title: "A plan" });
  bOffering = await createOffering(app, b, { title: "B plan" });
  ({ subscriberId: aSubscriber, manageKey: aManageKey } = await subscribeWithCard(app, aOffering));
  ({ subscriberId: bSubscriber, manageKey: bManageKey } = await subscribeWithCard(app, bOffering));
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
      [`/api/offerings/${aOffering.id}`, { title: "x", description: "y", priceCents: 100 }],
      [`/api/offerings/${aOffering.id}/status`, { isActive: false }],
      [
        `/api/offerings/${aOffering.id}/status`,
        { isActive: false, liveSubscribers: "cancel_at_period_end" },
      ],
    ] as const) {
      const response = await app.request(path, asCreator(b, jsonRequest("PATCH", body)));
      expect(response.status, `PATCH ${path} as B`).toBe(404);
    }
    const count = await app.request(
      `/api/offerings/${aOffering.id}/live-subscribers`,
      asCreator(b),
    );
    expect(count.status, "GET live-subscribers of A's offering as B").toBe(404);
  });

  it("subscribers (issue 13): creator B can't list, open, export or cancel creator A's", async () => {
    // The generic pass above puts an offering id where a subscriber id goes; this one uses A's
    // real subscriber, so a missing creator scope would show.
    for (const path of [
      `/api/subscribers/${aSubscriber}`,
      `/api/subscribers/${aSubscriber}/payments`,
    ]) {
      const asB = await app.request(path, asCreator(b));
      expect(asB.status, `${path} as B`).toBe(404);
      expect(await asB.text(), `${path} as B`).not.toContain(a.email);
      expect((await app.request(path, asCreator(a))).status, `${path} as A`).toBe(200);
    }
    const cancel = await app.request(
      `/api/subscribers/${aSubscriber}/cancel`,
      asCreator(b, jsonRequest("POST", { when: "now" })),
    );
    expect(cancel.status, "cancel A's subscriber as B").toBe(404);
    // Refunds (issue 13): A's payment is not found for B, under A's subscriber or B's own.
    const aPayments = await app.request(`/api/subscribers/${aSubscriber}/payments`, asCreator(a));
    const [aPayment] = (await readJson(aPayments, subscriberPaymentsSchema)).payments;
    expect(aPayment).toBeDefined();
    for (const owner of [aSubscriber, bSubscriber]) {
      const refund = await app.request(
        `/api/subscribers/${owner}/payments/${aPayment?.id}/refund`,
        asCreator(b, jsonRequest("POST", { amountCents: 100 })),
      );
      expect(refund.status, `refund A's payment under ${owner} as B`).toBe(404);
    }
    for (const path of [
      "/api/subscribers",
      `/api/subscribers?offering=${aOffering.id}`,
      "/api/subscribers/export/subscribers.csv",
      `/api/subscribers/export/payments.csv?offering=${aOffering.id}`,
    ]) {
      const text = await (await app.request(path, asCreator(b))).text();
      expect(text, `${path} as B`).not.toContain(aSubscriber);
      expect(text, `${path} as B`).not.toContain("A plan");
    }
    const own = await (await app.request("/api/subscribers", asCreator(b))).text();
    expect(own).toContain(bSubscriber);
    // A's subscriber is still live.
    const detail = await app.request(`/api/subscribers/${aSubscriber}`, asCreator(a));
    expect((await readJson(detail, subscriberDetailSchema)).subscriber.status).toBe("active");
  });

  it("subscriber links open only the matching subscriber of the matching active offering", async () => {
    const portal = (customUrl: string, key: string) => `/api/public/customers/${customUrl}/${key}`;
    let controlAddress = 0;
    expect((await app.request(portal(aOffering.customUrl, aManageKey))).status).toBe(200);
    // A's key under B's offering, B's under A's, and A's subscriber id (a name, not a key, ADR
    // 022) under A's own offering: not found.
    for (const [customUrl, id] of [
      [bOffering.customUrl, aManageKey],
      [aOffering.customUrl, bManageKey],
      [aOffering.customUrl, aSubscriber],
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
            jsonRequest("POST", { customUrl, manageKey: id }),
          )
        ).status,
      ).toBe(404);
      expect(
        (
          await app.request(
            "/api/create-billing-portal",
            jsonRequest("POST", { customUrl, manageKey: id, returnUrl: `${TEST_ORIGIN}/x` }),
          )
        ).status,
      ).toBe(404);
      expect(
        (await app.request(`${portal(customUrl, id)}/new-link`, jsonRequest("POST", {}))).status,
      ).toBe(404);
      // What the customer controls (issue 21), each with a body it would accept.
      const controls: Array<[string, RequestInit]> = [
        ["resume", jsonRequest("POST", {})],
        ["pause", jsonRequest("POST", { periods: 1 })],
        ["pause/end", jsonRequest("POST", {})],
        ["switch/preview", jsonRequest("POST", { offeringId: aOffering.id })],
        ["switch", jsonRequest("POST", { offeringId: aOffering.id, prorationDate: 1 })],
        ["invoices", {}],
      ];
      for (const [action, init] of controls) {
        // Each from its own address: they share the per-address limit of subscriber actions.
        controlAddress += 1;
        const response = await app.request(`${portal(customUrl, id)}/${action}`, {
          ...init,
          ip: `192.0.2.${controlAddress}`,
        });
        expect(response.status, `${action} with ${customUrl}/${id}`).toBe(404);
      }
    }
    // A creator's session gives no extra power over subscriber links.
    expect((await app.request(portal(bOffering.customUrl, aManageKey), asCreator(a))).status).toBe(
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
