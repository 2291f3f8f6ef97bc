import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicOfferingResponseSchema } from "../../contracts/landing";
import type { Offering } from "../../contracts/offerings";
import { subscriberDetailSchema } from "../../contracts/subscribers";
import { invitationResponseSchema } from "../../contracts/waitlist";
import { signups, subscriberAnswers, subscribers } from "../../server/db/schema/app";
import { sweepSeats } from "../../server/modules/seats/seat-sweep";
import { asCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { advanceEmulatorClock, createPaymentMethod, testCards } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { readOutbox } from "../setup/outbox";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readApiError, readJson } from "../support/read-json";

// Issue 22: what the business needs to know before the first visit. The server alone decides:
// an address outside the area, a wrong answer or a full offering is refused before anything is
// created in Stripe; a seat is held while the card step runs and offered to the waitlist when
// it frees, on the billing clock (the emulator's), exactly once.

let app: TestApp;
let creator: OnboardedCreator;

beforeAll(async () => {
  app = await createTestApp();
  creator = await createOnboardedCreator(app);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const address = {
  line1: "12 Elm Street",
  line2: "Apt 3",
  city: "San Francisco",
  state: "CA",
  postalCode: "94110",
  country: "US",
};
const phone = "(415) 555-0134";

async function lawnCare(overrides: Partial<Parameters<typeof createOffering>[2]> = {}) {
  return createOffering(app, creator, {
    title: `Lawn ${randomUUID().slice(0, 6)}`,
    onSite: true,
    serviceArea: ["940", "94110"],
    questions: [
      { label: "Gate code", kind: "short_text", required: true, choices: [] },
      { label: "Lawn size", kind: "number", required: false, choices: [] },
      { label: "First visit", kind: "date", required: false, choices: [] },
      { label: "Dog in the yard", kind: "yes_no", required: false, choices: [] },
      { label: "Grass", kind: "choice", required: false, choices: ["Short", "Long"] },
      { label: "Notes", kind: "long_text", required: false, choices: [] },
    ],
    ...overrides,
  });
}

const questionId = (offering: Offering, label: string) =>
  offering.questions.find((question) => question.label === label)!.id;

async function stripeCustomerCount() {
  return (await app.runtime.deps.stripe.customers.list({ limit: 100 })).data.length;
}

/** Each from its own address: this file subscribes more often than one person may a minute. */
let addresses = 0;
const nextAddress = () => `10.22.${Math.floor(++addresses / 250)}.${addresses % 250}`;

async function startSubscribe(offering: Offering, body: Record<string, unknown>) {
  return app.request("/api/public/subscribe", {
    ...jsonRequest("POST", {
      customUrl: offering.customUrl,
      attemptId: randomUUID(),
      name: "Ana Customer",
      email: `ana-${randomUUID().slice(0, 6)}@example.com`,
      paymentMethodId: await createPaymentMethod(app, testCards.success),
      ...body,
    }),
    ip: nextAddress(),
  });
}

async function publicOffering(offering: Offering) {
  const response = await app.request(`/api/public/offerings/${offering.customUrl}`);
  return (await readJson(response, publicOfferingResponseSchema)).offering;
}

async function joinWaitlist(offering: Offering, email: string, extra: object = {}) {
  const response = await app.request(
    "/api/public/waitlist",
    jsonRequest("POST", { customUrl: offering.customUrl, name: "Wai Ting", email, ...extra }),
  );
  expect(response.status).toBe(201);
}

async function cancelNow(subscriberId: string) {
  const response = await app.request(
    `/api/subscribers/${subscriberId}/cancel`,
    asCreator(creator, jsonRequest("POST", { when: "now" })),
  );
  expect(response.status).toBe(200);
  await app.flushWebhooks();
}

/** The sweep the job queue runs every minute, run now (its schedule is pg-boss's, not ours). */
const sweepDeps = () => ({ ...app.runtime.deps, publicUrl: app.runtime.deps.config.publicUrl });

const invitationToken = (text: string) => /#invite=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe("service address, area and answers", () => {
  it("refuses an on-site sign-up without an address, or outside the area, creating nothing at Stripe", async () => {
    const offering = await lawnCare();
    const gate = { [questionId(offering, "Gate code")]: "1234" };
    const before = await stripeCustomerCount();

    const noAddress = await startSubscribe(offering, { phone, answers: gate });
    expect(noAddress.status).toBe(400);
    expect((await readApiError(noAddress)).message).toBe(
      "Enter the address where the service happens.",
    );
    const noPhone = await startSubscribe(offering, { address, answers: gate });
    expect(noPhone.status).toBe(400);

    const outside = await startSubscribe(offering, {
      address: { ...address, postalCode: "10001" },
      phone,
      answers: gate,
    });
    expect(outside.status).toBe(409);
    const error = await readApiError(outside);
    expect(error.code).toBe("outside_service_area");
    expect(error.message).toContain("940 and 94110");
    expect(error.message).toContain("waitlist");

    expect(await stripeCustomerCount()).toBe(before);
    const held = await app.runtime.deps.db
      .select()
      .from(signups)
      .where(eq(signups.offeringId, offering.id));
    expect(held).toEqual([]);
  });

  it("checks each answer against its question's kind, with the text rules, before Stripe", async () => {
    const offering = await lawnCare();
    const id = (label: string) => questionId(offering, label);
    const before = await stripeCustomerCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, "Gate code is required"],
      [{ [id("Gate code")]: "   " }, "Gate code is required"],
      [{ [id("Gate code")]: 1234 }, "Gate code must be text"],
      [{ [id("Gate code")]: "12\u0007" }, "Gate code can't contain control characters."],
      [{ [id("Gate code")]: "x".repeat(10_000) }, "Gate code must be at most 200 characters"],
      [{ [id("Gate code")]: "1", [id("Lawn size")]: "big" }, "Lawn size must be a number"],
      [{ [id("Gate code")]: "1", [id("First visit")]: "tomorrow" }, "First visit must be a date"],
      [
        { [id("Gate code")]: "1", [id("Dog in the yard")]: "yes" },
        "Dog in the yard must be yes or no",
      ],
      [{ [id("Gate code")]: "1", [id("Grass")]: "Medium" }, "Grass must be one of: Short, Long"],
      [{ [id("Gate code")]: "1", [id("Notes")]: "n".repeat(10_000) }, "Notes must be at most 2000"],
      [{ [id("Gate code")]: "1", [randomUUID()]: "x" }, "no longer asked"],
    ];
    for (const [answers, message] of cases) {
      const response = await startSubscribe(offering, { address, phone, answers });
      expect(response.status, message).toBe(400);
      expect((await readApiError(response)).message).toContain(message);
    }
    expect(await stripeCustomerCount()).toBe(before);
  });

  it("records the address, phone and answers on the subscriber, and on Stripe's customer", async () => {
    const offering = await lawnCare();
    const id = (label: string) => questionId(offering, label);
    const sub = await subscribeWithCard(app, offering, {
      details: {
        address: { ...address, postalCode: "94110-1234" },
        phone,
        answers: {
          [id("Gate code")]: "=1+2",
          [id("Lawn size")]: "250.5",
          [id("First visit")]: "2027-03-01",
          [id("Dog in the yard")]: true,
          [id("Grass")]: "Long",
        },
      },
    });
    const detail = await app.request(
      `/api/subscribers/${sub.subscriberId}`,
      asCreator(creator, { method: "GET" }),
    );
    const { subscriber } = await readJson(detail, subscriberDetailSchema);
    expect(subscriber.phone).toBe(phone);
    expect(subscriber.address).toMatchObject({ line1: "12 Elm Street", postalCode: "94110-1234" });
    expect(subscriber.answers.map((a) => [a.label, a.value])).toEqual([
      ["Gate code", "=1+2"],
      ["Lawn size", "250.5"],
      ["First visit", "2027-03-01"],
      ["Dog in the yard", "Yes"],
      ["Grass", "Long"],
    ]);
    const stripeSub = await app.runtime.deps.stripe.subscriptions.retrieve(sub.subscriptionId, {
      expand: ["customer"],
    });
    const customer = stripeSub.customer as { shipping: unknown; address: unknown };
    expect(customer.shipping).toMatchObject({
      name: "Sam Customer",
      phone,
      address: { line1: "12 Elm Street", postal_code: "94110-1234", country: "US" },
    });
    expect(customer.address).toMatchObject({ city: "San Francisco" });
  });

  it("lets the customer move inside the area only, and tells the business", async () => {
    const offering = await lawnCare({ questions: [] });
    const sub = await subscribeWithCard(app, offering, { details: { address, phone } });
    const path = `/api/public/customers/${offering.customUrl}/${sub.manageKey}/address`;
    const outside = await app.request(
      path,
      jsonRequest("PUT", { address: { ...address, postalCode: "30301" }, phone }),
    );
    expect(outside.status).toBe(409);
    expect((await readApiError(outside)).code).toBe("outside_service_area");
    const moved = await app.request(
      path,
      jsonRequest("PUT", {
        address: { ...address, line1: "99 Oak Ave", postalCode: "94016" },
        phone,
      }),
    );
    expect(moved.status).toBe(200);
    const [row] = await app.runtime.deps.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, sub.subscriberId));
    expect(row).toMatchObject({ addressLine1: "99 Oak Ave", postalKey: "94016" });
    const mail = await readOutbox(app, creator.email, "creator_subscription_change");
    expect(mail.map((m) => m.subject)).toContain(
      `Sam Customer changed their service address for ${offering.title}`,
    );
    const stripeSub = await app.runtime.deps.stripe.subscriptions.retrieve(sub.subscriptionId, {
      expand: ["customer"],
    });
    expect(
      (stripeSub.customer as { shipping: { address: { line1: string } } }).shipping.address.line1,
    ).toBe("99 Oak Ave");
  });
});

