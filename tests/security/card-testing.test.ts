import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiErrorSchema } from "../../contracts/api-error";
import type { Offering } from "../../contracts/offerings";
import { startSubscriptionResponseSchema } from "../../contracts/subscribe";
import { failedCardAttempts } from "../../server/db/schema/app";
import {
  CARD_FAILURE_LIMITS,
  hashEmail,
  TOO_MANY_DECLINES_MESSAGE,
} from "../../server/modules/card-attempts/card-attempt-limits";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { confirmCardPayment, createPaymentMethod, testCards } from "../factories/stripe-browser";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";

/** /api/public/subscribe answers with the started subscription or a refusal. */
const startOrRefusalSchema = z.union([startSubscriptionResponseSchema, apiErrorSchema]);

// Card testing: someone with stolen card numbers uses our anonymous subscribe form to learn
// which work. Declined cards are counted per client address, e-mail and offering in a sliding
// hour (PostgreSQL, shared by every instance), and past a limit the card path is refused
// before Stripe sees the card.

let app: TestApp;
let offering: Offering;
let addressCounter = 0;

beforeAll(async () => {
  app = await createTestApp();
  const creator = await createOnboardedCreator(app);
  offering = await createOffering(app, creator, { priceCents: 2500 });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

function freshAddress() {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function freshEmail() {
  return `card-${randomUUID().slice(0, 8)}@example.com`;
}

async function start(
  target: Pick<Offering, "customUrl">,
  card: string,
  from: { ip: string; email?: string; attemptId?: string },
) {
  const paymentMethodId = await createPaymentMethod(app, card);
  const response = await app.request("/api/public/subscribe", {
    ...jsonRequest("POST", {
      customUrl: target.customUrl,
      attemptId: from.attemptId ?? randomUUID(),
      name: "Card Holder",
      email: from.email ?? freshEmail(),
      paymentMethodId,
    }),
    ip: from.ip,
  });
  const body = await readJson(response, startOrRefusalSchema);
  return { status: response.status, body, paymentMethodId };
}

/** The answer of a start that began a subscription; a refusal fails the test with its message. */
function begun(result: Awaited<ReturnType<typeof start>>) {
  if ("error" in result.body) throw new Error(`Not started: ${result.body.error.message}`);
  return result.body;
}

/** Stripe calls the server makes while `work` runs. */
async function stripeCallsDuring(work: () => Promise<unknown>) {
  const stripe = app.runtime.deps.stripe;
  const calls: Stripe.RequestEvent[] = [];
  const listener = (event: Stripe.RequestEvent) => calls.push(event);
  stripe.on("request", listener);
  try {
    await work();
  } finally {
    stripe.off("request", listener);
  }
  return calls;
}

function expectRefusedForDeclines(result: { status: number; body: object }) {
  expect(result.status).toBe(429);
  expect(result.body).toHaveProperty("error", {
    code: "rate_limited",
    message: TOO_MANY_DECLINES_MESSAGE,
  });
}

async function rowsWhere(condition: ReturnType<typeof sql>) {
  return app.runtime.deps.db.select().from(failedCardAttempts).where(condition);
}

describe("card testing", () => {
  it("a client address gets 5 declined cards an hour, then a clear 429 before Stripe is called", async () => {
    const ip = freshAddress();
    for (let i = 0; i < CARD_FAILURE_LIMITS.perClientAddress; i += 1) {
      const card = i % 2 === 0 ? testCards.declined : testCards.insufficientFunds;
      const declined = await start(offering, card, { ip });
      expect(declined.status, `decline ${i + 1}`).toBe(402);
    }
    let refused: { status: number; body: object } | undefined;
    const paymentMethodId = await createPaymentMethod(app, testCards.success);
    const email = freshEmail();
    const calls = await stripeCallsDuring(async () => {
      const response = await app.request("/api/public/subscribe", {
        ...jsonRequest("POST", {
          customUrl: offering.customUrl,
          attemptId: randomUUID(),
          name: "Card Holder",
          email,
          paymentMethodId,
        }),
        ip,
      });
      refused = { status: response.status, body: await readJson(response, startOrRefusalSchema) };
    });
    expectRefusedForDeclines(refused!);
    expect(calls, "no Stripe call once refused").toEqual([]);
    const customers = await app.runtime.deps.stripe.customers.list({ email });
    expect(customers.data).toEqual([]);

    // Hosted Checkout is not handed to that address either.
    const checkout = await app.request("/api/public/checkout", {
      ...jsonRequest("POST", {
        customUrl: offering.customUrl,
        name: "Ann",
        email: "ann@example.com",
      }),
      ip,
    });
    expect(checkout.status).toBe(429);

    // Another address is not affected.
    expect((await start(offering, testCards.success, { ip: freshAddress() })).status).toBe(201);

    // The window slides: once the declines are more than an hour old, the address may try again.
    await app.runtime.deps.db
      .update(failedCardAttempts)
      .set({ occurredAt: sql`${failedCardAttempts.occurredAt} - interval '61 minutes'` })
      .where(eq(failedCardAttempts.clientAddress, ip));
    expect((await start(offering, testCards.success, { ip })).status).toBe(201);
  });

  it("an e-mail gets 3 declined cards an hour, whatever its case and address", async () => {
    const email = freshEmail();
    for (let i = 0; i < CARD_FAILURE_LIMITS.perEmail; i += 1) {
      const asTyped = i === 1 ? email.toUpperCase() : email;
      const declined = await start(offering, testCards.declined, {
        ip: freshAddress(),
        email: asTyped,
      });
      expect(declined.status).toBe(402);
    }
    expectRefusedForDeclines(
      await start(offering, testCards.success, { ip: freshAddress(), email: ` ${email} ` }),
    );
    expect((await start(offering, testCards.success, { ip: freshAddress() })).status).toBe(201);
    // Only a hash of the address is kept.
    const rows = await rowsWhere(sql`${failedCardAttempts.emailHash} = ${hashEmail(email)}`);
    expect(rows).toHaveLength(CARD_FAILURE_LIMITS.perEmail);
    expect(JSON.stringify(rows)).not.toContain(email);
  });

  it("an offering gets 20 declined cards an hour from any mix of addresses and e-mails", async () => {
    const creator = await createOnboardedCreator(app);
    const target = await createOffering(app, creator, { priceCents: 1500 });
    const other = await createOffering(app, creator, { priceCents: 1500 });
    for (let i = 0; i < CARD_FAILURE_LIMITS.perOffering; i += 1) {
      expect((await start(target, testCards.declined, { ip: freshAddress() })).status).toBe(402);
    }
    expectRefusedForDeclines(await start(target, testCards.success, { ip: freshAddress() }));
    expect((await start(other, testCards.success, { ip: freshAddress() })).status).toBe(201);
  });

  it("reusing one attempt id for card after card counts every card", async () => {
    const ip = freshAddress();
    const attemptId = randomUUID();
    const email = freshEmail();
    for (let i = 0; i < CARD_FAILURE_LIMITS.perEmail; i += 1) {
      expect((await start(offering, testCards.declined, { ip, email, attemptId })).status).toBe(
        402,
      );
    }
    expectRefusedForDeclines(await start(offering, testCards.success, { ip, email, attemptId }));
  });

  it("a decline at the browser's confirmation counts once, whether finalize or the webhook tells it first", async () => {
    // Reported by the browser at finalize, then by Stripe's invoice.payment_failed.
    const ip = freshAddress();
    const email = freshEmail();
    const started = await start(offering, testCards.failsWhenCharged, { ip, email });
    expect(started.status).toBe(201);
    const confirmation = await confirmCardPayment(
      app,
      begun(started).clientSecret!,
      started.paymentMethodId,
    );
    expect(confirmation.status).toBe(402);
    const finalize = await app.request("/api/public/subscribe/finalize", {
      ...jsonRequest("POST", {
        customUrl: offering.customUrl,
        subscriptionId: begun(started).subscriptionId,
        finalizeToken: begun(started).finalizeToken,
      }),
      ip,
    });
    expect(finalize.status).toBe(402);
    await app.flushWebhooks();
    const byAddress = await rowsWhere(sql`${failedCardAttempts.clientAddress} = ${ip}`);
    expect(byAddress).toHaveLength(1);
    // Whichever came first wrote the row (webhooks are delivered on their own time).
    expect(byAddress[0]).toMatchObject({
      source: expect.stringMatching(/^(finalize|webhook)$/),
      offeringId: offering.id,
      emailHash: hashEmail(email),
    });

    // A tester confirming with Stripe directly and never calling finalize: the webhook counts
    // it for the offering and the e-mail; a late finalize adds the address to the same row.
    const quietIp = freshAddress();
    const quietEmail = freshEmail();
    const quiet = await start(offering, testCards.failsWhenCharged, {
      ip: quietIp,
      email: quietEmail,
    });
    await confirmCardPayment(app, begun(quiet).clientSecret!, quiet.paymentMethodId);
    await app.flushWebhooks();
    const byEmail = () =>
      rowsWhere(sql`${failedCardAttempts.emailHash} = ${hashEmail(quietEmail)}`);
    expect(await byEmail()).toMatchObject([
      { source: "webhook", clientAddress: null, offeringId: offering.id },
    ]);
    await app.request("/api/public/subscribe/finalize", {
      ...jsonRequest("POST", {
        customUrl: offering.customUrl,
        subscriptionId: begun(quiet).subscriptionId,
        finalizeToken: begun(quiet).finalizeToken,
      }),
      ip: quietIp,
    });
    expect(await byEmail()).toMatchObject([{ source: "webhook", clientAddress: quietIp }]);
  });

  it("a card that goes through counts nothing", async () => {
    const ip = freshAddress();
    for (let i = 0; i < CARD_FAILURE_LIMITS.perClientAddress + 1; i += 1) {
      const started = await start(offering, testCards.success, { ip });
      expect(started.status).toBe(201);
    }
    expect(await rowsWhere(sql`${failedCardAttempts.clientAddress} = ${ip}`)).toEqual([]);
  });
});
