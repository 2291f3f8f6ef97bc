import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../server/db/schema/index";
import { asCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { createPaymentMethod, testCards } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../setup/test-app";
import { hostilePayloads, type Payload } from "./hostile-payloads";

let app: TestApp;
let creator: OnboardedCreator;
let offeringId: string;
let customUrl: string;
let subscriberId: string;
let paymentMethodId: string;

beforeAll(async () => {
  app = await createTestApp();
  creator = await createOnboardedCreator(app);
  const offering = await createOffering(app, creator);
  offeringId = offering.id;
  customUrl = offering.customUrl;
  subscriberId = (await subscribeWithCard(app, offering)).subscriberId;
  paymentMethodId = await createPaymentMethod(app, testCards.success);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const tables = [
  schema.user,
  schema.session,
  schema.offerings,
  schema.subscribers,
  schema.connectAccounts,
  schema.paymentSubscriptions,
  schema.creatorEarnings,
  schema.userProfiles,
  schema.emailOutbox,
  schema.webhookEvents,
];

async function snapshot() {
  const db = app.runtime.deps.db;
  const counts = await Promise.all(
    tables.map(async (t) => (await db.select({ n: count() }).from(t))[0]?.n),
  );
  const offeringRows = await db.select().from(schema.offerings);
  const subscriberRows = await db.select().from(schema.subscribers);
  const profileRows = await db.select().from(schema.userProfiles);
  return JSON.stringify({ counts, offeringRows, subscriberRows, profileRows });
}

interface MutatingRoute {
  method: string;
  path: () => string;
  valid: () => Record<string, unknown>;
  asCreator: boolean;
  numberFields?: string[];
  emailFields?: string[];
  enumFields?: string[];
  optionalFields?: string[];
}

const routes: MutatingRoute[] = [
  {
    method: "POST",
    path: () => "/api/auth/sign-up/email",
    valid: () => ({ email: "new@example.com", password: "secret1" }),
    asCreator: false,
    emailFields: ["email"],
  },
  {
    method: "POST",
    path: () => "/api/auth/sign-in/email",
    valid: () => ({ email: creator.email, password: "wrong-pass" }),
    asCreator: false,
    emailFields: ["email"],
  },
  {
    method: "POST",
    path: () => "/api/onboarding/complete",
    valid: () => ({
      businessName: "Acme",
      businessType: "services",
      monthlyRevenue: "0-1k",
      goals: ["launch"],
    }),
    asCreator: true,
    enumFields: ["businessType", "monthlyRevenue"],
    optionalFields: ["goals"],
  },
  { method: "POST", path: () => "/api/connect/account", valid: () => ({}), asCreator: true },
  {
    method: "POST",
    path: () => "/api/connect/account/refresh",
    valid: () => ({}),
    asCreator: true,
  },
  {
    method: "POST",
    path: () => "/api/connect/account-link",
    valid: () => ({ purpose: "dashboard" }),
    asCreator: true,
    enumFields: ["purpose"],
    optionalFields: ["purpose"],
  },
  {
    method: "POST",
    path: () => "/api/connect/account-session",
    valid: () => ({}),
    asCreator: true,
  },
  { method: "POST", path: () => "/api/connect/login-link", valid: () => ({}), asCreator: true },
  {
    method: "POST",
    path: () => "/api/offerings",
    valid: () => ({
      title: "T",
      category: "pet-care",
      subcategory: "Dog Walking",
      description: "D",
      priceCents: 100,
    }),
    asCreator: true,
    numberFields: ["priceCents"],
    enumFields: ["category"],
  },
  {
    method: "PATCH",
    path: () => `/api/offerings/${offeringId}`,
    valid: () => ({ title: "T", description: "D", priceCents: 100 }),
    asCreator: true,
    numberFields: ["priceCents"],
  },
  {
    method: "PATCH",
    path: () => `/api/offerings/${offeringId}/status`,
    valid: () => ({ isActive: false }),
    asCreator: true,
  },
  {
    method: "DELETE",
    path: () => "/api/account",
    valid: () => ({ confirmUserId: "someone-else" }),
    asCreator: true,
  },
  {
    method: "POST",
    path: () => "/api/public/subscribe",
    valid: () => ({
      customUrl,
      attemptId: "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
      name: "N",
      email: "n@example.com",
      paymentMethodId,
    }),
    asCreator: false,
    emailFields: ["email"],
  },
  {
    method: "POST",
    path: () => "/api/public/subscribe/finalize",
    valid: () => ({ customUrl, subscriptionId: "sub_doesnotexist" }),
    asCreator: false,
  },
  {
    method: "POST",
    path: () => "/api/public/checkout",
    valid: () => ({ customUrl: "nope-12345678" }),
    asCreator: false,
  },
  {
    method: "PATCH",
    path: () => `/api/public/customers/${customUrl}/${subscriberId}/email`,
    valid: () => ({ email: "n@example.com" }),
    asCreator: false,
    emailFields: ["email"],
  },
  {
    method: "POST",
    path: () => "/api/create-billing-portal",
    valid: () => ({ customUrl, subscriberId, returnUrl: "https://evil.example/" }),
    asCreator: false,
  },
  {
    method: "POST",
    path: () => "/api/cancel-subscription",
    valid: () => ({ customUrl: "nope-12345678", subscriberId }),
    asCreator: false,
  },
];

let ipCounter = 0;

async function send(route: MutatingRoute, payload: Payload) {
  ipCounter += 1;
  const headers: Record<string, string> = {
    "Content-Type": payload.contentType ?? "application/json",
    Origin: TEST_ORIGIN,
  };
  const init: RequestInit = { method: route.method, headers, body: payload.body };
  return app.request(route.path(), {
    ...(route.asCreator ? asCreator(creator, init) : init),
    ip: `192.0.2.${ipCounter % 250}`,
  });
}

describe("hostile input", () => {
  for (const route of routes) {
    it(`${route.method} ${route.path.toString().match(/"(.+?)"|`(.+?)`/)?.[0] ?? ""} refuses 50+ malformed payloads with a 4xx JSON error and changes nothing`, async () => {
      const payloads = hostilePayloads(route.valid(), route);
      expect(payloads.length).toBeGreaterThanOrEqual(50);
      const before = await snapshot();
      const failures: string[] = [];
      for (const payload of payloads) {
        let response: Response;
        try {
          response = await send(route, payload);
        } catch (error) {
          failures.push(
            `${payload.label}: request failed (${String((error as Error).cause ?? error)})`,
          );
          continue;
        }
        const text = await response.text();
        let isJsonError = false;
        try {
          const json = JSON.parse(text) as { error?: { message?: unknown }; message?: unknown };
          isJsonError = typeof (json.error?.message ?? json.message) === "string";
        } catch {
          isJsonError = false;
        }
        if (response.status < 400 || response.status >= 500 || !isJsonError) {
          failures.push(`${payload.label}: ${response.status} ${text.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await snapshot()).toBe(before);
    }, 120_000);
  }
});
