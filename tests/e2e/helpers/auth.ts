import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { codeForStep, totpStep } from "../../support/totp";
import { testClientAddress } from "../fixtures";
import { verifyEmailFromOutbox } from "./outbox";

/**
 * What the sign-up form does: sign-up (the same answer for any address, no session, ADR 013),
 * then sign-in, whose cookie the request context (and a page sharing it) keeps.
 */
export async function signUpAndSignIn(
  request: APIRequestContext,
  baseURL: string,
  account: { email: string; password: string; name?: string },
) {
  // From an address of its own (the e2e server trusts one proxy), like the page's own calls.
  const headers = { Origin: baseURL, "X-Forwarded-For": testClientAddress() };
  const { email, password, name = "" } = account;
  const signUp = await request.post("/api/auth/sign-up/email", {
    headers,
    data: { email, password, name },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${await signUp.text()}`);
  const signIn = await request.post("/api/auth/sign-in/email", {
    headers,
    data: { email, password },
  });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${await signIn.text()}`);
  return signIn;
}

/**
 * Signs out of the dashboard and in again through the form, for an account with two-factor
 * authentication on: it ends on the challenge that asks for a code.
 */
export async function signOutAndBackInToTwoFactorChallenge(
  page: Page,
  account: { email: string; password: string },
) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/?auth=signin");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
}

/**
 * Turns 2FA on from the dashboard's Account tab, as a person does: the password, then the secret
 * typed into an authenticator (computed here) and its code. Returns what the dialog showed.
 * Two-factor goes on only for a verified address, so the link sign-up e-mailed is opened first
 * (nothing happens if it already was).
 */
export async function enableTwoFactorInAccountTab(
  page: Page,
  account: { email: string; password: string },
) {
  const { email, password } = account;
  await verifyEmailFromOutbox(page.request, email);
  // The page's request context shares its cookies: reload to read the verified account.
  await page.reload();
  await page.getByRole("tab", { name: "Account" }).click();
  await page.getByRole("button", { name: "Enable 2FA" }).click();
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  const backupCodes = await page
    .getByRole("list", { name: "Backup codes" })
    .getByRole("listitem")
    .allTextContents();
  const enablingStep = totpStep();
  await page.getByLabel("Authentication code").fill(await codeForStep(secret, enablingStep));
  await page.getByRole("button", { name: "Turn on 2FA" }).click();
  await expect(page.getByText("Two-factor authentication is on", { exact: true })).toBeVisible();
  return { secret, backupCodes, enablingStep };
}
