import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerPortalSchema } from "../../../contracts/customer-portal";
import type { Offering } from "../../../contracts/offerings";
import {
  checkoutResponseSchema,
  startFreeSubscriptionResponseSchema,
} from "../../../contracts/subscribe";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../../../tests/factories/offering-factory";
import { advanceEmulatorClock, testCards } from "../../../tests/factories/stripe-browser";
import { readOutbox } from "../../../tests/setup/outbox";
import { createTestApp, jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { readApiError, readJson } from "../../../tests/support/read-json";
import {
  creatorEarnings,
  emailOutbox,
  offerings,
  paymentSubscriptions,
  subscribers,
} from "../../db/schema/app";
import { ALREADY_SUBSCRIBED_MESSAGE } from "./subscribe-offering";

// Issue 10, defect 1: a $0.00 offering is a free subscription: no card, recorded at once.

let app: TestApp;
let creator: OnboardedCreator;
let free: Offering;
let paid: Offering;

beforeAll(async () => {
  app = await createTestApp();
  creator = await createOnboardedCreator(app);
  free = await createOffering(app, creator, { title: "Free Tips", priceCents: 0 });
  paid = await createOffering(app, creator, { title: "Paid Lawn", priceCents: 2500 });
});
afterAll(async () => {
  await app?.close();
});

function subscribeFree(body: Record<string, unknown>) {
  return app.request("/api/public/subscribe/free", jsonRequest("POST", body));
}

function attempt(overrides: Record<string, unknown> = {}) {
  return {
    customUrl: free.customUrl,
    attemptId: randomUUID(),
    name: "Fran Free",
    email: `fran-${randomUUID().slice(0, 6)}@example.com`,
    ...overrides,
  };
}

async function stripePriceIdOf(offering: Offering) {
  const db = app.runtime.deps.db;
  const [row] = await db.select().from(offerings).where(eq(offerings.id, offering.id));
  return row!.stripePriceId!;
}

/** Every Stripe subscription on this offering's price that is live but has no subscriber row. */
async function unrecordedLiveSubscriptions(offering: Offering) {
  const stripe = app.runtime.deps.stripe;
  const list = await stripe.subscriptions.list({
    price: await stripePriceIdOf(offering),
    status: "all",
    limit: 100,
  });
  const live = list.data.filter((s) => ["active", "past_due", "incomplete"].includes(s.status));
  const recorded = await app.runtime.deps.db
    .select({ id: subscribers.stripeSubscriptionId })
    .from(subscribers);
  const recordedIds = new Set(recorded.map((r) => r.id));
  return live.filter((s) => !recordedIds.has(s.id)).map((s) => s.id);
}

async function rowsOf(subscriberId: string) {
  const db = app.runtime.deps.db;
  const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.id, subscriberId));
  const payments = await db
    .select()
    .from(paymentSubscriptions)
    .where(eq(paymentSubscriptions.subscriberId, subscriberId));
  const earnings = await db
    .select()
    .from(creatorEarnings)
    .where(eq(creatorEarnings.subscriberId, subscriberId));
  return { subscriber, payments, earnings };
}

