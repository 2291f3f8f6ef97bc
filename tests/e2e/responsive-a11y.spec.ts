import type { Page } from "@playwright/test";
import { codeForStep } from "../support/totp";
import { expect, test } from "./fixtures";
import { createSellingCreator, subscribeThroughApi, uniqueEmail } from "./helpers/api";
import { signOutAndBackInToTwoFactorChallenge } from "./helpers/auth";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 14: every screen works at 375 px wide with no sideways scrolling, and axe finds nothing
// on any screen or open dialog, at a phone's width and a laptop's. Four walks (signed out, the
// creator's first steps, the creator's dashboard, the customer's) reach every screen once; each
// screen is checked at both widths by resizing the page, so the setup isn't paid twice. Checks
// are soft: one run names every screen that fails. The 375 px shots go to /tmp/responsive-a11y/
// for a human look.

const phone = { width: 375, height: 812 };
const laptop = { width: 1280, height: 800 };
const expiry = `12${String(new Date().getFullYear() + 3).slice(-2)}`;

/** Waits for enter animations (dialogs fade and zoom in), not for endless ones (spinners). */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

interface ScreenOptions {
  /** A dialog or menu: shot at the viewport's size, and axe reads only it (the page behind it
   * is a screen of its own). */
  layer?: string;
  /** Exists only on a phone (the marketing menu). */
  phoneOnly?: boolean;
}

/**
 * Checks the page as it is now at both widths: no sideways overflow, no axe violation. It ends at
 * the phone's width, where the walk goes on.
 */
async function checkScreen(page: Page, name: string, options: ScreenOptions = {}) {
  for (const viewport of options.phoneOnly ? [phone] : [laptop, phone]) {
    await page.setViewportSize(viewport);
    await settle(page);
    const what = `${name} at ${viewport.width} px`;
    await expectNoHorizontalOverflow(page, what, true);
    await expectNoAxeViolations(page, what, { soft: true, include: options.layer });
    if (viewport === phone) {
      const file = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      await screenshotForReview(page, {
        path: `/tmp/responsive-a11y/${file}.png`,
        fullPage: !options.layer,
      });
    }
  }
}

const dialogLayer = { layer: '[role="dialog"]' };

test.use({ viewport: phone });
// Each walk sets up its own creator or none, so the walks spread over both workers.
test.describe.configure({ mode: "parallel" });

test("signed-out screens fit 375 and 1280 px with no axe violations", async ({ page }) => {
  test.setTimeout(120_000);
  await test.step("marketing pages", async () => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await checkScreen(page, "home");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
    await checkScreen(page, "home with the menu open", { phoneOnly: true });
    await page.keyboard.press("Escape");
    await page.goto("/features");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await checkScreen(page, "features");
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await checkScreen(page, "pricing");
  });

  await test.step("signed-out screens", async () => {
    await page.goto("/?auth=signin");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await checkScreen(page, "sign-in");
    await page.goto("/forgot-password");
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
    await checkScreen(page, "forgot password");
    await page.goto("/reset-password?token=not-a-real-token");
    await expect(page.getByRole("button", { name: "Set New Password" })).toBeVisible();
    await checkScreen(page, "reset password");
    await page.goto("/reset-password?error=INVALID_TOKEN");
    await expect(page.getByRole("link", { name: "Send a New Link" })).toBeVisible();
    await checkScreen(page, "reset password with an expired link");
    await page.goto("/manage");
    await expect(page.getByRole("button", { name: "Email Me My Links" })).toBeVisible();
    await checkScreen(page, "manage links");
    await page.goto("/success?session_id=cs_test_e2e123");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await checkScreen(page, "checkout success");
    await page.goto("/landing/no-such-offering-123");
    await expect(page.getByRole("heading", { name: "Subscription Not Found" })).toBeVisible();
    await checkScreen(page, "landing page not found");
  });
});

