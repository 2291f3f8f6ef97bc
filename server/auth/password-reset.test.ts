import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCreator, sessionCookie, uniqueEmail } from "../../tests/factories/creator-factory";
import { linksIn, readOutbox } from "../../tests/setup/outbox";
import { createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../tests/setup/test-app";
import { readApiError, readJson } from "../../tests/support/read-json";
import { betterAuthErrorReplySchema } from "../../tests/support/reply-schemas";
import { emailOutbox } from "../db/schema/app";
import { verification } from "../db/schema/auth";

let app: TestApp;
let ipCounter = 0;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Each test from its own client address, so the 5-a-minute limits don't meet. */
function fromNewClient() {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

async function requestReset(email: string, ip = fromNewClient()) {
  return app.request("/api/auth/request-password-reset", {
    ...jsonRequest("POST", { email }),
    ip,
  });
}

/** The reset e-mails written for an address, once the job queue has worked the request. */
async function resetMailFor(email: string, count = 1) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const messages = await readOutbox(app, email, "password_reset");
    if (messages.length >= count || Date.now() > deadline) return messages;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks for a reset and returns the e-mailed link and the token inside it. */
async function resetLinkFor(email: string) {
  const response = await requestReset(email);
  expect(response.status).toBe(200);
  const messages = await resetMailFor(email);
  const link = linksIn(messages.at(-1)!, `${TEST_ORIGIN}/api/auth/reset-password/`)[0]!;
  const token = new URL(link).pathname.split("/").at(-1)!;
  return { link, token };
}

async function resetPassword(token: string, newPassword: string) {
  return app.request("/api/auth/reset-password", {
    ...jsonRequest("POST", { token, newPassword }),
    ip: fromNewClient(),
  });
}

async function signIn(email: string, password: string) {
  return app.request("/api/auth/sign-in/email", {
    ...jsonRequest("POST", { email, password }),
    ip: fromNewClient(),
  });
}

/** better-auth's own code, kept at the top of our error for its client (the SPA reads it). */
async function authCodeOf(response: Response) {
  return (await readJson(response, betterAuthErrorReplySchema)).code;
}

describe("requesting a password reset", () => {
  it("e-mails a link to an existing address and answers an unknown one the same", async () => {
    const creator = await createCreator(app);
    const unknownEmail = uniqueEmail("nobody");

    const known = await requestReset(creator.email);
    const unknown = await requestReset(unknownEmail);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = await known.json();
    expect(await unknown.json()).toEqual(knownBody);
    expect(knownBody).toMatchObject({ status: true });

    const sent = await resetMailFor(creator.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.userId).toBe(creator.id);
    expect(linksIn(sent[0]!, `${TEST_ORIGIN}/api/auth/reset-password/`)).toHaveLength(1);
    expect(await readOutbox(app, unknownEmail)).toHaveLength(0);
  });

  it.each([
    ["/api/auth/request-password-reset", "password_reset"],
    ["/api/auth/send-verification-email", "verify_email"],
  ] as const)(
    "%s looks nothing up before answering: the address and its e-mail are the job queue's",
    async (path, kind) => {
      // An app whose workers don't run: whatever the request itself does is all that happens.
      const idle = await createTestApp({}, { runsJobs: false });
      try {
        const creator = await createCreator(idle);
        const db = idle.runtime.deps.db;
        const tokensBefore = await db.select().from(verification);
        const mailBefore = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
        const answers = [];
        for (const email of [creator.email, uniqueEmail("nobody")]) {
          const response = await idle.request(path, {
            ...jsonRequest("POST", { email }),
            ip: fromNewClient(),
          });
          answers.push({ status: response.status, body: await response.text() });
        }
        expect(answers[0]!.status).toBe(200);
        expect(answers[1]).toEqual(answers[0]);
        // No token made and no e-mail written, for the known address either.
        expect(await db.select().from(verification)).toEqual(tokensBefore);
        expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind))).toEqual(
          mailBefore,
        );
      } finally {
        await idle.close();
      }
    },
  );

  it("refuses a malformed address with our 400 before better-auth sees it", async () => {
    const response = await requestReset("not-an-email");
    expect(response.status).toBe(400);
    expect(await readApiError(response)).toEqual({
      code: "validation_failed",
      message: "Enter a valid email address",
    });
  });

  it("rate limits one client to 5 requests a minute, with our JSON error shape", async () => {
    const ip = fromNewClient();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i += 1) {
      last = await requestReset(uniqueEmail("flood"), ip);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await readApiError(last!)).code).toBe("rate_limited");
  });
});

describe("the reset link", () => {
  it("opens the reset page with its token, works once and signs out every session", async () => {
    const creator = await createCreator(app);
    const otherDevice = sessionCookie(await signIn(creator.email, creator.password));
    const { link, token } = await resetLinkFor(creator.email);

    // better-auth checks the token, then sends the browser on to our page.
    const opened = await app.request(new URL(link).pathname + new URL(link).search, {
      redirect: "manual",
    });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(`${TEST_ORIGIN}/reset-password?token=${token}`);

    const reset = await resetPassword(token, "brand-new-pass");
    expect(reset.status).toBe(200);

    for (const cookie of [creator.cookie, otherDevice]) {
      const me = await app.request("/api/me", { headers: { Cookie: cookie } });
      expect(me.status).toBe(401);
    }
    expect((await signIn(creator.email, creator.password)).status).toBe(401);
    expect((await signIn(creator.email, "brand-new-pass")).status).toBe(200);

    // Spent: a second use fails, and opening the link again lands on the page with an error.
    const again = await resetPassword(token, "another-pass");
    expect(again.status).toBe(400);
    expect(await authCodeOf(again)).toBe("INVALID_TOKEN");
    const reopened = await app.request(new URL(link).pathname + new URL(link).search, {
      redirect: "manual",
    });
    expect(reopened.headers.get("location")).toBe(
      `${TEST_ORIGIN}/reset-password?error=INVALID_TOKEN`,
    );
  });

  it("is valid for 1 hour and no longer after", async () => {
    const creator = await createCreator(app);
    const { token } = await resetLinkFor(creator.email);
    const db = app.runtime.deps.db;
    const identifier = `reset-password:${token}`;
    const [row] = await db
      .select()
      .from(verification)
      .where(eq(verification.identifier, identifier));
    const lifetimeSeconds = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(lifetimeSeconds).toBeGreaterThan(3590);
    expect(lifetimeSeconds).toBeLessThanOrEqual(3601);

    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, identifier));
    const late = await resetPassword(token, "too-late-pass");
    expect(late.status).toBe(400);
    expect(await authCodeOf(late)).toBe("INVALID_TOKEN");
    expect((await signIn(creator.email, creator.password)).status).toBe(200);
  });

  it("holds the new password to the sign-up rules", async () => {
    const creator = await createCreator(app);
    const { token } = await resetLinkFor(creator.email);
    const short = await resetPassword(token, "12345");
    expect(short.status).toBe(400);
    expect((await readApiError(short)).message).toBe("Password must be at least 6 characters");
    // Refused before better-auth: the token is still good.
    expect((await resetPassword(token, "123456")).status).toBe(200);
  });
});