describe("subscribing to a free offering", () => {
  it("needs no card, records the subscriber at once, and writes no earnings", async () => {
    const body = attempt();
    const response = await subscribeFree(body);
    expect(response.status, await response.clone().text()).toBe(201);
    const { subscriberId, manageKey } = await readJson(
      response,
      startFreeSubscriptionResponseSchema,
    );

    const { subscriber, payments, earnings } = await rowsOf(subscriberId);
    expect(subscriber).toMatchObject({
      offeringId: free.id,
      name: "Fran Free",
      email: body.email,
      paymentStatus: "active",
      priceCents: 0,
    });
    expect(payments).toHaveLength(1);
    expect(payments[0]!.status).toBe("active");
    expect(earnings).toEqual([]);

    // In Stripe: one active subscription, no card anywhere, a $0 invoice already paid.
    const stripe = app.runtime.deps.stripe;
    const subscription = await stripe.subscriptions.retrieve(subscriber!.stripeSubscriptionId!, {
      expand: ["latest_invoice"],
    });
    expect(subscription.status).toBe("active");
    expect(subscription.default_payment_method).toBeNull();
    expect(subscription.transfer_data?.destination).toBe(creator.stripeAccountId);
    const invoice = subscription.latest_invoice as { status: string; amount_paid: number };
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 0 });
    const methods = await stripe.paymentMethods.list({
      customer: subscriber!.stripeCustomerId!,
      type: "card",
    });
    expect(methods.data).toEqual([]);

    // The webhooks that follow (subscription created, invoice paid) change nothing.
    await app.flushWebhooks();
    const after = await rowsOf(subscriberId);
    expect(after.subscriber).toEqual(subscriber);
    expect(after.earnings).toEqual([]);
    expect(await unrecordedLiveSubscriptions(free)).toEqual([]);

    // The self-service page shows what they pay: nothing.
    const portal = await app.request(`/api/public/customers/${free.customUrl}/${manageKey}`);
    expect((await readJson(portal, customerPortalSchema)).subscriber).toMatchObject({
      priceCents: 0,
    });
  });

  it("makes nothing new from retries of the same attempt, in parallel or later", async () => {
    const body = attempt({ name: "Rhea Retry" });
    const responses = await Promise.all(Array.from({ length: 5 }, () => subscribeFree(body)));
    expect(responses.map((r) => r.status)).toEqual(Array(5).fill(201));
    const later = await subscribeFree(body);
    expect(later.status).toBe(201);
    const ids = new Set(
      await Promise.all(
        [...responses, later].map(
          async (r) => (await readJson(r, startFreeSubscriptionResponseSchema)).subscriberId,
        ),
      ),
    );
    expect(ids.size).toBe(1);

    const db = app.runtime.deps.db;
    const [rows] = await db
      .select({ n: count() })
      .from(subscribers)
      .where(eq(subscribers.email, body.email));
    expect(rows!.n).toBe(1);
    const stripe = app.runtime.deps.stripe;
    const customers = await stripe.customers.list({ email: body.email });
    expect(customers.data).toHaveLength(1);
    const subscriptions = await stripe.subscriptions.list({
      customer: customers.data[0]!.id,
      status: "all",
    });
    expect(subscriptions.data).toHaveLength(1);
    await app.flushWebhooks();
    expect(await unrecordedLiveSubscriptions(free)).toEqual([]);
  });

  it("renews at $0 month after month without earnings rows", async () => {
    const response = await subscribeFree(attempt({ name: "Len Long" }));
    const { subscriberId } = await readJson(response, startFreeSubscriptionResponseSchema);
    await advanceEmulatorClock(app, 65);
    await app.flushWebhooks();
    const { subscriber, payments, earnings } = await rowsOf(subscriberId);
    expect(subscriber!.paymentStatus).toBe("active");
    expect(payments[0]!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
    expect(earnings).toEqual([]);
    const invoices = await app.runtime.deps.stripe.invoices.list({
      subscription: subscriber!.stripeSubscriptionId!,
    });
    expect(invoices.data.map((i) => [i.status, i.amount_paid])).toEqual([
      ["paid", 0],
      ["paid", 0],
      ["paid", 0],
    ]);
  });

  it("refuses a paid offering without touching Stripe", async () => {
    const body = attempt({ customUrl: paid.customUrl, email: "sneaky@example.com" });
    const response = await subscribeFree(body);
    expect(response.status).toBe(409);
    expect((await readApiError(response)).message).toBe(
      "This subscription is no longer free. Please reload the page to see its price.",
    );
    const customers = await app.runtime.deps.stripe.customers.list({ email: body.email });
    expect(customers.data).toEqual([]);
  });

  it("records a hosted-checkout subscription to a free offering from its webhooks, without earnings", async () => {
    const email = `hosted-${randomUUID().slice(0, 6)}@example.com`;
    const response = await app.request(
      "/api/public/checkout",
      jsonRequest("POST", { customUrl: free.customUrl, name: "Hosted Hal", email }),
    );
    expect(response.status).toBe(200);
    const { url } = await readJson(response, checkoutResponseSchema);
    const session = await app.runtime.deps.stripe.checkout.sessions.retrieve(url.split("/").pop()!);
    expect(session.payment_method_collection).toBe("if_required");
    // The emulator's Checkout page still takes a card; Stripe skips it for $0 ("if_required").
    const submitted = await fetch(url, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email,
        name: "Hosted Hal",
        card_number: testCards.success,
        exp_month: "12",
        exp_year: String(new Date().getFullYear() + 3),
        cvc: "123",
      }).toString(),
    });
    expect(submitted.status).toBe(303);
    await app.flushWebhooks();

    const db = app.runtime.deps.db;
    const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(subscriber).toMatchObject({
      offeringId: free.id,
      paymentStatus: "active",
      priceCents: 0,
    });
    expect((await rowsOf(subscriber!.id)).earnings).toEqual([]);
    expect(await unrecordedLiveSubscriptions(free)).toEqual([]);
  });
});

