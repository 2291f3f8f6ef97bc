import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../contracts/api-error";
import { PASSWORD_MAX_LENGTH, SIGN_UP_ACCEPTED_MESSAGE } from "../../contracts/auth";
import { exposedAuthRoutes, toOurResponse } from "../../server/auth/auth-routes";
import { emailOutbox } from "../../server/db/schema/app";
import { user } from "../../server/db/schema/auth";
import {
  asCreator,
  createCreator,
  nextClientAddress,
  sessionCookie,
  uniqueEmail,
} from "../factories/creator-factory";
import {
  enableTwoFactor,
  signInWithNextCode,
  startTwoFactorSignIn,
} from "../factories/two-factor-factory";
import { createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../setup/test-app";
import { betterAuthEndpoints } from "../support/better-auth-endpoints";
import { readApiError, readJson } from "../support/read-json";
import {
  betterAuthErrorReplySchema,
  sessionReplySchema,
  signedInReplySchema,
} from "../support/reply-schemas";

// Issue 11: better-auth's endpoints answer only through our contracts, in our JSON; passwords
// of spaces are refused; sign-up doesn't tell who has an account; no JSON carries the session
// token.

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Body = {
  code?: string;
  message?: string;
  error?: { code: string; message: string };
};

/** A request from an address of its own, so better-auth's per-address limits stay out of it. */
function call(path: string, init: RequestInit = {}) {
  return app.request(path, { ...init, ip: nextClientAddress() });
}

function expectOurError(body: Body | null, context: string) {
  expect(body?.error?.code, context).toMatch(/^[a-z_]+$/);
  expect(body?.error?.message?.trim(), context).toBeTruthy();
}

const isExposed = (method: string, path: string) =>
  exposedAuthRoutes.some((route) => route.method === method && route.path === path);

describe("better-auth's endpoints", () => {
  it("are each either exposed with a contract or closed with our JSON 404", async () => {
    const endpoints = betterAuthEndpoints(app);
    expect(endpoints.length).toBeGreaterThan(30);
    const closed: string[] = [];
    for (const { method, path } of endpoints) {
      const concrete = `/api/auth${path.replace(/:\w+/g, "x")}`;
      const body = method === "GET" ? undefined : JSON.stringify({ unexpected: true });
      const response = await call(concrete, {
        method,
        headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
        body,
      });
      const json = (await response.json().catch(() => null)) as Body | null;
      if (isExposed(method, path)) {
        // The contract refuses what it doesn't know, before better-auth sees it.
        const query = method === "GET" ? "?unexpected=1" : "";
        const refused = await call(`${concrete}${query}`, {
          method,
          headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
          body,
        });
        expect(refused.status, `${method} ${path}`).toBe(400);
        expect((await readApiError(refused)).code).toBe("validation_failed");
      } else {
        closed.push(`${method} ${path}`);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(json, `${method} ${path}`).toEqual({
          error: { code: "not_found", message: "There is no such API endpoint." },
        });
      }
    }
    expect(closed).toEqual(
      expect.arrayContaining([
        "POST /update-user",
        "POST /delete-user",
        "GET /list-sessions",
        "POST /change-email",
        "POST /two-factor/get-totp-uri",
        "POST /two-factor/generate-backup-codes",
      ]),
    );
  });

  it("the allow-list names only endpoints better-auth has, each with its contract", () => {
    const known = new Set(betterAuthEndpoints(app).map((e) => `${e.method} ${e.path}`));
    for (const route of exposedAuthRoutes) {
      expect(known.has(`${route.method} ${route.path}`), `${route.method} ${route.path}`).toBe(
        true,
      );
      if (route.method === "POST") expect(route.body, route.path).toBeDefined();
    }
  });

  it("unknown paths and other methods get our JSON 404", async () => {
    for (const [method, path] of [
      ["GET", "/api/auth/no-such-thing"],
      ["POST", "/api/auth/sign-in/social"],
      ["DELETE", "/api/auth/sign-in/email"],
      ["PUT", "/api/auth/get-session"],
      ["GET", "/api/auth/ok"],
      ["GET", "/api/auth/error"],
    ] as const) {
      const response = await call(path, { method, headers: { Origin: TEST_ORIGIN } });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await readApiError(response)).code).toBe("not_found");
    }
  });

  it("update-user is closed: a 5,000-character name or a NUL changes nothing and never 500s", async () => {
    const creator = await createCreator(app);
    for (const name of ["x".repeat(5000), "Sam\u0000Seller"]) {
      const response = await call(
        "/api/auth/update-user",
        asCreator(creator, jsonRequest("POST", { name })),
      );
      // Closed (404); a body with a NUL may already be refused as unreadable text (400).
      expect([400, 404]).toContain(response.status);
      expectOurError(await readJson(response, apiErrorSchema), name.slice(0, 10));
    }
    const [row] = await app.runtime.deps.db.select().from(user).where(eq(user.id, creator.id));
    expect(row!.name).toBe("");
  });

  it("sign-up refuses a name with a control character before better-auth sees it", async () => {
    const response = await call(
      "/api/auth/sign-up/email",
      jsonRequest("POST", { email: uniqueEmail(), password: "secret1", name: "Sam\u0000" }),
    );
    expect(response.status).toBe(400);
    expectOurError(await readJson(response, apiErrorSchema), "NUL name");
  });
});

