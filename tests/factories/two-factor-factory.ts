import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { user } from "../../server/db/schema/auth";
import { type AppClient, jsonRequest, type TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";
import { twoFactorSetupReplySchema } from "../support/reply-schemas";
import { codeForStep, totpStep } from "../support/totp";
import { asCreator, nextClientAddress, sessionCookie, type TestCreator } from "./creator-factory";

export interface TwoFactorCreator extends TestCreator {
  /** Base32, as the QR code carries it. */
  totpSecret: string;
  backupCodes: string[];
  /** The step whose code turned 2FA on: it and earlier ones are spent. */
  enabledWithStep: number;
}

/** Asks to start 2FA setup with the password, as the Account tab does. */
export function requestTwoFactorSetup(app: AppClient, creator: TestCreator) {
  // better-auth allows 3 two-factor requests in 10 seconds per address; each call gets its own.
  return app.request("/api/auth/two-factor/enable", {
    ...asCreator(creator, jsonRequest("POST", { password: creator.password })),
    ip: nextClientAddress(),
  });
}

/** Starts 2FA setup (password → secret and backup codes). */
async function startTwoFactorSetup(app: AppClient, creator: TestCreator) {
  const response = await requestTwoFactorSetup(app, creator);
  expect(response.status, await response.clone().text()).toBe(200);
  const body = await readJson(response, twoFactorSetupReplySchema);
  const secret = new URL(body.totpURI).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${body.totpURI}`);
  return { secret, backupCodes: body.backupCodes };
}

/**
 * Marks the creator's address verified, as opening the e-mailed link would, but without the
 * link's side effect (it ends every session opened before it), so tests of what turning 2FA on
 * does to other sessions see only that.
 */
export async function markAddressVerified(app: TestApp, creator: TestCreator) {
  await app.runtime.deps.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.id, creator.id));
}

/**
 * Turns 2FA on with the current step's code, after verifying the address (2FA goes on only for
 * a verified one). better-auth then replaces the session, so the returned creator carries the
 * new cookie.
 */
export async function enableTwoFactor(
  app: TestApp,
  creator: TestCreator,
): Promise<TwoFactorCreator> {
  await markAddressVerified(app, creator);
  const { secret, backupCodes } = await startTwoFactorSetup(app, creator);
  const step = totpStep();
  const response = await app.request("/api/auth/two-factor/verify-totp", {
    ...asCreator(creator, jsonRequest("POST", { code: await codeForStep(secret, step) })),
    ip: nextClientAddress(),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return {
    ...creator,
    cookie: sessionCookie(response),
    totpSecret: secret,
    backupCodes,
    enabledWithStep: step,
  };
}

/** Password first: a 2FA account gets the challenge cookie instead of a session. */
export async function startTwoFactorSignIn(app: AppClient, creator: TestCreator) {
  const response = await app.request("/api/auth/sign-in/email", {
    ...jsonRequest("POST", { email: creator.email, password: creator.password }),
    ip: nextClientAddress(),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
  return sessionCookie(response);
}

/** A whole sign-in of a 2FA account: password, then the code after the one that turned 2FA on. */
export async function signInWithNextCode(app: AppClient, creator: TwoFactorCreator) {
  const challenge = await startTwoFactorSignIn(app, creator);
  return verifyTotp(
    app,
    challenge,
    await codeForStep(creator.totpSecret, creator.enabledWithStep + 1),
  );
}

/** The second step of a sign-in: the challenge cookie and a code. */
export function verifyTotp(app: AppClient, cookie: string, code: string) {
  return app.request("/api/auth/two-factor/verify-totp", {
    ...jsonRequest("POST", { code }, { Cookie: cookie }),
    ip: nextClientAddress(),
  });
}