// Issue 18, security item 2: a free subscribe mails whatever address is typed (and the
// creator). A second one of the same address to the same offering makes and sends nothing,
// and never answers with the existing subscriber's link.
describe("subscribing an address that already has the free subscription", () => {
  let owner: OnboardedCreator;
  let tips: Offering;

  beforeAll(async () => {
    owner = await createOnboardedCreator(app);
    tips = await createOffering(app, owner, { title: "Free Garden Tips", priceCents: 0 });
  });

  async function subscribersOf(offering: Offering, email: string) {
    return app.runtime.deps.db
      .select()
      .from(subscribers)
      .where(
        and(
          eq(subscribers.offeringId, offering.id),
          eq(sql`lower(${subscribers.email})`, email.toLowerCase()),
        ),
      );
  }

  /** The creator's "New subscriber" e-mails about these subscribers. */
  async function creatorNoticesAbout(subscriberIds: string[]) {
    return app.runtime.deps.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "creator_new_subscriber"),
          inArray(emailOutbox.subscriberId, subscriberIds),
        ),
      );
  }

  async function stripeCustomersOf(emails: string[]) {
    const lists = await Promise.all(
      [...new Set(emails)].map((email) => app.runtime.deps.stripe.customers.list({ email })),
    );
    return lists.flatMap((list) => list.data);
  }

  async function expectRefusalWithoutLink(response: Response, existing: { id: string }) {
    expect(response.status).toBe(409);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "conflict", message: ALREADY_SUBSCRIBED_MESSAGE },
    });
    const [row] = await app.runtime.deps.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, existing.id));
    expect(text).not.toContain(row!.id);
    expect(text).not.toContain(row!.manageKey);
  }

  it("creates nothing, sends nothing and hands out no link, whatever the case", async () => {
    const email = `twice-${randomUUID().slice(0, 6)}@example.com`;
    const first = await subscribeFree(attempt({ customUrl: tips.customUrl, email }));
    expect(first.status).toBe(201);
    const [existing] = await subscribersOf(tips, email);

    const again = await subscribeFree(
      attempt({ customUrl: tips.customUrl, email: email.toUpperCase(), name: "Someone Else" }),
    );
    await expectRefusalWithoutLink(again, existing!);
    // Nor through Stripe's hosted page, which would record and mail a second subscription.
    const hosted = await app.request(
      "/api/public/checkout",
      jsonRequest("POST", { customUrl: tips.customUrl, name: "Someone Else", email }),
    );
    await expectRefusalWithoutLink(hosted, existing!);
    expect(await subscribersOf(tips, email)).toHaveLength(1);
    expect(await stripeCustomersOf([email, email.toUpperCase()])).toHaveLength(1);
    expect(await readOutbox(app, email, "subscription_confirmation")).toHaveLength(1);
    expect(await creatorNoticesAbout([existing!.id])).toHaveLength(1);
  });

  it("records one subscriber and sends one pair of e-mails when subscribes of one address race", async () => {
    const email = `race-${randomUUID().slice(0, 6)}@example.com`;
    const variants = [email, email.toUpperCase(), email, email.replace("race", "RACE"), email];
    const responses = await Promise.all(
      variants.map((variant) =>
        subscribeFree(attempt({ customUrl: tips.customUrl, email: variant })),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const recorded = await subscribersOf(tips, email);
    expect(recorded).toHaveLength(1);
    for (const response of responses.filter((r) => r.status === 409)) {
      await expectRefusalWithoutLink(response, recorded[0]!);
    }
    expect(await stripeCustomersOf(variants)).toHaveLength(1);
    await app.flushWebhooks();
    expect(await subscribersOf(tips, email)).toHaveLength(1);
    expect(await readOutbox(app, email, "subscription_confirmation")).toHaveLength(1);
    expect(await creatorNoticesAbout([recorded[0]!.id])).toHaveLength(1);
  });

  it("subscribes the address again once its subscription has ended", async () => {
    const email = `again-${randomUUID().slice(0, 6)}@example.com`;
    const first = await subscribeFree(attempt({ customUrl: tips.customUrl, email }));
    expect(first.status).toBe(201);
    const [ended] = await subscribersOf(tips, email);
    await app.runtime.deps.stripe.subscriptions.cancel(ended!.stripeSubscriptionId!);
    await app.flushWebhooks();
    await expect
      .poll(async () => (await subscribersOf(tips, email))[0]!.paymentStatus)
      .toBe("cancelled");

    const again = await subscribeFree(attempt({ customUrl: tips.customUrl, email }));
    expect(again.status).toBe(201);
    expect(await subscribersOf(tips, email)).toHaveLength(2);
  });
});
