import { codeForStep, freshTotpCode, totpStep } from "../support/totp";
import { expect, test } from "./fixtures";
import { subscribeThroughApi, uniqueEmail } from "./helpers/api";
import { signOutAndBackInToTwoFactorChallenge } from "./helpers/auth";
import { linkFromOutbox } from "./helpers/outbox";
import { screenshotForReview } from "./helpers/screenshot";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a new creator onboards, sells, sees figures move, turns on 2FA and deletes the account", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("creator");
  const password = "lawns-and-more";

  // 1. Sign up and walk the onboarding wizard.
  await page.goto("/?auth=signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await expect(page.getByRole("button", { name: "Back" })).toBeDisabled();
  await screenshotForReview(page, { path: "test-results/screens/onboarding-1.png" });
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByText("Step 2 of 4")).toBeVisible();
  const continueButton = page.getByRole("button", { name: "Continue" });
  await expect(continueButton).toBeDisabled();
  await page.getByLabel("Business name").fill("Green Thumb Lawn Care");
  await page.getByLabel("Professional Services").check();
  await page.getByLabel("$0 - $1,000/month").check();
  await page.getByLabel("Launch first subscription product").check();
  await screenshotForReview(page, { path: "test-results/screens/onboarding-2.png" });
  await continueButton.click();

  // 2. Payment onboarding on the emulator's hosted page, inside the modal.
  await expect(page.getByText("Step 3 of 4")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await page.getByRole("button", { name: "Complete Setup (Setup Payments)" }).click();
  await expect(page.getByRole("dialog", { name: "Complete Payment Setup" })).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Setup in Progress...", includeHidden: true }),
  ).toBeVisible();
  const onboarding = page.frameLocator('iframe[title="Stripe account onboarding"]');
  await onboarding.getByLabel("Business name").fill("Green Thumb Lawn Care");
  await onboarding.getByLabel("First name").fill("Dana");
  await onboarding.getByLabel("Last name").fill("Reyes");
  await screenshotForReview(page, { path: "test-results/screens/onboarding-3-stripe.png" });
  await onboarding.getByRole("button", { name: "Submit and finish onboarding" }).click();
  await expect(page.getByRole("dialog", { name: "Complete Payment Setup" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Payment Setup Complete ✓" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "You're all set!" })).toBeVisible();
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole("heading", { name: "Green Thumb Lawn Care's Dashboard" }),
  ).toBeVisible();

  // 3. Create an offering, copy its URL, deactivate and reactivate it, edit its price.
  await expect(page.getByRole("button", { name: "Create Your First Subscription" })).toBeVisible();
  await screenshotForReview(page, { path: "test-results/screens/dashboard-empty.png" });
  await page.getByRole("button", { name: "Create Your First Subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Subscription" });
  await expect(dialog.getByLabel("Service Type")).toBeDisabled();
  await dialog.getByRole("button", { name: "Create Subscription" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await dialog.getByLabel("Title").fill("Weekly Lawn Care");
  await dialog.getByLabel("Category").selectOption("home-property");
  await dialog.getByLabel("Service Type").selectOption("Lawn Care");
  await dialog.getByLabel("Description").fill("Mowing, edging and clippings removed, every week.");
  await dialog.getByLabel("Price per month (USD)").fill("25");
  await dialog.getByRole("button", { name: "Create Subscription" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Weekly Lawn Care" })).toBeVisible();
  await expect(page.getByText("$25.00/month").first()).toBeVisible();
  await page.getByRole("button", { name: "Copy the public URL of Weekly Lawn Care" }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/landing\/weekly-lawn-care-[0-9a-f]{8}$/);
  await page.getByRole("button", { name: "Deactivate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(page.getByText("Inactive", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Subscription" });
  await expect(
    edit.getByText("Existing subscribers keep the price they signed up for."),
  ).toBeVisible();
  await edit.getByLabel("Price per month (USD)").fill("30");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("$30.00/month").first()).toBeVisible();
  await screenshotForReview(page, {
    path: "test-results/screens/dashboard-overview.png",
    fullPage: true,
  });

  // 4. A customer pays (through the API here; the customer journey tests the UI), figures move.
  const customUrl = copied.split("/landing/")[1]!;
  await subscribeThroughApi(request, baseURL!, customUrl, "Pat Customer");
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByText("Pat Customer")).toBeVisible();
  await expect(page.getByText("$360.00")).toBeVisible(); // projected annual: 12 × $30
  await screenshotForReview(page, {
    path: "test-results/screens/dashboard-analytics.png",
    fullPage: true,
  });
  await page.getByRole("tab", { name: "Earnings" }).click();
  await expect(page.getByText("$25.50").first()).toBeVisible(); // $30 − 15%
  await expect(page.getByText("$30.00 − $4.50 fee")).toBeVisible();
  await screenshotForReview(page, {
    path: "test-results/screens/dashboard-earnings.png",
    fullPage: true,
  });

  // 5. Turn on 2FA, sign in with it, then delete the account. 2FA goes on only for a verified
  // address: the Account tab says so until the link sign-up e-mailed is opened.
  await page.getByRole("tab", { name: "Account" }).click();
  await expect(page.getByRole("button", { name: "Enable 2FA" })).toBeDisabled();
  await page.goto(await linkFromOutbox(page.request, email, "/api/auth/verify-email?"));
  await expect(page).toHaveURL("/dashboard");
  await page.getByRole("tab", { name: "Account" }).click();
  await expect(page.getByText("Payment setup complete.")).toBeVisible();
  await page.getByRole("button", { name: "Enable 2FA" }).click();
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  const secret = await page.getByTestId("totp-secret").textContent();
  const enablingStep = totpStep();
  await page.getByLabel("Authentication code").fill(await codeForStep(secret!, enablingStep));
  await page.getByRole("button", { name: "Turn on 2FA" }).click();
  await expect(page.getByText("Two-factor authentication is on", { exact: true })).toBeVisible();
  await screenshotForReview(page, {
    path: "test-results/screens/dashboard-account.png",
    fullPage: true,
  });
  await signOutAndBackInToTwoFactorChallenge(page, { email, password });
  // Each code works once: the one that turned 2FA on is refused, a newer one signs in.
  await page.getByLabel("Authentication code").fill(await codeForStep(secret!, enablingStep));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code has already been used.");
  const signInCode = await freshTotpCode(secret!, enablingStep);
  await page.getByLabel("Authentication code").fill(signInCode.code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page.getByRole("tab", { name: "Account" }).click();
  const userId = await page.getByRole("textbox", { name: "User ID" }).inputValue();
  await page.getByRole("button", { name: "Delete Account" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Account" });
  await confirm.getByLabel("Type your User ID to confirm").fill(`${userId}x`);
  await expect(confirm.getByRole("button", { name: "Delete Account" })).toBeDisabled();
  await confirm.getByLabel("Type your User ID to confirm").fill(userId);
  // Deleting takes the password and, with 2FA on, a code not used before.
  await confirm.getByRole("button", { name: "Delete Account" }).click();
  await expect(confirm.getByText("Enter your password")).toBeVisible();
  await confirm.getByLabel("Password").fill(password);
  const deleteCode = await freshTotpCode(secret!, signInCode.step);
  await confirm.getByLabel("Authentication code").fill(deleteCode.code);
  await confirm.getByRole("button", { name: "Delete Account" }).click();
  await expect(page).toHaveURL("/");
  await expect(
    page.getByRole("heading", { name: "Turn your service into steady monthly income" }),
  ).toBeVisible();
  // The landing page went with the account.
  await page.goto(`/landing/${customUrl}`);
  await expect(page.getByRole("heading", { name: "Subscription Not Found" })).toBeVisible();
});
