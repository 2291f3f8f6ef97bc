import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../contracts/offerings";
import * as schema from "../../server/db/schema/index";
import { asCreator, type TestCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { createPaymentMethod, testCards } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../setup/test-app";
import {
  type FieldHints,
  hostilePayloads,
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

let app: TestApp;
let creator: OnboardedCreator;
/** Sends the hostile input to better-auth's endpoints, so a mistake there can't end `creator`. */
let bystander: OnboardedCreator;
let offeringId: string;
let customUrl: string;
let manageKey: string;
let paymentMethodId: string;
/** The bystander's offering: a switch to it must be refused. */
let elsewhereOfferingId: string;
/** The creator's offering no longer offered, and a subscription to it that has ended. */
let own: Offering;
let ended: { subscriberId: string; manageKey: string };

beforeAll(async () => {
  app = await createTestApp();
  creator = await createOnboardedCreator(app);
  bystander = await createOnboardedCreator(app);
  const offering = await createOffering(app, creator);
  offeringId = offering.id;
  customUrl = offering.customUrl;
  manageKey = (await subscribeWithCard(app, offering)).manageKey;
  paymentMethodId = await createPaymentMethod(app, testCards.success);
  elsewhereOfferingId = (await createOffering(app, bystander, { title: "Elsewhere" })).id;
  // Made before the table's creator requests use up the creator's Stripe changes this minute.
  own = await createOffering(app, creator, { title: "Retired Plan" });
  ended = await subscribeWithCard(app, own);
  const endedNow = await app.request(
    `/api/subscribers/${ended.subscriberId}/cancel`,
    asCreator(creator, jsonRequest("POST", { when: "now" })),
  );
  expect(endedNow.status).toBe(200);
  const retired = await app.request(
    `/api/offerings/${own.id}/status`,
    asCreator(creator, jsonRequest("PATCH", { isActive: false })),
  );
  expect(retired.status).toBe(200);
  await app.flushWebhooks();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const tables = [
  schema.user,
  schema.session,
  schema.account,
  schema.verification,
  schema.twoFactor,
  schema.offerings,
  schema.subscribers,
  schema.connectAccounts,
  schema.paymentSubscriptions,
  schema.creatorEarnings,
  schema.userProfiles,
  schema.emailOutbox,
  schema.webhookEvents,
  schema.promoCodes,
  schema.promoCodeOfferings,
  schema.trialGrants,
  schema.subscriberPauses,
  schema.subscriberSwitches,
  schema.offeringQuestions,
  schema.subscriberAnswers,
  schema.signups,
  schema.waitlistEntries,
];

/** Every row that matters, so a change anywhere shows. */
async function databaseSnapshot() {
  const db = app.runtime.deps.db;
  const counts = await Promise.all(
    tables.map(async (t) => (await db.select({ n: count() }).from(t))[0]?.n),
  );
  const userRows = await db.select().from(schema.user);
  const offeringRows = await db.select().from(schema.offerings);
  const subscriberRows = await db.select().from(schema.subscribers);
  const profileRows = await db.select().from(schema.userProfiles);
  return JSON.stringify({ counts, userRows, offeringRows, subscriberRows, profileRows });
}

/** Every Stripe object the app can create or change, read through the SDK from the emulator. */
async function stripeSnapshot() {
  const stripe = app.runtime.deps.stripe;
  const all = async <T>(list: AsyncIterable<T>) => {
    const items: T[] = [];
    for await (const item of list) items.push(item);
    return items;
  };
  return JSON.stringify({
    customers: await all(stripe.customers.list({ limit: 100 })),
    products: await all(stripe.products.list({ limit: 100 })),
    prices: await all(stripe.prices.list({ limit: 100 })),
    subscriptions: await all(stripe.subscriptions.list({ limit: 100, status: "all" })),
    accounts: await all(stripe.accounts.list({ limit: 100 })),
    checkoutSessions: await all(stripe.checkout.sessions.list({ limit: 100 })),
    coupons: await all(stripe.coupons.list({ limit: 100 })),
  });
}

async function snapshot() {
  return { database: await databaseSnapshot(), stripe: await stripeSnapshot() };
}

interface TableEntry extends FieldHints {
  valid: () => Record<string, unknown>;
  /** Sent with `creator`'s session. */
  asCreator: boolean;
  /** Checked by its own gate before the body (the webhook's signature): structural input only. */
  isStructuralOnly?: boolean;
}

const serviceAddress = {
  line1: "12 Elm Street",
  line2: "Apt 3",
  city: "San Francisco",
  state: "CA",
  postalCode: "94110",
  country: "US",
};

/** A valid body for each mutating route (by pattern), the base of its malformed variants. */
const table: Record<string, TableEntry> = {
  "POST /api/auth/sign-up/email": {
    valid: () => ({ email: "new@example.com", password: "secret1" }),
    asCreator: false,
    emailFields: ["email"],
  },
  "POST /api/auth/sign-in/email": {
    valid: () => ({ email: creator.email, password: "wrong-pass" }),
    asCreator: false,
    emailFields: ["email"],
  },
  "POST /api/auth/request-password-reset": {
    valid: () => ({ email: creator.email }),
    asCreator: false,
    emailFields: ["email"],
  },
  "POST /api/auth/reset-password": {
    valid: () => ({ token: "not-a-real-token", newPassword: "secret1" }),
    asCreator: false,
  },
  "POST /api/auth/send-verification-email": {
    valid: () => ({ email: creator.email }),
    asCreator: true,
    emailFields: ["email"],
  },
  "POST /api/auth/change-password": {
    valid: () => ({ currentPassword: "wrong-pass", newPassword: "another-pass" }),
    asCreator: true,
  },
  "POST /api/auth/two-factor/enable": {
    valid: () => ({ password: "wrong-pass" }),
    asCreator: true,
  },
  "POST /api/auth/two-factor/verify-totp": {
    valid: () => ({ code: "123456" }),
    asCreator: false,
  },
  "POST /api/webhooks/stripe": { valid: () => ({}), asCreator: false, isStructuralOnly: true },
  "POST /api/public/manage-links": {
    valid: () => ({ email: "pat@example.com" }),
    asCreator: false,
    emailFields: ["email"],
  },
  "POST /api/onboarding/complete": {
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
  "POST /api/connect/account": { valid: () => ({}), asCreator: true },
  "POST /api/connect/account/refresh": { valid: () => ({}), asCreator: true },
  "POST /api/connect/account-link": {
    valid: () => ({ purpose: "dashboard" }),
    asCreator: true,
    enumFields: ["purpose"],
    optionalFields: ["purpose"],
  },
  "POST /api/connect/account-session": { valid: () => ({}), asCreator: true },
  "POST /api/connect/login-link": { valid: () => ({}), asCreator: true },
  "POST /api/offerings": {
    valid: () => ({
      title: "T",
      category: "pet-care",
      subcategory: "Dog Walking",
      description: "D",
      priceCents: 100,
      cadence: "two_weeks",
      trialDays: 14,
      onSite: true,
      serviceArea: ["940", "94110"],
      capacity: 8,
      questions: [],
    }),
    asCreator: true,
    numberFields: ["priceCents", "trialDays", "capacity"],
    enumFields: ["category", "cadence"],
    optionalFields: ["cadence", "trialDays", "onSite", "serviceArea", "capacity", "questions"],
  },
  "PATCH /api/offerings/:id": {
    valid: () => ({
      title: "T",
      description: "D",
      priceCents: 100,
      cadence: "week",
      trialDays: 7,
    }),
    asCreator: true,
    numberFields: ["priceCents", "trialDays"],
    enumFields: ["cadence"],
    optionalFields: ["cadence", "trialDays"],
  },
  "POST /api/promo-codes": {
    valid: () => ({
      code: "SPRING10",
      kind: "percent",
      percentOff: 20,
      duration: "repeating",
      durationInMonths: 3,
      maxRedemptions: 10,
      expiresOn: "2099-12-31",
      offeringIds: [offeringId],
    }),
    asCreator: true,
    numberFields: ["percentOff", "durationInMonths", "maxRedemptions"],
    enumFields: ["kind", "duration"],
    optionalFields: ["maxRedemptions", "expiresOn"],
  },
  // :id is the offering's id, never a code's: nothing is ever deactivated.
  "PATCH /api/promo-codes/:id": {
    valid: () => ({ isActive: false }),
    asCreator: true,
  },
  "POST /api/public/promo-codes/check": {
    valid: () => ({ customUrl, code: "NOPE10" }),
    asCreator: false,
  },
  "PATCH /api/offerings/:id/status": {
    valid: () => ({ isActive: false }),
    asCreator: true,
  },
  "PATCH /api/profile/business-name": {
    valid: () => ({ businessName: "Acme" }),
    asCreator: true,
  },
  "PATCH /api/profile/notifications": {
    valid: () => ({ newSubscriber: false }),
    asCreator: true,
  },
  // :id is filled with the offering's id: nothing is ever cancelled, whatever the body.
  "POST /api/subscribers/:id/cancel": {
    valid: () => ({ when: "period_end" }),
    asCreator: true,
  },
  // :id is the offering's id and :earningId no payment's: nothing is ever refunded.
  "POST /api/subscribers/:id/payments/:earningId/refund": {
    valid: () => ({ amountCents: 100 }),
    asCreator: true,
  },
  // The creator has no paid plan: a change is refused (409) and a purchase stays unconfirmed.
  "POST /api/plan/start": {
    valid: () => ({
      plan: "premium",
      paymentMethodId,
      attemptId: "5e0b1c2d-3a4f-4b5c-9d6e-7f8a9b0c1d2e",
    }),
    asCreator: true,
    enumFields: ["plan"],
  },
  "POST /api/plan/confirm": {
    valid: () => ({ subscriptionId: "sub_doesnotexist" }),
    asCreator: true,
  },
  "POST /api/plan/change/preview": {
    valid: () => ({ plan: "professional" }),
    asCreator: true,
    enumFields: ["plan"],
  },
  "POST /api/plan/card": {
    valid: () => ({}),
    asCreator: true,
  },
  "POST /api/plan/change": {
    valid: () => ({ plan: "free" }),
    asCreator: true,
    enumFields: ["plan"],
  },
  "DELETE /api/account": {
    valid: () => ({ confirmUserId: "someone-else" }),
    asCreator: true,
  },
  "POST /api/public/subscribe": {
    valid: () => ({
      customUrl,
      attemptId: "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f",
      name: "N",
      email: "n@example.com",
      paymentMethodId,
      promoCode: "NOPE10",
      address: serviceAddress,
      phone: "(415) 555-0134",
      answers: {},
    }),
    asCreator: false,
    emailFields: ["email"],
    optionalFields: ["promoCode", "address", "phone", "answers"],
    nestedFields: ["address"],
  },
  // The offering is paid, so even a well-formed body is refused before Stripe is called.
  "POST /api/public/subscribe/free": {
    valid: () => ({
      customUrl,
      attemptId: "7a2d3e4f-5b6c-4d7e-8f90-1a2b3c4d5e6f",
      name: "N",
      email: "n@example.com",
    }),
    asCreator: false,
    emailFields: ["email"],
  },
  "POST /api/public/subscribe/finalize": {
    valid: () => ({
      customUrl,
      subscriptionId: "sub_doesnotexist",
      finalizeToken: "A".repeat(43),
    }),
    asCreator: false,
  },
  "POST /api/public/checkout": {
    valid: () => ({ customUrl: "nope-12345678", name: "Ann", email: "n@example.com" }),
    asCreator: false,
    emailFields: ["email"],
  },
  // Issue 22. An address outside every area (ZZ isn't a country we serve) and the nested
  // address's every text field gets the hostile strings too.
  "POST /api/public/waitlist": {
    valid: () => ({
      customUrl: "nope-12345678",
      name: "Ann",
      email: "n@example.com",
      address: serviceAddress,
      phone: "(415) 555-0134",
      answers: {},
    }),
    asCreator: false,
    emailFields: ["email"],
    optionalFields: ["address", "phone", "answers"],
    nestedFields: ["address"],
  },
  "POST /api/public/waitlist/invitation": {
    valid: () => ({ customUrl, inviteToken: "A".repeat(43) }),
    asCreator: false,
  },
  // On the real link of an offering that isn't on-site: refused even when valid.
  "PUT /api/public/customers/:customUrl/:manageKey/address": {
    valid: () => ({ address: serviceAddress, phone: "(415) 555-0134" }),
    asCreator: false,
    nestedFields: ["address"],
  },
  // :id is the offering's, :entryId nobody's: nothing is removed or invited.
  "DELETE /api/offerings/:id/waitlist/:entryId": {
    valid: () => ({}),
    asCreator: true,
    isStructuralOnly: true,
  },
  "POST /api/offerings/:id/waitlist/:entryId/invite": {
    valid: () => ({}),
    asCreator: true,
    isStructuralOnly: true,
  },
  "PATCH /api/public/customers/:customUrl/:manageKey/email": {
    valid: () => ({ email: "n@example.com" }),
    asCreator: false,
    emailFields: ["email"],
  },
  "POST /api/public/customers/:customUrl/:manageKey/new-link": {
    valid: () => ({}),
    asCreator: false,
  },
  // The subscriber's own controls (issue 21), on its real link. It isn't set to end or paused,
  // so resuming and ending a pause are refused even as valid; a switch names another business's
  // offering, refused too. A pause's every variant fails validation before Stripe is asked.
  "POST /api/public/customers/:customUrl/:manageKey/resume": {
    valid: () => ({}),
    asCreator: false,
  },
  "POST /api/public/customers/:customUrl/:manageKey/pause": {
    valid: () => ({ periods: 2 }),
    asCreator: false,
    numberFields: ["periods"],
  },
  "POST /api/public/customers/:customUrl/:manageKey/pause/end": {
    valid: () => ({}),
    asCreator: false,
  },
  "POST /api/public/customers/:customUrl/:manageKey/switch/preview": {
    valid: () => ({ offeringId: elsewhereOfferingId }),
    asCreator: false,
  },
  "POST /api/public/customers/:customUrl/:manageKey/switch": {
    valid: () => ({ offeringId: elsewhereOfferingId, prorationDate: 1_800_000_000 }),
    asCreator: false,
    numberFields: ["prorationDate"],
  },
  "POST /api/public/email-changes/confirm": {
    valid: () => ({ token: "A".repeat(43) }),
    asCreator: false,
  },
  "POST /api/public/email-changes/undo": {
    valid: () => ({ token: "A".repeat(43) }),
    asCreator: false,
  },
  "POST /api/create-billing-portal": {
    valid: () => ({ customUrl, manageKey, returnUrl: "https://evil.example/" }),
    asCreator: false,
  },
  "POST /api/cancel-subscription": {
    valid: () => ({ customUrl: "nope-12345678", manageKey }),
    asCreator: false,
  },
};

let requestCounter = 0;

/** Each request from its own address, so rate limits answer none of them. */
function nextAddress() {
  requestCounter += 1;
  return `198.18.${(requestCounter >> 8) & 255}.${requestCounter & 255}`;
}

function pathOf(route: RouteRef) {
  return concretePath(route.path, { id: offeringId, customUrl, manageKey });
}

async function send(route: RouteRef, payload: Payload, as: TestCreator | null) {
  const headers: Record<string, string> = { Origin: TEST_ORIGIN };
  if (payload.contentType !== null) {
    headers["Content-Type"] = payload.contentType ?? "application/json";
  }
  const init: RequestInit = { method: route.method, headers, body: payload.body };
  return app.request(pathOf(route), { ...(as ? asCreator(as, init) : init), ip: nextAddress() });
}

/** Sends every payload (a few at a time) and returns the answers that weren't a 4xx JSON error. */
async function refusals(route: RouteRef, payloads: Payload[], as: TestCreator | null) {
  const failures: string[] = [];
  for (let i = 0; i < payloads.length; i += 6) {
    await Promise.all(
      payloads.slice(i, i + 6).map(async (payload) => {
        let response: Response;
        try {
          response = await send(route, payload, as);
        } catch (error) {
          failures.push(
            `${payload.label}: request failed (${String((error as Error).cause ?? error)})`,
          );
          return;
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
          failures.push(`${payload.label}: ${response.status} ${text.slice(0, 160)}`);
        }
      }),
    );
  }
  return failures;
}

describe("hostile input", () => {
  it("has a valid body for every mutating route the app registers", () => {
    const missing = registeredRoutes(app)
      .filter(isMutating)
      .map(routeKey)
      .filter((key) => !(key in table));
    expect(missing).toEqual([]);
  });

  for (const [key, entry] of Object.entries(table)) {
    const [method, path] = key.split(" ") as [string, string];
    it(`${key} refuses every malformed payload with a 4xx JSON error and changes nothing`, async () => {
      const payloads = entry.isStructuralOnly
        ? structuralPayloads(entry.valid())
        : hostilePayloads(entry.valid(), entry);
      expect(payloads.length).toBeGreaterThanOrEqual(entry.isStructuralOnly ? 25 : 50);
      const before = await snapshot();
      const failures = await refusals({ method, path }, payloads, entry.asCreator ? creator : null);
      expect(failures).toEqual([]);
      expect(await snapshot()).toEqual(before);
    }, 180_000);
  }

  it("a customer's controls refuse bad choices with a message to act on, changing nothing", async () => {
    const link = `/api/public/customers/${customUrl}/${manageKey}`;
    const proration = { prorationDate: 1_800_000_000 };
    const cases: Array<[string, string, Record<string, unknown>, number, RegExp]> = [
      ["pause 0 periods", `${link}/pause`, { periods: 0 }, 400, /at least 1 period/],
      ["pause 99 periods", `${link}/pause`, { periods: 99 }, 400, /at most 8 periods/],
      [
        "pause longer than the offering allows",
        `${link}/pause`,
        { periods: 5 },
        400,
        /at most 4 months/,
      ],
      [
        "pause until a past day",
        `${link}/pause`,
        { until: "2020-01-01" },
        400,
        /date in the future/,
      ],
      ["pause until not a date", `${link}/pause`, { until: "next week" }, 400, /a date like/],
      [
        "pause with an extra key",
        `${link}/pause`,
        { periods: 2, isAdmin: true },
        400,
        /Unknown field: isAdmin/,
      ],
      [
        "preview a non-uuid",
        `${link}/switch/preview`,
        { offeringId: "basic" },
        400,
        /Choose one of the offerings listed/,
      ],
      [
        "preview another business's",
        `${link}/switch/preview`,
        { offeringId: elsewhereOfferingId },
        404,
        /isn't available to switch to/,
      ],
      [
        "preview an inactive one",
        `${link}/switch/preview`,
        { offeringId: own.id },
        409,
        /Retired Plan is no longer offered/,
      ],
      [
        "switch to a non-uuid",
        `${link}/switch`,
        { offeringId: "basic", ...proration },
        400,
        /Choose one of the offerings listed/,
      ],
      [
        "switch to another business's",
        `${link}/switch`,
        { offeringId: elsewhereOfferingId, ...proration },
        404,
        /isn't available to switch to/,
      ],
      [
        "switch to an inactive one",
        `${link}/switch`,
        { offeringId: own.id, ...proration },
        409,
        /Retired Plan is no longer offered/,
      ],
      [
        "switch with an extra key",
        `${link}/switch`,
        { offeringId: own.id, ...proration, userId: "x" },
        400,
        /Unknown field: userId/,
      ],
      [
        "resume with an extra key",
        `${link}/resume`,
        { isAdmin: true },
        400,
        /Unknown field: isAdmin/,
      ],
      ["resume one not set to end", `${link}/resume`, {}, 409, /isn't set to end/],
      ["end a pause that isn't", `${link}/pause/end`, {}, 409, /isn't paused/],
      [
        "resume one that has ended",
        `/api/public/customers/${own.customUrl}/${ended.manageKey}/resume`,
        {},
        409,
        /has already ended/,
      ],
    ];
    const before = await snapshot();
    for (const [what, path, body, status, message] of cases) {
      const response = await app.request(path, {
        ...jsonRequest("POST", body),
        ip: nextAddress(),
      });
      const text = await response.text();
      expect(response.status, `${what}: ${text}`).toBe(status);
      const error = (JSON.parse(text) as { error: { message: string } }).error;
      expect(error.message, what).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it("every other better-auth endpoint refuses the same input, signed in or not", async () => {
    const others = betterAuthRoutes(app).filter(
      (route) => isMutating(route) && !(routeKey(route) in table),
    );
    expect(others.length).toBeGreaterThan(10);
    const payloads = [
      ...structuralPayloads({}),
      ...textFieldPayloads({}, "name"),
      ...textFieldPayloads({}, "password"),
    ];
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of others) {
      for (const as of [bystander, null]) {
        const refused = await refusals(route, payloads, as);
        failures.push(...refused.map((f) => `${routeKey(route)}${as ? " (signed in)" : ""}: ${f}`));
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // The bystander is still signed in: no sign-out or revocation went through.
    const me = await app.request("/api/me", asCreator(bystander));
    expect(me.status).toBe(200);
  }, 300_000);
});
