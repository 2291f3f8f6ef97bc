import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANAGE_LINKS_SENT_MESSAGE } from "../../../contracts/manage-links";
import type { Offering } from "../../../contracts/offerings";
import { createOffering, createOnboardedCreator } from "../../../tests/factories/offering-factory";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { settleJobs, unfinishedJobs } from "../../../tests/setup/jobs";
import { linksIn, readOutbox } from "../../../tests/setup/outbox";
import {
  createTestApp,
  jsonRequest,
  TEST_ORIGIN,
  type TestApp,
} from "../../../tests/setup/test-app";
import { readApiError } from "../../../tests/support/read-json";
import { queues } from "../../integrations/jobs/job-queue";

let app: TestApp;
let lawns: Offering;
let walks: Offering;
let ipCounter = 0;

beforeAll(async () => {
  app = await createTestApp();
  const a = await createOnboardedCreator(app);
  const b = await createOnboardedCreator(app);
  lawns = await createOffering(app, a, { title: "Weekly Lawn Care" });
  walks = await createOffering(app, b, { title: "Dog Walks" });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const uniqueCustomerEmail = () => `pat-${randomUUID().slice(0, 8)}@example.com`;

function requestLinks(email: string, ip = `203.0.113.${++ipCounter}`) {
  return app.request("/api/public/manage-links", { ...jsonRequest("POST", { email }), ip });
}

/** The look-up and the e-mail run on the job queue, after the answer. */
const settle = () => settleJobs(app, queues.manageLinks);

describe("POST /api/public/manage-links", () => {
  it("e-mails one message with a link to each subscription under the address", async () => {
    const email = uniqueCustomerEmail();
    const first = await subscribeWithCard(app, lawns, { email });
    // Typed differently the second time: addresses match whatever their case.
    const second = await subscribeWithCard(app, walks, { email: email.toUpperCase() });
    const before = (await readOutbox(app, email)).length;

    const response = await requestLinks(`  ${email.replace("pat", "PAT")} `);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: MANAGE_LINKS_SENT_MESSAGE });

    await settle();
    const sent = await readOutbox(app, email, "manage_links");
    expect(sent).toHaveLength(1);
    expect((await readOutbox(app, email)).length).toBe(before + 1);
    const links = linksIn(sent[0]!, `${TEST_ORIGIN}/customer/`);
    expect(new Set(links)).toEqual(
      new Set([
        `${TEST_ORIGIN}/customer/${lawns.customUrl}/${first.manageKey}`,
        `${TEST_ORIGIN}/customer/${walks.customUrl}/${second.manageKey}`,
      ]),
    );
    expect(sent[0]!.text).toContain("Weekly Lawn Care");
    expect(sent[0]!.text).toContain("Dog Walks");

    // Each link opens that subscription's self-service page.
    for (const link of links) {
      const portal = await app.request(
        `/api/public${new URL(link).pathname.replace("/customer/", "/customers/")}`,
      );
      expect(portal.status).toBe(200);
    }
  }, 60_000);

  it("sends nothing for an address without subscriptions, and answers the same", async () => {
    const email = uniqueCustomerEmail();
    const response = await requestLinks(email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: MANAGE_LINKS_SENT_MESSAGE });
    await settle();
    expect(await readOutbox(app, email)).toHaveLength(0);
  });

  // Issue 18, security item 3: the answer took 15.5 ms for a known address and 6.7 ms for an
  // unknown one. Now the request does one thing either way (enqueue a job), and the job looks.
  it("answers a known and an unknown address alike, looking nothing up before it answers", async () => {
    // An app that works no jobs: whatever the answer waited for, it wasn't a look-up or mail.
    const idle = await createTestApp({}, { runsJobs: false });
    try {
      const offering = await createOffering(idle, await createOnboardedCreator(idle));
      const known = uniqueCustomerEmail();
      await subscribeWithCard(idle, offering, { email: known });
      const answers = [];
      for (const email of [known, uniqueCustomerEmail()]) {
        const response = await idle.request("/api/public/manage-links", {
          ...jsonRequest("POST", { email }),
          ip: `203.0.113.${++ipCounter}`,
        });
        answers.push({ status: response.status, body: await response.text() });
      }
      expect(answers[0]!.status).toBe(200);
      expect(answers[1]).toEqual(answers[0]);
      expect(await unfinishedJobs(idle, queues.manageLinks)).toBe(2);
      expect(await readOutbox(idle, known, "manage_links")).toHaveLength(0);
    } finally {
      await idle.close();
    }
  }, 60_000);

  it("refuses a malformed address with a 400", async () => {
    const response = await requestLinks("not-an-email");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "validation_failed", message: "Enter a valid email address" },
    });
    expect(
      (
        await app.request("/api/public/manage-links", {
          ...jsonRequest("POST", { email: uniqueCustomerEmail(), customUrl: "x" }),
        })
      ).status,
    ).toBe(400);
  });

  // The 429 after 3 an hour said "we've mailed this address a lot", answered differently from
  // the rest: the mailer's cap (ADR 023) now stops the mail and the answer stays the same.
  it("answers the same however often an address is asked for, and mails it at most 5 times an hour", async () => {
    const email = uniqueCustomerEmail();
    await subscribeWithCard(app, lawns, { email });
    const answers = new Set<string>();
    for (let i = 0; i < 7; i += 1) {
      const response = await requestLinks(i % 2 ? email : email.toUpperCase());
      answers.add(`${response.status} ${await response.text()}`);
    }
    expect([...answers]).toEqual([`200 ${JSON.stringify({ message: MANAGE_LINKS_SENT_MESSAGE })}`]);
    await settle();
    expect(await readOutbox(app, email, "manage_links")).toHaveLength(5);
  }, 60_000);

  it("limits one client to 10 requests a minute, whatever the addresses", async () => {
    const ip = "203.0.113.250";
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 11; i += 1) {
      last = await requestLinks(uniqueCustomerEmail(), ip);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last!.headers.get("retry-after")).toBe("60");
    expect((await readApiError(last!)).code).toBe("rate_limited");
  });
});