test("the creator's sign-up, onboarding and empty dashboard fit 375 and 1280 px with no axe violations", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("responsive");
  await test.step("sign-up and the onboarding wizard", async () => {
    await page.goto("/?auth=signup");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    await checkScreen(page, "sign-up");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("lawns-and-more");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Step 1 of 4")).toBeVisible();
    await checkScreen(page, "onboarding step 1");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Business name").fill("Green Thumb Lawn Care");
    await page.getByLabel("Professional Services").check();
    await page.getByLabel("$0 - $1,000/month").check();
    await checkScreen(page, "onboarding step 2");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Step 3 of 4")).toBeVisible();
    await checkScreen(page, "onboarding step 3");
    await page.getByRole("button", { name: "Complete Setup (Setup Payments)" }).click();
    const modal = page.getByRole("dialog", { name: "Complete Payment Setup" });
    const frame = page.frameLocator('iframe[title="Stripe account onboarding"]');
    await expect(frame.getByLabel("Business name")).toBeVisible();
    await checkScreen(page, "payment setup dialog", dialogLayer);
    await frame.getByLabel("Business name").fill("Green Thumb Lawn Care");
    await frame.getByLabel("First name").fill("Dana");
    await frame.getByLabel("Last name").fill("Reyes");
    await frame.getByLabel("Routing number").fill("110000000");
    await frame.getByLabel("Account number").fill("000123456789");
    await frame.getByRole("button", { name: "Submit and finish onboarding" }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole("button", { name: "Payment Setup Complete ✓" })).toBeVisible();
    await checkScreen(page, "onboarding step 3, complete");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "You're all set!" })).toBeVisible();
    await checkScreen(page, "onboarding step 4");
    await page.getByRole("button", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step("an empty dashboard and the create dialogs", async () => {
    await expect(
      page.getByRole("button", { name: "Create Your First Subscription" }),
    ).toBeVisible();
    await checkScreen(page, "dashboard, empty, unverified e-mail");
    await page.getByRole("button", { name: "Create Your First Subscription" }).click();
    const create = page.getByRole("dialog", { name: "Create New Subscription" });
    await expect(create).toBeVisible();
    await checkScreen(page, "create offering dialog", dialogLayer);
    await create.getByRole("button", { name: "Add custom service type" }).click();
    const custom = page.getByRole("dialog", { name: "Add Custom Service Type" });
    await expect(custom).toBeVisible();
    await checkScreen(page, "custom service type dialog", dialogLayer);
    await custom.getByRole("button", { name: "Cancel" }).click();
    await create.getByRole("button", { name: "Cancel" }).click();
    await expect(create).toBeHidden();
    await page.getByRole("tab", { name: "Subscribers" }).click();
    await expect(page.getByText("No subscribers yet")).toBeVisible();
    await checkScreen(page, "subscribers tab, empty");
  });
});