describe("capacity and the waitlist", () => {
  it("gives the last seat to one of two customers at once, and the other the waitlist", async () => {
    const offering = await createOffering(app, creator, { title: "Solo Walks", capacity: 1 });
    const [first, second] = await Promise.allSettled([
      subscribeWithCard(app, offering, { email: "one@example.com" }),
      subscribeWithCard(app, offering, { email: "two@example.com" }),
    ]);
    const outcomes = [first, second].map((o) => o.status);
    expect(outcomes.sort()).toEqual(["fulfilled", "rejected"]);
    const refused = [first, second].find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toContain("offering_full");
    expect((await publicOffering(offering)).isFull).toBe(true);
    const rows = await app.runtime.deps.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.offeringId, offering.id));
    expect(rows).toHaveLength(1);
  });

  it("releases a seat held by a 3-D Secure attempt that expired, and offers it to the waitlist", async () => {
    const offering = await createOffering(app, creator, { title: "Tutoring", capacity: 1 });
    const start = await startSubscribe(offering, {
      paymentMethodId: await createPaymentMethod(app, testCards.threeDSecure),
    });
    expect(start.status).toBe(201);
    expect((await publicOffering(offering)).isFull).toBe(true);
    const refused = await startSubscribe(offering, {});
    expect((await readApiError(refused)).code).toBe("offering_full");
    await joinWaitlist(offering, "next@example.com");
    expect(await readOutbox(app, "next@example.com", "waitlist_invitation")).toEqual([]);

    // Stripe expires an unconfirmed first payment after 23 hours: its webhook frees the seat.
    await advanceEmulatorClock(app, 1);
    await app.flushWebhooks();
    const invitations = await readOutbox(app, "next@example.com", "waitlist_invitation");
    expect(invitations).toHaveLength(1);
    expect(invitations[0]!.subject).toBe("A spot opened in Tutoring");
  }, 60_000);

  it("e-mails the first on the waitlist once when a seat frees; after 48 hours the next", async () => {
    const offering = await createOffering(app, creator, { title: "Dog Walks", capacity: 1 });
    const holder = await subscribeWithCard(app, offering);
    await joinWaitlist(offering, "first@example.com");
    await joinWaitlist(offering, "second@example.com");
    await joinWaitlist(offering, "FIRST@example.com"); // already waiting: same answer, one place

    await cancelNow(holder.subscriberId);
    // Seen again (a webhook redelivered, the sweep), the freed seat is still offered once.
    await sweepSeats(sweepDeps());
    const first = await readOutbox(app, "first@example.com", "waitlist_invitation");
    expect(first).toHaveLength(1);
    expect(await readOutbox(app, "second@example.com", "waitlist_invitation")).toEqual([]);
    expect((await publicOffering(offering)).isFull).toBe(true);

    // The invitation holds for 48 hours on the billing clock; then it lapses and the next is asked.
    await advanceEmulatorClock(app, 2.1);
    await sweepSeats(sweepDeps());
    await sweepSeats(sweepDeps());
    expect(await readOutbox(app, "first@example.com", "waitlist_invitation")).toHaveLength(1);
    const second = await readOutbox(app, "second@example.com", "waitlist_invitation");
    expect(second).toHaveLength(1);

    // The first link no longer works; the second subscribes into the held seat.
    const lapsed = await app.request(
      "/api/public/waitlist/invitation",
      jsonRequest("POST", {
        customUrl: offering.customUrl,
        inviteToken: invitationToken(first[0]!.text),
      }),
    );
    expect(lapsed.status).toBe(410);
    const inviteToken = invitationToken(second[0]!.text)!;
    const invitation = await app.request(
      "/api/public/waitlist/invitation",
      jsonRequest("POST", { customUrl: offering.customUrl, inviteToken }),
    );
    expect((await readJson(invitation, invitationResponseSchema)).invitation.email).toBe(
      "second@example.com",
    );
    const strangerRefused = await startSubscribe(offering, {});
    expect((await readApiError(strangerRefused)).code).toBe("offering_full");
    const invited = await subscribeWithCard(app, offering, {
      email: "second@example.com",
      details: { inviteToken },
    });
    expect(invited.subscriberId).toBeTruthy();
    const reused = await startSubscribe(offering, { inviteToken });
    expect(reused.status).toBe(410);
  }, 60_000);
});

