import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerPortalSchema, emailChangeOutcomeSchema } from "../../../contracts/customer-portal";
import type { Offering } from "../../../contracts/offerings";
import { createOffering } from "../../../tests/factories/offering-factory";
import { advanceEmulatorClock } from "../../../tests/factories/stripe-browser";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { linksIn, readOutbox } from "../../../tests/setup/outbox";
import { jsonRequest, TEST_ORIGIN, type TestApp } from "../../../tests/setup/test-app";
import { readApiError, readJson } from "../../../tests/support/read-json";
import { startCreatorAppPerFile } from "../../../tests/support/test-app-per-file";
import { subscriberEmailChanges, subscribers } from "../../db/schema/app";

// A self-service e-mail change takes effect only once the new address confirms it (Security 2):
// until then only the old address is told, with a way to undo it.

let app: TestApp;
let offering: Offering;

startCreatorAppPerFile(async (started) => {
  app = started.app;
  offering = await createOffering(app, started.creator, { title: "Window Cleaning" });
});

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const portalPath = (manageKey: string) =>
  `/api/public/customers/${offering.customUrl}/${manageKey}`;

// Each call from its own client address, so this file's many calls stay under the per-client
// limit (20 a minute, tested in tests/security/rate-limit-coverage.test.ts).
let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

function requestChange(manageKey: string, email: string) {
  return app.request(`${portalPath(manageKey)}/email`, {
    ...jsonRequest("PATCH", { email }),
    ip: nextIp(),
  });
}
function post(action: "confirm" | "undo", token: string) {
  return app.request(`/api/public/email-changes/${action}`, {
    ...jsonRequest("POST", { token }),
    ip: nextIp(),
  });
}

/** The token in the newest link of this kind sent to an address. */
async function tokenSentTo(to: string, action: "confirm" | "undo") {
  const kind = action === "confirm" ? "email_change_confirm" : "email_change_requested";
  const messages = await readOutbox(app, to, kind);
  const [link] = linksIn(messages.at(-1)!, `${TEST_ORIGIN}/email-change/${action}?token=`);
  return new URL(link!).searchParams.get("token")!;
}

async function rowOf(subscriberId: string) {
  const [row] = await app.runtime.deps.db
    .select()
    .from(subscribers)
    .where(eq(subscribers.id, subscriberId));
  return row!;
}

async function stripeEmailOf(subscriptionId: string) {
  const subscription = await app.runtime.deps.stripe.subscriptions.retrieve(subscriptionId, {
    expand: ["customer"],
  });
  return (subscription.customer as { email: string }).email;
}