describe("better-auth's errors", () => {
  it("leave in our JSON shape, with better-auth's code kept for its client", async () => {
    const creator = await createCreator(app);
    const cases: Array<[string, Response, number]> = [
      [
        "wrong password",
        await call(
          "/api/auth/sign-in/email",
          jsonRequest("POST", { email: creator.email, password: "not-the-password" }),
        ),
        401,
      ],
      [
        "2FA code without a challenge",
        await call("/api/auth/two-factor/verify-totp", jsonRequest("POST", { code: "123456" })),
        401,
      ],
      [
        "2FA setup signed out",
        await call("/api/auth/two-factor/enable", jsonRequest("POST", { password: "whatever" })),
        401,
      ],
      [
        "change password with the wrong current one",
        await call(
          "/api/auth/change-password",
          asCreator(
            creator,
            jsonRequest("POST", { currentPassword: "not-it-at-all", newPassword: "new-secret" }),
          ),
        ),
        400,
      ],
    ];
    for (const [label, response, status] of cases) {
      expect(response.status, label).toBe(status);
      expect(response.headers.get("content-type"), label).toMatch(/application\/json/);
      const body = await readJson(response, betterAuthErrorReplySchema);
      expectOurError(body, label);
      expect(body.message, label).toBe(body.error?.message);
      expect(body.code, label).toMatch(/^[A-Za-z_]+$/);
    }
  });

  it("an empty error body gets a message; a 5xx never reaches the client as better-auth wrote it", async () => {
    const route = { method: "POST", path: "/sign-in/email" } as const;
    const empty = await toOurResponse(route, new Response(null, { status: 401 }));
    expect(empty.status).toBe(401);
    expect(await empty.json()).toEqual({
      code: "unauthenticated",
      message: "Sign in to continue.",
      error: { code: "unauthenticated", message: "Sign in to continue." },
    });
    const crash = new Response(JSON.stringify({ message: "boom", stack: "at secret.ts:1" }), {
      status: 500,
      headers: { "Content-Type": "application/json" },
    });
    // Thrown to the app's error handler, which logs it and answers our generic 500.
    await expect(toOurResponse(route, crash)).rejects.toThrow(/better-auth answered 500/);
  });
});

/** Fails when any object in the JSON carries a `token`, or the text holds the cookie's value. */
async function expectNoToken(label: string, response: Response, cookieHeader = "") {
  const text = await response.text();
  const tokens = cookieHeader
    .split("; ")
    .filter((c) => c.startsWith("better-auth.session_token="))
    .map((c) => decodeURIComponent(c.split("=")[1]!).split(".")[0]!);
  for (const token of tokens) expect(text, label).not.toContain(token);
  if (!text) return;
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== "object") return;
    if (!Array.isArray(value)) expect(Object.keys(value), label).not.toContain("token");
    for (const inner of Object.values(value)) walk(inner);
  };
  walk(JSON.parse(text));
}

describe("session tokens", () => {
  it("never appear in a JSON response page scripts can read", async () => {
    const email = uniqueEmail();
    const password = "secret-pass";
    const signUp = await call(
      "/api/auth/sign-up/email",
      jsonRequest("POST", { email, password, name: "" }),
    );
    await expectNoToken("sign-up", signUp);
    const signIn = await call("/api/auth/sign-in/email", jsonRequest("POST", { email, password }));
    expect(signIn.status).toBe(200);
    const cookie = sessionCookie(signIn);
    await expectNoToken("sign-in", signIn.clone(), cookie);
    expect((await readJson(signIn, signedInReplySchema)).user.email).toBe(email);

    const getSession = await call("/api/auth/get-session", { headers: { Cookie: cookie } });
    expect(getSession.status).toBe(200);
    const session = await readJson(getSession.clone(), sessionReplySchema);
    expect(session?.user.email).toBe(email);
    expect(session?.session.expiresAt).toBeTruthy();
    await expectNoToken("GET get-session", getSession, cookie);
    await expectNoToken(
      "POST get-session",
      await call("/api/auth/get-session", jsonRequest("POST", {}, { Cookie: cookie })),
      cookie,
    );

    const changed = await call(
      "/api/auth/change-password",
      jsonRequest(
        "POST",
        { currentPassword: password, newPassword: "newer-pass", revokeOtherSessions: true },
        { Cookie: cookie },
      ),
    );
    expect(changed.status).toBe(200);
    const changedCookie = sessionCookie(changed);
    await expectNoToken("change-password", changed, changedCookie);

    // Two-factor: turning it on, a sign-in's code, a backup code.
    const creator = await enableTwoFactor(app, await createCreator(app));
    const verified = await signInWithNextCode(app, creator);
    expect(verified.status).toBe(200);
    await expectNoToken("verify-totp", verified, sessionCookie(verified));
    const backupChallenge = await startTwoFactorSignIn(app, creator);
    const backup = await call(
      "/api/auth/two-factor/verify-backup-code",
      jsonRequest("POST", { code: creator.backupCodes[0] }, { Cookie: backupChallenge }),
    );
    expect(backup.status).toBe(200);
    await expectNoToken("verify-backup-code", backup, sessionCookie(backup));
  });
});