describe("hosted Checkout", () => {
  it("holds a seat for its session, asks Stripe's page for the address and phone, and refuses when full", async () => {
    const offering = await lawnCare({ questions: [], capacity: 1 });
    const checkout = (postalCode: string) =>
      app.request("/api/public/checkout", {
        ...jsonRequest("POST", {
          customUrl: offering.customUrl,
          name: "Cho",
          email: `cho-${randomUUID().slice(0, 6)}@example.com`,
          address: { ...address, postalCode },
          phone,
        }),
        ip: nextAddress(),
      });
    const outside = await checkout("10001");
    expect((await readApiError(outside)).code).toBe("outside_service_area");
    const started = await checkout("94110");
    expect(started.status, await started.clone().text()).toBe(200);
    const [session] = (await app.runtime.deps.stripe.checkout.sessions.list({ limit: 1 })).data;
    expect(session?.shipping_address_collection?.allowed_countries).toEqual(["US"]);
    expect(session?.phone_number_collection?.enabled).toBe(true);
    expect(session!.expires_at - session!.created).toBeGreaterThanOrEqual(30 * 60);
    expect(session!.expires_at - session!.created).toBeLessThan(3600);
    const full = await checkout("94110");
    expect((await readApiError(full)).code).toBe("offering_full");
  });
});

describe("answers survive the questions' edits", () => {
  it("keeps a deleted question's answers readable", async () => {
    const offering = await lawnCare({
      questions: [{ label: "Allergies", kind: "short_text", required: true, choices: [] }],
    });
    const sub = await subscribeWithCard(app, offering, {
      details: { address, phone, answers: { [questionId(offering, "Allergies")]: "Peanuts" } },
    });
    const edited = await app.request(
      `/api/offerings/${offering.id}`,
      asCreator(
        creator,
        jsonRequest("PATCH", {
          title: offering.title,
          description: offering.description,
          priceCents: offering.priceCents,
          questions: [],
        }),
      ),
    );
    expect(edited.status).toBe(200);
    const answers = await app.runtime.deps.db
      .select()
      .from(subscriberAnswers)
      .where(eq(subscriberAnswers.subscriberId, sub.subscriberId));
    expect(answers.map((a) => a.value)).toEqual(["Peanuts"]);
  });
});