describe("a self-service e-mail change", () => {
  it("changes nothing until the new address confirms; mails a confirm link to the new address and an undo link to the old", async () => {
    const [oldEmail, newEmail] = [unique("old"), unique("new")];
    const { subscriberId, manageKey, subscriptionId } = await subscribeWithCard(app, offering, {
      email: oldEmail,
    });
    const response = await requestChange(manageKey, newEmail);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ pendingEmail: newEmail });

    expect((await rowOf(subscriberId)).email).toBe(oldEmail);
    expect(await stripeEmailOf(subscriptionId)).toBe(oldEmail);
    const portal = await readJson(await app.request(portalPath(manageKey)), customerPortalSchema);
    expect(portal.subscriber).toMatchObject({ email: oldEmail, pendingEmail: newEmail });

    // The new address gets only the confirm link: no manage link before it has confirmed.
    const [confirm] = await readOutbox(app, newEmail);
    expect(confirm).toMatchObject({ kind: "email_change_confirm", subscriberId });
    expect(confirm!.subject).toContain("Window Cleaning");
    expect(confirm!.text).not.toContain(`/customer/`);
    expect(linksIn(confirm!, `${TEST_ORIGIN}/email-change/confirm?token=`)).toHaveLength(1);
    // The old one is told what was asked, and how to undo it.
    const [notice] = await readOutbox(app, oldEmail, "email_change_requested");
    expect(notice!.text).toContain(newEmail);
    expect(linksIn(notice!, `${TEST_ORIGIN}/email-change/undo?token=`)).toHaveLength(1);
    // Only digests are stored.
    const [change] = await app.runtime.deps.db
      .select()
      .from(subscriberEmailChanges)
      .where(eq(subscriberEmailChanges.subscriberId, subscriberId));
    const token = await tokenSentTo(newEmail, "confirm");
    expect(JSON.stringify(change)).not.toContain(token);
  });

  it("confirming updates Stripe and our row, replaces the link, mails the new link to the new address and tells the old", async () => {
    const [oldEmail, newEmail] = [unique("old"), unique("new")];
    const { subscriberId, manageKey, subscriptionId } = await subscribeWithCard(app, offering, {
      email: oldEmail,
    });
    await requestChange(manageKey, newEmail);
    const token = await tokenSentTo(newEmail, "confirm");

    const confirmed = await post("confirm", token);
    expect(confirmed.status).toBe(200);
    const outcome = await readJson(confirmed, emailChangeOutcomeSchema);
    expect(outcome).toMatchObject({
      offeringTitle: "Window Cleaning",
      email: newEmail,
      customUrl: offering.customUrl,
    });
    expect(outcome.manageKey).not.toBe(manageKey);

    expect(await rowOf(subscriberId)).toMatchObject({
      email: newEmail,
      manageKey: outcome.manageKey,
    });
    expect(await stripeEmailOf(subscriptionId)).toBe(newEmail);
    expect((await app.request(portalPath(manageKey))).status).toBe(404);
    const portal = await app.request(portalPath(outcome.manageKey));
    expect((await readJson(portal, customerPortalSchema)).subscriber).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });

    const [toNew] = await readOutbox(app, newEmail, "email_changed");
    expect(linksIn(toNew!, `${TEST_ORIGIN}/customer/`)).toEqual([
      `${TEST_ORIGIN}/customer/${offering.customUrl}/${outcome.manageKey}`,
    ]);
    const [toOld] = await readOutbox(app, oldEmail, "email_changed");
    expect(toOld!.text).toContain(newEmail);
    expect(toOld!.text).not.toContain("/customer/");

    // The link works once.
    const again = await post("confirm", token);
    expect(again.status).toBe(409);
    expect((await readApiError(again)).message).toMatch(/already confirmed/);
    // Too late to undo from the old address.
    const undo = await post("undo", await tokenSentTo(oldEmail, "undo"));
    expect(undo.status).toBe(409);
    expect((await rowOf(subscriberId)).email).toBe(newEmail);
  });

  it("undo withdraws the change and replaces the link, mailing the new one to the old address", async () => {
    const [oldEmail, newEmail] = [unique("old"), unique("new")];
    const { subscriberId, manageKey, subscriptionId } = await subscribeWithCard(app, offering, {
      email: oldEmail,
    });
    await requestChange(manageKey, newEmail);
    const undone = await post("undo", await tokenSentTo(oldEmail, "undo"));
    expect(undone.status).toBe(200);
    const outcome = await readJson(undone, emailChangeOutcomeSchema);
    expect(outcome.email).toBe(oldEmail);

    // Whoever asked had the link: it no longer works, and their change can't be finished.
    expect((await app.request(portalPath(manageKey))).status).toBe(404);
    const confirm = await post("confirm", await tokenSentTo(newEmail, "confirm"));
    expect(confirm.status).toBe(409);
    expect((await readApiError(confirm)).message).toMatch(/withdrawn/);
    expect(await rowOf(subscriberId)).toMatchObject({
      email: oldEmail,
      manageKey: outcome.manageKey,
    });
    expect(await stripeEmailOf(subscriptionId)).toBe(oldEmail);
    const [newLink] = await readOutbox(app, oldEmail, "manage_link_replaced");
    expect(linksIn(newLink!, `${TEST_ORIGIN}/customer/`)).toEqual([
      `${TEST_ORIGIN}/customer/${offering.customUrl}/${outcome.manageKey}`,
    ]);
    // Once.
    expect((await post("undo", await tokenSentTo(oldEmail, "undo"))).status).toBe(409);
  });

  it("an expired link changes nothing and says so", async () => {
    const [oldEmail, newEmail] = [unique("old"), unique("new")];
    const { subscriberId, manageKey } = await subscribeWithCard(app, offering, { email: oldEmail });
    await requestChange(manageKey, newEmail);
    await app.runtime.deps.db
      .update(subscriberEmailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriberEmailChanges.subscriberId, subscriberId));
    const response = await post("confirm", await tokenSentTo(newEmail, "confirm"));
    expect(response.status).toBe(409);
    expect((await readApiError(response)).message).toMatch(/expired/);
    expect(await rowOf(subscriberId)).toMatchObject({ email: oldEmail, manageKey });
    const portal = await readJson(await app.request(portalPath(manageKey)), customerPortalSchema);
    expect(portal.subscriber.pendingEmail).toBeNull();
  });

  it("a newer request replaces the older one; a new link withdraws what the old link asked", async () => {
    const [oldEmail, first, second] = [unique("old"), unique("first"), unique("second")];
    const { subscriberId, manageKey } = await subscribeWithCard(app, offering, { email: oldEmail });
    await requestChange(manageKey, first);
    await requestChange(manageKey, second);
    expect((await post("confirm", await tokenSentTo(first, "confirm"))).status).toBe(409);

    const rotated = await app.request(`${portalPath(manageKey)}/new-link`, jsonRequest("POST", {}));
    expect(rotated.status).toBe(200);
    expect((await post("confirm", await tokenSentTo(second, "confirm"))).status).toBe(409);
    expect((await rowOf(subscriberId)).email).toBe(oldEmail);
  });

  it("refuses bad input, unknown tokens, the same address and a cancelled subscription, writing nothing", async () => {
    const email = unique("same");
    const { subscriberId, manageKey } = await subscribeWithCard(app, offering, { email });
    expect((await requestChange(manageKey, "")).status).toBe(400);
    expect((await requestChange(manageKey, email.toUpperCase())).status).toBe(400);
    expect((await post("confirm", "short")).status).toBe(400);
    const unknown = await post("confirm", "A".repeat(43));
    expect(unknown.status).toBe(404);
    expect((await readApiError(unknown)).message).toMatch(/not valid/);
    expect((await post("undo", "B".repeat(43))).status).toBe(404);
    const cancelled = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: offering.customUrl, manageKey }),
    );
    expect(cancelled.status).toBe(200);
    // The cancel takes effect at the paid period's end: past it, the subscription has ended.
    await advanceEmulatorClock(app, 32);
    await app.flushWebhooks();
    expect((await rowOf(subscriberId)).paymentStatus).toBe("cancelled");
    expect((await requestChange(manageKey, unique("late"))).status).toBe(409);
    const rows = await app.runtime.deps.db
      .select()
      .from(subscriberEmailChanges)
      .where(eq(subscriberEmailChanges.subscriberId, subscriberId));
    expect(rows).toEqual([]);
  });
});