describe("passwords", () => {
  async function signUp(email: string, password: string) {
    return call("/api/auth/sign-up/email", jsonRequest("POST", { email, password, name: "" }));
  }

  it.each([
    ["six spaces", "      ", "Password can't be only spaces"],
    ["tabs and newlines", "\t\t\n\n  ", "Password can't be only spaces"],
    [
      "three characters padded with spaces",
      "   abc   ",
      "Password must be at least 6 characters, not counting spaces at the start or end",
    ],
    ["a 5-character password", "12345", "Password must be at least 6 characters"],
    [
      "a right-to-left override",
      "\u202esecret-pass",
      "Password can't contain control or text-direction characters",
    ],
    [
      "a 129-character password",
      "x".repeat(PASSWORD_MAX_LENGTH + 1),
      "Password must be at most 128 characters",
    ],
  ])("sign-up refuses %s", async (_label, password, message) => {
    const email = uniqueEmail();
    const response = await signUp(email, password);
    expect(response.status).toBe(400);
    expect((await readApiError(response)).message).toBe(message);
    const rows = await app.runtime.deps.db.select().from(user).where(eq(user.email, email));
    expect(rows).toEqual([]);
  });

  it("change-password and reset-password hold the new password to the same rule", async () => {
    const creator = await createCreator(app);
    const change = await call(
      "/api/auth/change-password",
      asCreator(
        creator,
        jsonRequest("POST", { currentPassword: creator.password, newPassword: "      " }),
      ),
    );
    expect(change.status).toBe(400);
    expect((await readApiError(change)).message).toBe("Password can't be only spaces");
    const reset = await call(
      "/api/auth/reset-password",
      jsonRequest("POST", { token: "any-token", newPassword: "      " }),
    );
    expect(reset.status).toBe(400);
    expect((await readApiError(reset)).message).toBe("Password can't be only spaces");
  });

  it("keeps a password exactly as typed, spaces and all", async () => {
    const email = uniqueEmail();
    expect((await signUp(email, "  two words  ")).status).toBe(200);
    const trimmed = await call(
      "/api/auth/sign-in/email",
      jsonRequest("POST", { email, password: "two words" }),
    );
    expect(trimmed.status).toBe(401);
    const exact = await call(
      "/api/auth/sign-in/email",
      jsonRequest("POST", { email, password: "  two words  " }),
    );
    expect(exact.status).toBe(200);
  });
});

describe("sign-up doesn't reveal which addresses have accounts (ADR 013)", () => {
  async function signUp(email: string, password: string) {
    const started = performance.now();
    const response = await call(
      "/api/auth/sign-up/email",
      jsonRequest("POST", { email, password, name: "" }),
    );
    return {
      ms: performance.now() - started,
      status: response.status,
      cookies: response.headers.getSetCookie(),
      body: await response.json(),
    };
  }

  it("answers a taken address exactly as a new one: status, body, no cookie", async () => {
    const creator = await createCreator(app);
    const taken = await signUp(creator.email, "someone-else");
    const fresh = await signUp(uniqueEmail(), "someone-else");
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(taken.body).toEqual({ status: true, message: SIGN_UP_ACCEPTED_MESSAGE });
    expect(fresh.body).toEqual(taken.body);
    expect(taken.cookies).toEqual([]);
    expect(fresh.cookies).toEqual([]);
    // The owner's password still works; the stranger's doesn't.
    const stranger = await call(
      "/api/auth/sign-in/email",
      jsonRequest("POST", { email: creator.email, password: "someone-else" }),
    );
    expect(stranger.status).toBe(401);
  });

  it("takes about as long either way", async () => {
    const creator = await createCreator(app);
    const takenTimes: number[] = [];
    const freshTimes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      takenTimes.push((await signUp(creator.email, `guess-${i}-pass`)).ms);
      freshTimes.push((await signUp(uniqueEmail(), `guess-${i}-pass`)).ms);
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
    // Both hash the password; the rest is a few rows and an e-mail on either side. Loose bounds:
    // the machine is shared, and what matters is that neither answer is an order faster.
    const ratio = median(takenTimes) / median(freshTimes);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it("e-mails the owner of a taken address instead, at most once an hour; a new address gets its verification", async () => {
    const db = app.runtime.deps.db;
    const creator = await createCreator(app);
    await signUp(creator.email, "another-pass");
    await signUp(creator.email, "yet-another-pass");
    const notices = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, creator.email), eq(emailOutbox.kind, "account_exists")));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.userId).toBe(creator.id);
    expect(notices[0]!.text).toContain(`${TEST_ORIGIN}/forgot-password`);

    const email = uniqueEmail();
    await signUp(email, "brand-new-pass");
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail.map((m) => m.kind)).toEqual(["verify_email"]);
  });
});
