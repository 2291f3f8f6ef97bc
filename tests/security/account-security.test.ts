import { randomUUID } from "node:crypto";
import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, idempotencyRecords } from "../../server/db/schema/app";
import { session, twoFactor, user } from "../../server/db/schema/auth";
import { queues } from "../../server/integrations/jobs/job-queue";
import { IDEMPOTENCY_RECORD_TTL_MS, runIdempotent } from "../../server/lib/idempotency";
import {
  asCreator,
  createCreator,
  nextClientAddress,
  sessionCookie,
  type TestCreator,
} from "../factories/creator-factory";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { enableTwoFactor, startTwoFactorSignIn, verifyTotp } from "../factories/two-factor-factory";
import { settleJobs } from "../setup/jobs";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readApiError } from "../support/read-json";
import { codeForStep } from "../support/totp";

// Issue 11: each TOTP code works once, turning 2FA on ends other sessions, turning it off and
// deleting an account take the password and a fresh code, and deleting leaves nothing behind.

const ALREADY_USED =
  "That code has already been used. Wait for the next code in your authenticator app and enter it.";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function isSignedIn(cookie: string) {
  return (await app.request("/api/me", { headers: { Cookie: cookie } })).status === 200;
}

async function signIn(creator: TestCreator) {
  const response = await app.request("/api/auth/sign-in/email", {
    ...jsonRequest("POST", { email: creator.email, password: creator.password }),
    ip: nextClientAddress(),
  });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

describe("a TOTP code is accepted once (RFC 6238 §5.2)", () => {
  it("the code that turned 2FA on can't complete a sign-in; the next step's code can, once", async () => {
    const creator = await enableTwoFactor(app, await createCreator(app));
    const enablingCode = await codeForStep(creator.totpSecret, creator.enabledWithStep);

    const challenge = await startTwoFactorSignIn(app, creator);
    const replay = await verifyTotp(app, challenge, enablingCode);
    expect(replay.status).toBe(401);
    expect(await readApiError(replay)).toEqual({ code: "unauthenticated", message: ALREADY_USED });
    expect(replay.headers.getSetCookie().join()).not.toContain("session_token=");

    // The window accepts the next step's code already; it is newer than the spent one.
    const nextCode = await codeForStep(creator.totpSecret, creator.enabledWithStep + 1);
    const accepted = await verifyTotp(app, challenge, nextCode);
    expect(accepted.status).toBe(200);
    expect(await isSignedIn(sessionCookie(accepted))).toBe(true);

    // The same code again, in a new sign-in, is refused; so is an older one still inside the
    // window. The step that turned 2FA on is: the window reaches one step back, and the wall
    // clock may have moved a step on since (a step earlier than it would then be "Invalid code").
    const again = await startTwoFactorSignIn(app, creator);
    expect((await verifyTotp(app, again, nextCode)).status).toBe(401);
    expect(await readApiError(await verifyTotp(app, again, enablingCode))).toMatchObject({
      message: ALREADY_USED,
    });
  });

  it("two sign-ins racing with one code: only one gets a session", async () => {
    const creator = await enableTwoFactor(app, await createCreator(app));
    const code = await codeForStep(creator.totpSecret, creator.enabledWithStep + 1);
    const first = await startTwoFactorSignIn(app, creator);
    const second = await startTwoFactorSignIn(app, creator);
    const answers = await Promise.all([
      verifyTotp(app, first, code),
      verifyTotp(app, second, code),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it("a wrong code is still refused as wrong, and spends nothing", async () => {
    const creator = await enableTwoFactor(app, await createCreator(app));
    const challenge = await startTwoFactorSignIn(app, creator);
    const right = await codeForStep(creator.totpSecret, creator.enabledWithStep + 1);
    const wrong = right === "000000" ? "111111" : "000000";
    const refused = await verifyTotp(app, challenge, wrong);
    expect(refused.status).toBe(401);
    expect((await readApiError(refused)).message).not.toBe(ALREADY_USED);
    expect((await verifyTotp(app, challenge, right)).status).toBe(200);
  });
});

describe("turning 2FA on", () => {
  it("signs out every other session and keeps this one (with a new cookie)", async () => {
    const creator = await createCreator(app);
    const otherDevice = await signIn(creator);
    expect(await isSignedIn(otherDevice)).toBe(true);

    const protectedCreator = await enableTwoFactor(app, creator);
    expect(await isSignedIn(protectedCreator.cookie)).toBe(true);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect(await isSignedIn(creator.cookie)).toBe(false);
    const [sessions] = await app.runtime.deps.db
      .select({ n: count() })
      .from(session)
      .where(eq(session.userId, creator.id));
    expect(sessions!.n).toBe(1);
  });

  it("a session that only confirms a code (2FA already on) signs nobody out", async () => {
    const creator = await enableTwoFactor(app, await createCreator(app));
    const challenge = await startTwoFactorSignIn(app, creator);
    const secondDevice = await verifyTotp(
      app,
      challenge,
      await codeForStep(creator.totpSecret, creator.enabledWithStep + 1),
    );
    expect(secondDevice.status).toBe(200);
    expect(await isSignedIn(creator.cookie)).toBe(true);
    expect(await isSignedIn(sessionCookie(secondDevice))).toBe(true);
  });
});

function disableTwoFactor(creator: TestCreator, body: Record<string, unknown>) {
  // better-auth allows 3 two-factor requests in 10 seconds per address; each call gets its own.
  return app.request("/api/auth/two-factor/disable", {
    ...asCreator(creator, jsonRequest("POST", body)),
    ip: nextClientAddress(),
  });
}

async function twoFactorState(userId: string) {
  const db = app.runtime.deps.db;
  const [row] = await db
    .select({ isEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  const secrets = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return { isEnabled: row?.isEnabled, secrets: secrets.length };
}

describe("turning 2FA off", () => {
  it("needs the password and a code nobody has used; missing, wrong and spent codes change nothing", async () => {
    const creator = await enableTwoFactor(app, await createCreator(app));
    const password = creator.password;

    const missing = await disableTwoFactor(creator, { password });
    expect(missing.status).toBe(400);
    expect((await readApiError(missing)).message).toBe(
      "Enter the 6-digit code from your authenticator app.",
    );
    const malformed = await disableTwoFactor(creator, { password, code: "12 34" });
    expect(malformed.status).toBe(400);

    const next = await codeForStep(creator.totpSecret, creator.enabledWithStep + 1);
    const wrong = await disableTwoFactor(creator, {
      password,
      code: next === "123456" ? "654321" : "123456",
    });
    expect(wrong.status).toBe(400);
    expect((await readApiError(wrong)).message).toBe(
      "That code is not correct. Enter the code your authenticator app shows now.",
    );
    const spent = await disableTwoFactor(creator, {
      password,
      code: await codeForStep(creator.totpSecret, creator.enabledWithStep),
    });
    expect(spent.status).toBe(400);
    expect((await readApiError(spent)).message).toBe(ALREADY_USED);
    // A wrong password doesn't spend the code it came with.
    const wrongPassword = await disableTwoFactor(creator, { password: "not-my-pass", code: next });
    expect(wrongPassword.status).toBe(400);
    expect((await readApiError(wrongPassword)).message).toBe("That password is not correct.");
    expect(await twoFactorState(creator.id)).toEqual({ isEnabled: true, secrets: 1 });

    const disabled = await disableTwoFactor(creator, { password, code: next });
    expect(disabled.status, await disabled.clone().text()).toBe(200);
    expect(await twoFactorState(creator.id)).toEqual({ isEnabled: false, secrets: 0 });
    // better-auth replaced the session; the new one is signed in, without 2FA.
    expect(await isSignedIn(sessionCookie(disabled))).toBe(true);
    const signedIn = await app.request("/api/auth/sign-in/email", {
      ...jsonRequest("POST", { email: creator.email, password }),
      ip: nextClientAddress(),
    });
    expect(await signedIn.json()).not.toMatchObject({ twoFactorRedirect: true });
  });

  it("allows 5 attempts per account in 15 minutes", async () => {
    const creator = await enableTwoFactor(app, await createCreator(app));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await disableTwoFactor(creator, {
        password: `wrong-${i}-pass`,
        code: "000000",
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await disableTwoFactor(creator, {
      password: creator.password,
      code: await codeForStep(creator.totpSecret, creator.enabledWithStep + 1),
    });
    expect(right.status).toBe(429);
    expect((await readApiError(right)).message).toMatch(/wait 15 minutes/);
    expect(await twoFactorState(creator.id)).toEqual({ isEnabled: true, secrets: 1 });
  });
});

function deleteAccount(creator: TestCreator, body: Record<string, unknown>) {
  return app.request("/api/account", asCreator(creator, jsonRequest("DELETE", body)));
}

async function userExists(id: string) {
  const rows = await app.runtime.deps.db.select().from(user).where(eq(user.id, id));
  return rows.length === 1;
}

describe("deleting an account", () => {
  it("needs the password; a wrong or missing one deletes nothing", async () => {
    const creator = await createCreator(app);
    const missing = await deleteAccount(creator, { confirmUserId: creator.id });
    expect(missing.status).toBe(400);
    expect((await readApiError(missing)).message).toBe("password is required.");

    const wrong = await deleteAccount(creator, {
      confirmUserId: creator.id,
      password: "nope-nope",
    });
    expect(wrong.status).toBe(403);
    expect(await readApiError(wrong)).toEqual({
      code: "forbidden",
      message: "That password is not correct.",
    });
    expect(await userExists(creator.id)).toBe(true);

    const right = await deleteAccount(creator, {
      confirmUserId: creator.id,
      password: creator.password,
    });
    expect(right.status).toBe(200);
    expect(await userExists(creator.id)).toBe(false);
  });

  it("with 2FA on, also needs a code nobody has used: missing, wrong and spent codes delete nothing", async () => {
    const creator = await enableTwoFactor(app, await createCreator(app));
    const base = { confirmUserId: creator.id, password: creator.password };

    const missing = await deleteAccount(creator, base);
    expect(missing.status).toBe(400);
    expect((await readApiError(missing)).message).toBe(
      "Enter the 6-digit code from your authenticator app to delete the account.",
    );
    const next = await codeForStep(creator.totpSecret, creator.enabledWithStep + 1);
    const wrong = await deleteAccount(creator, {
      ...base,
      totpCode: next === "123456" ? "654321" : "123456",
    });
    expect(wrong.status).toBe(403);
    const spent = await deleteAccount(creator, {
      ...base,
      totpCode: await codeForStep(creator.totpSecret, creator.enabledWithStep),
    });
    expect(spent.status).toBe(403);
    expect((await readApiError(spent)).message).toBe(ALREADY_USED);
    // A wrong password doesn't spend the code it came with.
    const wrongPassword = await deleteAccount(creator, {
      ...base,
      password: "not-my-password",
      totpCode: next,
    });
    expect(wrongPassword.status).toBe(403);
    expect(await userExists(creator.id)).toBe(true);

    const deleted = await deleteAccount(creator, { ...base, totpCode: next });
    expect(deleted.status).toBe(200);
    expect(await userExists(creator.id)).toBe(false);
  });

  it("allows 5 attempts per account in 15 minutes", async () => {
    const creator = await createCreator(app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await deleteAccount(creator, {
        confirmUserId: creator.id,
        password: `wrong-${i}-pass`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    const right = await deleteAccount(creator, {
      confirmUserId: creator.id,
      password: creator.password,
    });
    expect(right.status).toBe(429);
    expect(await userExists(creator.id)).toBe(true);
  });

  it("deletes the idempotency records and the manage-link e-mails the account leaves behind", async () => {
    const db = app.runtime.deps.db;
    const creator = await createOnboardedCreator(app);
    const other = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator);
    const otherOffering = await createOffering(app, other);
    const email = `regular-${randomUUID().slice(0, 6)}@example.com`;
    await subscribeWithCard(app, offering, { email });
    await subscribeWithCard(app, otherOffering);
    // "Lost your link?": one e-mail listing the customer's manage links.
    const lost = await app.request("/api/public/manage-links", jsonRequest("POST", { email }));
    expect(lost.status).toBe(200);
    await settleJobs(app, queues.manageLinks);

    const portalPath = `/customer/${offering.customUrl}/`;
    const manageMail = () =>
      db
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.text, `%${portalPath}%`));
    expect((await manageMail()).some((m) => m.kind === "manage_links")).toBe(true);
    const records = (prefix: string) =>
      db
        .select()
        .from(idempotencyRecords)
        .where(like(idempotencyRecords.key, `${prefix}%`));
    expect(await records(`offering-${creator.id}-`)).toHaveLength(1);
    expect(await records(`subscribe:${offering.customUrl}:`)).toHaveLength(1);

    const deleted = await deleteAccount(creator, {
      confirmUserId: creator.id,
      password: creator.password,
    });
    expect(deleted.status).toBe(200);

    expect(await manageMail()).toEqual([]);
    expect(await records(`offering-${creator.id}-`)).toEqual([]);
    expect(await records(`subscribe:${offering.customUrl}:`)).toEqual([]);
    // Another creator's records stay.
    expect(await records(`offering-${other.id}-`)).toHaveLength(1);
    expect(await records(`subscribe:${otherOffering.customUrl}:`)).toHaveLength(1);
  });
});

describe("idempotency records", () => {
  it("expire after 24 hours: an expired record is deleted and never answers a retry", async () => {
    const db = app.runtime.deps.db;
    const key = `test:${randomUUID()}`;
    const first = await runIdempotent(db, key, { a: 1 }, async () => ({ status: 201, body: 1 }));
    expect(first.body).toBe(1);
    const expired = new Date(Date.now() - IDEMPOTENCY_RECORD_TTL_MS - 60_000);
    await db
      .update(idempotencyRecords)
      .set({ createdAt: expired })
      .where(eq(idempotencyRecords.key, key));
    const otherExpired = `test:${randomUUID()}`;
    await runIdempotent(db, otherExpired, {}, async () => ({ status: 200, body: null }));
    await db
      .update(idempotencyRecords)
      .set({ createdAt: expired })
      .where(eq(idempotencyRecords.key, otherExpired));

    // The same key after a day runs again instead of replaying; any claim sweeps the rest.
    const retry = await runIdempotent(db, key, { a: 1 }, async () => ({ status: 201, body: 2 }));
    expect(retry.body).toBe(2);
    const left = await db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, otherExpired));
    expect(left).toEqual([]);
  });
});
