import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MANAGE_LINKS_SENT_MESSAGE } from "../../../contracts/manage-links";
import type { Offering } from "../../../contracts/offerings";
import { createOffering, createOnboardedCreator } from "../../../tests/factories/offering-factory";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { linksIn, readOutbox } from "../../../tests/setup/outbox";
import {
  createTestApp,
  jsonRequest,
  TEST_ORIGIN,
  type TestApp,
} from "../../../tests/setup/test-app";

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

    const sent = await readOutbox(app, email, "manage_links");
    expect(sent).toHaveLength(1);
    expect((await readOutbox(app, email)).length).toBe(before + 1);
    const links = linksIn(sent[0]!, `${TEST_ORIGIN}/customer/`);
    expect(new Set(links)).toEqual(
      new Set([
        `${TEST_ORIGIN}/customer/${lawns.customUrl}/${first.subscriberId}`,
        `${TEST_ORIGIN}/customer/${walks.customUrl}/${second.subscriberId}`,
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
    expect(await readOutbox(app, email)).toHaveLength(0);
  });

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

  it("limits one address to 3 requests an hour, from any client", async () => {
    const email = uniqueCustomerEmail();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i += 1) {
      last = await requestLinks(i % 2 ? email : email.toUpperCase());
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const body = (await last!.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toMatch(/try again in an hour/);
    // Another address is unaffected.
    expect((await requestLinks(uniqueCustomerEmail())).status).toBe(200);
  });

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
    expect(((await last!.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
  });
});
