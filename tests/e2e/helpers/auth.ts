import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { testClientAddress } from "../fixtures";

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
