import { codeForStep, freshTotpCode } from "../support/totp";
import { expect, test } from "./fixtures";
import { createSellingCreator } from "./helpers/api";
import { enableTwoFactorInAccountTab } from "./helpers/auth";
import { screenshotForReview } from "./helpers/screenshot";

// Turning 2FA off asks what deleting the account asks: the password and a code from the
// authenticator app that hasn't been used, so a learned password alone can't remove it.

test("turning 2FA off takes the password and an unused code; a missing or spent code is said below the field", async ({
  page,
  baseURL,
}) => {
  const creator = await createSellingCreator(page.request, baseURL!, {
    title: `Gutter Care ${Date.now().toString(36)}`,
    priceCents: 1500,
  });
  await page.goto("/dashboard");
  const { secret, enablingStep } = await enableTwoFactorInAccountTab(page, creator);

  await page.getByRole("button", { name: "Disable 2FA" }).click();
  const dialog = page.getByRole("dialog");
  const submit = dialog.getByRole("button", { name: "Disable 2FA" });
  await dialog.getByLabel("Password").fill(creator.password);
  // No code: the form says so before asking the server.
  await submit.click();
  await expect(
    dialog.getByText("Enter the 6-digit code from your authenticator app"),
  ).toBeVisible();

  // The code that turned 2FA on is spent: the server refuses it, below the field.
  const code = dialog.getByLabel("Authentication code");
  await code.fill(await codeForStep(secret, enablingStep));
  await submit.click();
  await expect(
    dialog.getByText("That code has already been used.", { exact: false }),
  ).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await screenshotForReview(page, {
    path: "test-results/screens/two-factor-disable-used-code.png",
  });

  const fresh = await freshTotpCode(secret, enablingStep);
  await code.fill(fresh.code);
  await submit.click();
  await expect(page.getByText("Two-factor authentication is off.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Enable 2FA" })).toBeVisible();
});
