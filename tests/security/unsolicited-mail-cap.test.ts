import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../contracts/offerings";
import { startFreeSubscriptionResponseSchema } from "../../contracts/subscribe";
import { emailOutbox } from "../../server/db/schema/app";
import { UNSOLICITED_MAIL_CAP } from "../../server/integrations/email/unsolicited-mail-cap";
import { queues } from "../../server/integrations/jobs/job-queue";
import { createCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { settleJobs } from "../setup/jobs";
import { readOutbox } from "../setup/outbox";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";

// Issue 18, security item 2: anyone could make the platform mail anyone, as often as they
// liked. One cap per mailbox (5 an hour) across every kind a stranger can cause, whatever
// client address asks, and answers that are the same under and over it.

let app: TestApp;
let seller: OnboardedCreator;
let paid: Offering;
let clientCounter = 0;

beforeAll(async () => {
  app = await createTestApp();
  seller = await createOnboardedCreator(app);
  paid = await createOffering(app, seller, { title: "Paid Lawns", priceCents: 2500 });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const CAP = UNSOLICITED_MAIL_CAP.max;

/** Every request from a client address of its own: a per-client limit can't be what stops it. */
function nextClient() {
  clientCounter += 1;
  return `192.0.2.${clientCounter % 250}`;
}

const uniqueAddress = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

function post(path: string, body: unknown) {
  return app.request(path, { ...jsonRequest("POST", body), ip: nextClient() });
}

const askForLinks = (email: string) => post("/api/public/manage-links", { email });
const askForReset = (email: string) => post("/api/auth/request-password-reset", { email });
const askForVerification = (email: string) =>
  post("/api/auth/send-verification-email", { email, callbackURL: "/dashboard" });
const subscribeFree = (offering: Offering, email: string) =>
  post("/api/public/subscribe/free", {
    customUrl: offering.customUrl,
    attemptId: randomUUID(),
    name: "Someone Typed This",
    email,
  });

async function answerOf(response: Response) {
  return { status: response.status, body: await response.text() };
}

const settleManageLinkJobs = () => settleJobs(app, queues.manageLinks);
/** Resets and verification e-mails asked for by address are written by the job queue too. */
const settleAddressMailJobs = () => settleJobs(app, queues.addressMail);

/** Unsolicited messages written for the inbox an address belongs to, in the last hour. */
async function unsolicitedCount(mailbox: string) {
  const [row] = await app.runtime.deps.db
    .select({ n: count() })
    .from(emailOutbox)
    .where(eq(emailOutbox.unsolicitedMailbox, mailbox));
  return row?.n ?? 0;
}

describe("one cap on unsolicited mail per mailbox", () => {
  it('"Lost your link?" from many clients: the same answer each time, at most 5 e-mails an hour', async () => {
    const email = uniqueAddress("lost");
    // A paid subscription's welcome is mail they need, not mail a stranger caused: not counted.
    await subscribeWithCard(app, paid, { email });
    const answers = [];
    for (let i = 0; i < CAP + 3; i += 1) {
      answers.push(await answerOf(await askForLinks(i % 2 ? email : email.toUpperCase())));
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    await settleManageLinkJobs();
    expect(await readOutbox(app, email, "manage_links")).toHaveLength(CAP);
    expect(await readOutbox(app, email, "subscription_confirmation")).toHaveLength(1);
  }, 60_000);

  it("counts every kind together: sign-up verification, resets, resends and lost links", async () => {
    const creator = await createCreator(app, { email: uniqueAddress("mixed") });
    await subscribeWithCard(app, paid, { email: creator.email });
    // Sign-up sent one verification e-mail: 1 of 5.
    expect(await unsolicitedCount(creator.email)).toBe(1);
    const under = await answerOf(await askForReset(creator.email));
    await askForVerification(creator.email);
    await askForLinks(creator.email);
    await settleManageLinkJobs();
    await askForReset(creator.email.toUpperCase());
    await settleAddressMailJobs();
    expect(await unsolicitedCount(creator.email)).toBe(CAP);

    // Over the cap: each kind answers exactly as it did under it, and writes nothing.
    const over = await answerOf(await askForReset(creator.email));
    expect(over).toEqual(under);
    expect((await askForVerification(creator.email)).status).toBe(200);
    expect((await askForLinks(creator.email)).status).toBe(200);
    await settleManageLinkJobs();
    await settleAddressMailJobs();
    expect(await unsolicitedCount(creator.email)).toBe(CAP);
    const kinds = (await readOutbox(app, creator.email)).map((m) => m.kind).sort();
    expect(kinds).toEqual([
      "manage_links",
      "password_reset",
      "password_reset",
      "payment_receipt",
      "subscription_confirmation",
      "verify_email",
      "verify_email",
    ]);
  }, 60_000);

  it("free subscribes: a stranger's address gets at most 5 welcomes, the creator at most 5 notices", async () => {
    const creator = await createOnboardedCreator(app, { email: uniqueAddress("creator") });
    const offerings: Offering[] = [];
    for (let i = 0; i < CAP + 2; i += 1) {
      offerings.push(
        await createOffering(app, creator, { title: `Free Tips ${i}`, priceCents: 0 }),
      );
    }
    const email = uniqueAddress("stranger");
    const answers = [];
    for (const offering of offerings) {
      const response = await subscribeFree(offering, email);
      const body = await readJson(response, startFreeSubscriptionResponseSchema);
      answers.push({ status: response.status, keys: Object.keys(body).sort() });
    }
    // Each is a real subscription; the answer doesn't change once the mail stops.
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.status).toBe(201);
    const welcomes = await readOutbox(app, email, "subscription_confirmation");
    expect(welcomes).toHaveLength(CAP);
    expect(welcomes[0]!.text).toContain("Someone Typed This");
    // The creator's sign-up verification counts too: 1 + 4 notices.
    expect(await readOutbox(app, creator.email, "creator_new_subscriber")).toHaveLength(CAP - 1);
    expect(await unsolicitedCount(creator.email)).toBe(CAP);

    // A paid subscription's messages are never capped, for the customer or the creator.
    const paidOffering = await createOffering(app, creator, { priceCents: 1500 });
    await subscribeWithCard(app, paidOffering, { email });
    const after = (await readOutbox(app, email)).map((m) => m.kind);
    expect(after.filter((k) => k === "subscription_confirmation")).toHaveLength(CAP + 1);
    expect(after).toContain("payment_receipt");
    expect(await readOutbox(app, creator.email, "creator_new_subscriber")).toHaveLength(CAP);
  }, 120_000);

  it("counts +tags and Gmail's dots as the inbox they land in", async () => {
    const creator = await createOnboardedCreator(app);
    const free = await createOffering(app, creator, { priceCents: 0 });
    const user = `pat${randomUUID().slice(0, 6)}`;
    const variants = [
      `${user}@gmail.com`,
      `${user}+1@gmail.com`,
      `${user.slice(0, 3)}.${user.slice(3)}@gmail.com`,
      `${user}+x@googlemail.com`,
      `${user.toUpperCase()}+news@Gmail.com`,
      `${user.slice(0, 1)}.${user.slice(1)}+2@gmail.com`,
      `${user}+3@gmail.com`,
    ];
    for (const address of variants) {
      expect((await subscribeFree(free, address)).status).toBe(201);
    }
    const [row] = await app.runtime.deps.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "subscription_confirmation"),
          inArray(
            sql`lower(${emailOutbox.to})`,
            variants.map((v) => v.toLowerCase()),
          ),
        ),
      );
    expect(row!.n).toBe(CAP);
    expect(await unsolicitedCount(`${user}@gmail.com`)).toBe(CAP);
  }, 60_000);

  it("lets one of two racing requests take the last place, never both", async () => {
    const creator = await createCreator(app, { email: uniqueAddress("race") });
    // 1 (sign-up) + 3 = 4 of 5: one place left, and ten requests at once.
    for (let i = 0; i < 3; i += 1) await askForReset(creator.email);
    await settleAddressMailJobs();
    expect(await unsolicitedCount(creator.email)).toBe(CAP - 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => answerOf(await askForReset(creator.email))),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await settleAddressMailJobs();
    expect(await unsolicitedCount(creator.email)).toBe(CAP);
  }, 60_000);
});
