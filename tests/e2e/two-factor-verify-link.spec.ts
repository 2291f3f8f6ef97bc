import { readApiError } from "../support/read-json";
import { expect, test, testClientAddress } from "./fixtures";
import { uniqueEmail } from "./helpers/api";
import { enableTwoFactorInAccountTab, signUpAndSignIn } from "./helpers/auth";
import { linkFromOutbox } from "./helpers/outbox";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 18, Security 1 and 6: two-factor authentication goes on only once the address is
// verified. Otherwise someone who signs up with another person's address could lock its owner
// out with their own authenticator, and a verification link for that account (which anyone can
// ask for) would be the way in that the server has to refuse. Accounts that turned it on before
// this rule are covered by tests/security/auth-second-factor.test.ts.

test("an unverified address can't turn 2FA on: the Account tab says so and resends the link; once it is opened, 2FA goes on", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("twofa-unverified");
  const password = "owner-pass-1";
  const headers = { Origin: baseURL!, "X-Forwarded-For": testClientAddress() };
  await signUpAndSignIn(page.request, baseURL!, { email, password });
  await page.request.post("/api/onboarding/complete", {
    headers,
    data: {
      businessName: "Kit's Kitchens",
      businessType: "services",
      monthlyRevenue: "0-1k",
      goals: [],
    },
  });

  // The server refuses it, whatever the page shows.
  const refused = await page.request.post("/api/auth/two-factor/enable", {
    headers,
    data: { password },
  });
  expect(refused.status()).toBe(403);
  expect((await readApiError(refused)).message).toContain(
    "Verify your e-mail address before turning on two-factor authentication",
  );

  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Account" }).click();
  await expect(
    page.getByText("Verify your e-mail address before turning on two-factor authentication"),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Enable 2FA" })).toBeDisabled();
  await page.getByRole("button", { name: "Resend verification e-mail" }).click();
  await expect(page.getByText(`Verification e-mail sent to ${email}.`)).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/two-factor-unverified.png", fullPage: true });

  // The owner opens the link: it signs this browser in again (sessions from before it end).
  await page.goto(await linkFromOutbox(page.request, email, "/api/auth/verify-email?"));
  await expect(page).toHaveURL("/dashboard");
  await page.getByRole("tab", { name: "Account" }).click();
  await expect(page.getByRole("button", { name: "Resend verification e-mail" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Enable 2FA" })).toBeEnabled();
  await enableTwoFactorInAccountTab(page, { email, password });
});
