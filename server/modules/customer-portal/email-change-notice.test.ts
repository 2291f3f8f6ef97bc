import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../../contracts/offerings";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../../../tests/factories/offering-factory";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import {
  createTestApp,
  jsonRequest,
  TEST_ORIGIN,
  type TestApp,
} from "../../../tests/setup/test-app";
import { emailOutbox } from "../../db/schema/app";

let app: TestApp;
let creator: OnboardedCreator;
let offering: Offering;

beforeAll(async () => {
  app = await createTestApp();
  creator = await createOnboardedCreator(app);
  offering = await createOffering(app, creator, { title: "Window Cleaning" });
});
afterAll(async () => {
  await app?.close();
});

function changeEmail(subscriberId: string, email: string) {
  return app.request(
    `/api/public/customers/${offering.customUrl}/${subscriberId}/email`,
    jsonRequest("PATCH", { email }),
  );
}

function noticesFor(subscriberId: string) {
  return app.runtime.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.subscriberId, subscriberId), eq(emailOutbox.kind, "email_changed")));
}

describe("e-mail change notices", () => {
  it("writes one notice to the old address and one to the new, with the link only in the new", async () => {
    const { subscriberId } = await subscribeWithCard(app, offering, {
      email: "old-address@example.com",
    });
    const response = await changeEmail(subscriberId, "new-address@example.com");
    expect(response.status).toBe(200);

    const rows = await noticesFor(subscriberId);
    expect(rows).toHaveLength(2);
    const toOld = rows.find((r) => r.to === "old-address@example.com");
    const toNew = rows.find((r) => r.to === "new-address@example.com");
    for (const row of [toOld, toNew]) {
      expect(row).toMatchObject({ userId: creator.id, subscriberId, status: "pending" });
      expect(row!.subject).toContain("Window Cleaning");
    }
    expect(toOld!.dedupeKey).toMatch(new RegExp(`^email-changed:${subscriberId}:.+:old$`));
    expect(toNew!.dedupeKey).toMatch(new RegExp(`^email-changed:${subscriberId}:.+:new$`));
    const manageUrl = `${TEST_ORIGIN}/customer/${offering.customUrl}/${subscriberId}`;
    expect(toNew!.text).toContain(manageUrl);
    expect(toOld!.text).not.toContain(manageUrl);
    expect(toOld!.html).not.toContain(subscriberId);
  });

  it("a second change writes two more; saving the same address writes none", async () => {
    const { subscriberId } = await subscribeWithCard(app, offering, {
      email: "first@example.com",
    });
    expect((await changeEmail(subscriberId, "second@example.com")).status).toBe(200);
    expect((await changeEmail(subscriberId, "third@example.com")).status).toBe(200);
    expect((await changeEmail(subscriberId, "third@example.com")).status).toBe(200);
    const rows = await noticesFor(subscriberId);
    expect(rows.map((r) => r.to).sort()).toEqual(
      ["second@example.com", "second@example.com", "first@example.com", "third@example.com"].sort(),
    );
  });

  it("writes nothing when the change is refused", async () => {
    const { subscriberId } = await subscribeWithCard(app, offering);
    expect((await changeEmail(subscriberId, "")).status).toBe(400);
    await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: offering.customUrl, subscriberId }),
    );
    expect((await changeEmail(subscriberId, "late@example.com")).status).toBe(409);
    expect(await noticesFor(subscriberId)).toEqual([]);
  });
});
