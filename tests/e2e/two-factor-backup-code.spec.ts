import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createSellingCreator } from "./helpers/api";
import { enableTwoFactorInAccountTab, signOutAndBackInToTwoFactorChallenge } from "./helpers/auth";
import { screenshotForReview } from "./helpers/screenshot";

// A creator without their phone signs in with one of the backup codes the 2FA dialog showed.
// Each backup code works once; a code that isn't theirs is refused with a message.

async function switchToBackupCode(page: Page) {
  await page.getByRole("button", { name: "Use a backup code" }).click();
  await expect(page.getByText("Enter one of your backup codes.")).toBeVisible();
}

async function submitBackupCode(page: Page, code: string) {
  await page.getByLabel("Backup code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test("a backup code signs in once; the same code again and a wrong one are refused", async ({
  page,
  baseURL,
}) => {
  const creator = await createSellingCreator(page.request, baseURL!, {
    title: `Window Cleaning ${Date.now().toString(36)}`,
    priceCents: 2000,
  });
  await page.goto("/dashboard");
  const { backupCodes } = await enableTwoFactorInAccountTab(page, creator);
  // better-auth's default: ten codes of two groups of five ("AbC12-dEf34").
  expect(backupCodes).toHaveLength(10);
  for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
  const [firstCode, secondCode] = backupCodes as [string, string];

  await signOutAndBackInToTwoFactorChallenge(page, creator);
  await switchToBackupCode(page);
  await expect(page.getByLabel("Authentication code")).toHaveCount(0);
  await screenshotForReview(page, { path: "test-results/screens/two-factor-backup-code.png" });
  await submitBackupCode(page, firstCode);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();

  await signOutAndBackInToTwoFactorChallenge(page, creator);
  await switchToBackupCode(page);
  await submitBackupCode(page, firstCode);
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Each backup code works once");
  await expect(page).not.toHaveURL(/\/dashboard/);
  await screenshotForReview(page, { path: "test-results/screens/two-factor-backup-code-used.png" });

  // Well formed but not one of theirs: the server refuses it, with the same message.
  const notTheirs = backupCodes.includes("ZZZZZ-ZZZZZ") ? "YYYYY-YYYYY" : "ZZZZZ-ZZZZZ";
  await submitBackupCode(page, notTheirs);
  await expect(alert).toContainText("That backup code didn't work");
  await expect(page).not.toHaveURL(/\/dashboard/);
  // Not a code at all: the form says so before asking the server.
  await page.getByLabel("Backup code").fill("not a code!");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That is not one of your backup codes")).toBeVisible();

  // The server's refusal was about a backup code: it goes when switching to the app's code.
  await page.getByRole("button", { name: "Use authenticator code" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await expect(alert).toHaveCount(0);
  await switchToBackupCode(page);

  // The refusals spent nothing else: an unused code still signs in.
  await submitBackupCode(page, secondCode);
  await expect(page).toHaveURL(/\/dashboard/);
});
