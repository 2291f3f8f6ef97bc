import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meSchema } from "../../contracts/me";
import {
  createCreator,
  nextClientAddress,
  uniqueEmail,
} from "../../tests/factories/creator-factory";
import { enableTwoFactor, startTwoFactorSignIn } from "../../tests/factories/two-factor-factory";
import { createTestApp, jsonRequest, type TestApp } from "../../tests/setup/test-app";
import { readApiError, readJson } from "../../tests/support/read-json";
import { betterAuthErrorReplySchema } from "../../tests/support/reply-schemas";
import { user } from "../db/schema/auth";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function userCount() {
  const [row] = await app.runtime.deps.db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}

async function errorMessage(response: Response) {
  return (await readApiError(response)).message;
}

describe("sign-up", () => {
  it("creates the account without a session; signing in sets an HttpOnly, SameSite cookie", async () => {
    const email = uniqueEmail();
    const response = await app.request(
      "/api/auth/sign-up/email",
      jsonRequest("POST", { email, password: "secret1", name: "" }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);

    const signIn = await app.request(
      "/api/auth/sign-in/email",
      jsonRequest("POST", { email, password: "secret1" }),
    );
    expect(signIn.status).toBe(200);
    const cookies = signIn.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("better-auth.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);

    const me = await app.request("/api/me", { headers: { Cookie: session!.split(";")[0]! } });
    expect(me.status).toBe(200);
    const body = await readJson(me, meSchema);
    expect(body.user.email).toBe(email);
    expect(body.profile).toBeNull();
  });

  it.each([
    [
      "a malformed e-mail",
      { email: "not-an-email", password: "secret1" },
      "Enter a valid email address",
    ],
    [
      "a 5-character password",
      { email: uniqueEmail(), password: "12345" },
      "Password must be at least 6 characters",
    ],
    ["an empty body", {}, "email is required."],
    ["a missing password", { email: uniqueEmail() }, "password is required."],
  ])("refuses %s with a clear 400 and writes nothing", async (_label, body, message) => {
    const before = await userCount();
    const response = await app.request("/api/auth/sign-up/email", jsonRequest("POST", body));
    expect(response.status).toBe(400);
    expect(await errorMessage(response)).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it("refuses a body that isn't JSON with a 4xx, before better-auth sees it", async () => {
    const before = await userCount();
    const response = await app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "email=a@b.c&password=123456",
    });
    // 415 from the edge's input hygiene (a body not declared JSON), or our own 400 behind it.
    expect([400, 415]).toContain(response.status);
    expect(await errorMessage(response)).toMatch(/JSON/);
    expect(await userCount()).toBe(before);
  });

  it("answers a taken e-mail as it answers a new one and creates nothing (ADR 013)", async () => {
    const creator = await createCreator(app);
    const before = await userCount();
    const taken = await app.request(
      "/api/auth/sign-up/email",
      jsonRequest("POST", { email: creator.email, password: "another1", name: "" }),
    );
    const fresh = await app.request(
      "/api/auth/sign-up/email",
      jsonRequest("POST", { email: uniqueEmail(), password: "another1", name: "" }),
    );
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual(await fresh.json());
    expect(await userCount()).toBe(before + 1);
  });
});

describe("sign-in", () => {
  it("signs in with the right password and refuses a wrong one", async () => {
    const creator = await createCreator(app);
    const ok = await app.request(
      "/api/auth/sign-in/email",
      jsonRequest("POST", { email: creator.email, password: creator.password }),
    );
    expect(ok.status).toBe(200);

    const wrong = await app.request(
      "/api/auth/sign-in/email",
      jsonRequest("POST", { email: creator.email, password: "wrong-password" }),
    );
    expect(wrong.status).toBe(401);
    expect(await errorMessage(wrong)).toMatch(/invalid email or password/i);
  });

  it("rate limits repeated failed sign-ins from one address", async () => {
    const creator = await createCreator(app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await app.request("/api/auth/sign-in/email", {
        ...jsonRequest("POST", { email: creator.email, password: "wrong-password" }),
        ip: "203.0.113.9",
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);

    // Another address is unaffected.
    const other = await app.request("/api/auth/sign-in/email", {
      ...jsonRequest("POST", { email: creator.email, password: creator.password }),
      ip: "203.0.113.10",
    });
    expect(other.status).toBe(200);
  });

  it("accepts each backup code once, and says so when one is refused", async () => {
    const creator = await enableTwoFactor(app, await createCreator(app));
    const [code] = creator.backupCodes;
    const verifyBackupCode = async () =>
      app.request("/api/auth/two-factor/verify-backup-code", {
        ...jsonRequest("POST", { code }, { Cookie: await startTwoFactorSignIn(app, creator) }),
        ip: nextClientAddress(),
      });
    expect((await verifyBackupCode()).status).toBe(200);

    const again = await verifyBackupCode();
    expect(again.status).toBe(401);
    const body = await readJson(again, betterAuthErrorReplySchema);
    // better-auth's client still gets its code; the person gets a message to act on.
    expect(body.code).toBe("INVALID_BACKUP_CODE");
    expect(body.message).toMatch(/each backup code works once/i);
  });

  it("signs out and the old cookie no longer works", async () => {
    const creator = await createCreator(app);
    const out = await app.request(
      "/api/auth/sign-out",
      jsonRequest("POST", {}, { Cookie: creator.cookie }),
    );
    expect(out.status).toBe(200);
    const me = await app.request("/api/me", { headers: { Cookie: creator.cookie } });
    expect(me.status).toBe(401);
  });
});