// The creator's screens are two tests, so that neither runs near its timeout on a busy machine:
// each screen is checked at two widths, and axe takes seconds a screen.
test("the creator's dashboard tabs and dialogs fit 375 and 1280 px with no axe violations", async ({
  page,
  baseURL,
}) => {
  // Seventeen screens at two widths: 1.5 minutes on a quiet machine, so room for a busy one.
  test.setTimeout(240_000);
  const title = `Lawn Care ${Date.now().toString(36)}`;
  // Set up through the API in the page's own context (its cookies): a verified, onboarded
  // creator selling one offering to one subscriber. The screens before this are the test above.
  const { offering } = await createSellingCreator(page.request, baseURL!, {
    title,
    priceCents: 2500,
  });
  await subscribeThroughApi(page.request, baseURL!, offering.customUrl, "Mary Jones");

  await test.step("the dashboard's tabs and dialogs", async () => {
    await page.goto("/dashboard");
    await expect(page.getByRole("button", { name: `Edit ${title}` })).toBeVisible();
    await checkScreen(page, "dashboard overview");
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Subscription" });
    await expect(edit).toBeVisible();
    await checkScreen(page, "edit offering dialog", dialogLayer);
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();
    await page.getByRole("button", { name: `Deactivate ${title}` }).click();
    const deactivate = page.getByRole("dialog", { name: `Deactivate “${title}”?` });
    await expect(deactivate).toBeVisible();
    await checkScreen(page, "deactivate offering dialog", dialogLayer);
    await page.keyboard.press("Escape");
    await expect(deactivate).toBeHidden();

    await page.getByRole("tab", { name: "Subscribers" }).click();
    await expect(page.getByRole("button", { name: "Mary Jones" })).toBeVisible();
    await checkScreen(page, "subscribers tab");
    await page.getByRole("button", { name: "Export CSV" }).click();
    await expect(page.getByRole("menuitem", { name: "All subscribers" })).toBeVisible();
    await checkScreen(page, "export menu", { layer: '[role="menu"]' });
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Mary Jones" }).click();
    const detail = page.getByRole("dialog", { name: "Mary Jones" });
    await expect(detail.getByRole("region", { name: "Payment history" })).toContainText("$25.00");
    await checkScreen(page, "subscriber detail", dialogLayer);
    await detail.getByRole("button", { name: /^Refund the \$25\.00 payment/ }).click();
    const refund = page.getByRole("dialog", { name: "Refund this payment?" });
    await expect(refund).toBeVisible();
    await checkScreen(page, "refund dialog", dialogLayer);
    await page.keyboard.press("Escape");
    await expect(refund).toBeHidden();
    await detail.getByRole("button", { name: "Cancel subscription" }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel Mary Jones's subscription?" });
    await expect(cancel).toBeVisible();
    await checkScreen(page, "cancel subscriber dialog", dialogLayer);
    await page.keyboard.press("Escape");
    await expect(cancel).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(detail).toBeHidden();

    await page.getByRole("tab", { name: "Analytics" }).click();
    await expect(page.getByRole("group", { name: "MRR" })).toContainText("$25.00");
    await checkScreen(page, "analytics tab");
    await page.getByRole("tab", { name: "Earnings" }).click();
    await expect(page.getByRole("group", { name: "Total Earnings" })).toContainText("$21.25");
    await checkScreen(page, "earnings tab");
    await page.getByRole("tab", { name: "Account" }).click();
    await expect(page.getByText("Payment setup complete.")).toBeVisible();
    await checkScreen(page, "account tab");

    await page.getByRole("button", { name: "Change Password" }).click();
    const change = page.getByRole("dialog", { name: "Change Password" });
    await expect(change).toBeVisible();
    await checkScreen(page, "change password dialog", dialogLayer);
    await page.keyboard.press("Escape");
    await expect(change).toBeHidden();

    await page.getByRole("button", { name: "Delete Account" }).click();
    const remove = page.getByRole("dialog", { name: "Delete Account" });
    await expect(remove).toBeVisible();
    await checkScreen(page, "delete account dialog", dialogLayer);
    await page.keyboard.press("Escape");
    await expect(remove).toBeHidden();

    await page.goto("/dashboard?connect_setup=complete");
    await expect(page.getByRole("dialog")).toBeVisible();
    await checkScreen(page, "payment setup status dialog", dialogLayer);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});

test("the dev outbox and the 2FA screens fit 375 and 1280 px with no axe violations", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await createSellingCreator(page.request, baseURL!, {
    title: `Walks ${Date.now().toString(36)}`,
    priceCents: 2500,
  });

  await test.step("the dev outbox", async () => {
    await page.goto("/dev/outbox");
    await expect(page.getByText(email).first()).toBeVisible();
    await checkScreen(page, "outbox");
  });

  await test.step("2FA: setup dialog, then the sign-in challenge", async () => {
    await page.goto("/dashboard?tab=settings");
    await page.getByRole("button", { name: "Enable 2FA" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await checkScreen(page, "2FA dialog, password", dialogLayer);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Continue" }).click();
    const secret = await page.getByTestId("totp-secret").textContent();
    await checkScreen(page, "2FA dialog, QR code", dialogLayer);
    await page.getByLabel("Authentication code").fill(await codeForStep(secret!));
    await page.getByRole("button", { name: "Turn on 2FA" }).click();
    await expect(page.getByText("Two-factor authentication is on", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await signOutAndBackInToTwoFactorChallenge(page, { email, password });
    await checkScreen(page, "2FA sign-in challenge");
  });
});

test("the customer's screens and dialogs fit 375 and 1280 px with no axe violations", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Dog Walks ${Date.now().toString(36)}`;
  const { offering } = await createSellingCreator(page.request, baseURL!, {
    title,
    priceCents: 2500,
  });
  const customUrl = offering.customUrl;
  await test.step("the landing page, both addresses, and the subscribe dialog", async () => {
    await page.goto(`/${customUrl}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await checkScreen(page, "landing page, short address");
    await page.goto(`/landing/${customUrl}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await checkScreen(page, "landing page");
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    const dialog = page.getByRole("dialog", { name: `Subscribe to ${title}` });
    await expect(dialog.getByLabel("Full Name")).toBeVisible();
    await checkScreen(page, "subscribe dialog, details", dialogLayer);
    await dialog.getByLabel("Full Name").fill("Sam Self");
    await dialog.getByLabel("Email Address").fill(uniqueEmail("selfserve"));
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByLabel("Card number")).toBeVisible();
    await checkScreen(page, "subscribe dialog, card", dialogLayer);
    await dialog.getByLabel("Card number").fill("4242424242424242");
    await dialog.getByLabel("Expiration date MM / YY").fill(expiry);
    await dialog.getByLabel("CVC").fill("123");
    await dialog.getByRole("button", { name: "Subscribe for $25.00/month" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await checkScreen(page, "subscribe dialog, success", dialogLayer);
    // The dialog is named by its step now.
    await page
      .getByRole("dialog", { name: "Payment Successful!" })
      .getByRole("button", { name: "Close", exact: true })
      .click();
    await page.reload();
    await expect(page.getByText("Already subscribed?")).toBeVisible();
    await checkScreen(page, "landing page, returning subscriber");
  });

  await test.step("the customer's self-service page and its dialogs", async () => {
    await page.getByRole("link", { name: "Manage Subscription" }).click();
    await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
    await checkScreen(page, "self-service page");
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
    await checkScreen(page, "self-service page, changing the e-mail");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(confirm).toBeVisible();
    await checkScreen(page, "self-service cancel dialog", dialogLayer);
    await confirm.getByRole("button", { name: "Keep Subscription" }).click();
    await expect(confirm).toBeHidden();
    await page.goto(`/customer/${customUrl}/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByRole("heading", { name: "Subscription Not Found" })).toBeVisible();
    await checkScreen(page, "self-service page not found");
  });
});
