import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicOfferingResponseSchema } from "../../contracts/landing";
import { user } from "../../server/db/schema/auth";
import type { LandingRenderer } from "../../server/modules/web-shell/landing-renderer";
import { asCreator, createCreator, sessionCookie } from "../factories/creator-factory";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { linksIn, readOutbox } from "../setup/outbox";
import { createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../setup/test-app";
import { readApiError, readJson } from "../support/read-json";
import { sessionReplySchema } from "../support/reply-schemas";

// With the web shell and the real landing renderer (as in landing-page-html.test.ts), so the
// server-drawn landing HTML is checked as well as the JSON.
const webDistDir = path.resolve("web");
const rendererModule = path.resolve("web/src/features/landing/server-render.tsx");

let app: TestApp;

beforeAll(async () => {
  const { renderLandingApp } = (await import(rendererModule)) as {
    renderLandingApp: LandingRenderer;
  };
  app = await createTestApp({}, { webDistDir, renderLanding: renderLandingApp });
});
afterAll(() => app?.close());

async function isVerified(userId: string) {
  const [row] = await app.runtime.deps.db
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return row?.emailVerified;
}

/** The path and query of the newest verification link e-mailed to the address. */
async function verificationLink(email: string) {
  const messages = await readOutbox(app, email, "verify_email");
  const link = linksIn(messages.at(-1)!, `${TEST_ORIGIN}/api/auth/verify-email?`)[0]!;
  const url = new URL(link);
  return url.pathname + url.search;
}

async function landingContact(customUrl: string) {
  const json = await app.request(`/api/public/offerings/${customUrl}`);
  const { offering } = await readJson(json, publicOfferingResponseSchema);
  const html = await (await app.request(`/landing/${customUrl}`)).text();
  return { creatorEmail: offering.creatorEmail, html };
}

describe("e-mail verification", () => {
  it("sign-up e-mails a link; sign-in works before it is used", async () => {
    const creator = await createCreator(app);
    const sent = await readOutbox(app, creator.email, "verify_email");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.userId).toBe(creator.id);
    expect(await isVerified(creator.id)).toBe(false);

    const signIn = await app.request(
      "/api/auth/sign-in/email",
      jsonRequest("POST", { email: creator.email, password: creator.password }),
    );
    expect(signIn.status).toBe(200);
    const me = await app.request("/api/me", asCreator(creator));
    expect(me.status).toBe(200);
  });

  it("the link marks the address verified, signs in and goes to the dashboard", async () => {
    const creator = await createCreator(app);
    const opened = await app.request(await verificationLink(creator.email), {
      redirect: "manual",
    });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/dashboard");
    expect(await isVerified(creator.id)).toBe(true);

    const session = await app.request("/api/auth/get-session", {
      headers: { Cookie: sessionCookie(opened) },
    });
    const body = await readJson(session, sessionReplySchema);
    expect(body?.user).toMatchObject({ id: creator.id, emailVerified: true });
  });

  it("a broken link goes to the dashboard with an error and verifies nothing", async () => {
    const creator = await createCreator(app);
    const link = await verificationLink(creator.email);
    const tampered = link.replace(/token=([^&]+)/, (_m, token: string) => `token=${token}x`);
    const opened = await app.request(tampered, { redirect: "manual" });
    expect(opened.headers.get("location")).toBe("/dashboard?error=INVALID_TOKEN");
    expect(await isVerified(creator.id)).toBe(false);
  });

  it("Resend sends a fresh link to the signed-in creator, and refuses once verified", async () => {
    const creator = await createCreator(app);
    const resend = (cookie = creator.cookie) =>
      app.request(
        "/api/auth/send-verification-email",
        jsonRequest("POST", { email: creator.email }, { Cookie: cookie }),
      );
    expect((await resend()).status).toBe(200);
    expect(await readOutbox(app, creator.email, "verify_email")).toHaveLength(2);

    // Opened in the creator's browser: verifying ends the sessions opened before it (issue 18),
    // and the link signs this browser in again.
    const opened = await app.request(await verificationLink(creator.email), {
      ...asCreator(creator),
      redirect: "manual",
    });
    expect((await app.request("/api/me", asCreator(creator))).status).toBe(401);
    // The browser keeps the last session cookie the answer set (it first expires the old one).
    const fresh = opened.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith("better-auth.session_token="))
      .at(-1)!
      .split(";")[0]!;
    const after = await resend(fresh);
    expect(after.status).toBe(400);
    expect(await readOutbox(app, creator.email, "verify_email")).toHaveLength(2);
  });

  it("refuses a malformed resend or verify request with our 400", async () => {
    const creator = await createCreator(app);
    const badBody = await app.request(
      "/api/auth/send-verification-email",
      asCreator(creator, jsonRequest("POST", { email: creator.email, extra: 1 })),
    );
    expect(badBody.status).toBe(400);
    const noToken = await app.request("/api/auth/verify-email?callbackURL=%2Fdashboard");
    expect(noToken.status).toBe(400);
    expect((await readApiError(noToken)).code).toBe("validation_failed");
  });
});

describe("the landing page's contact", () => {
  it("hides an unverified creator's e-mail, in the JSON and the server-drawn HTML", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { title: "Window Cleaning" });

    const before = await landingContact(offering.customUrl);
    expect(before.creatorEmail).toBeNull();
    expect(before.html).toContain("Window Cleaning");
    expect(before.html).not.toContain(creator.email);
    expect(before.html).not.toContain("mailto:");

    await app.request(await verificationLink(creator.email), { redirect: "manual" });
    // Landing reads are cached for a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await landingContact(offering.customUrl);
    expect(after.creatorEmail).toBe(creator.email);
    expect(after.html).toContain(`mailto:${creator.email}`);
  });
});
