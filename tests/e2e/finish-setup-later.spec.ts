import type { Page } from "@playwright/test";
import { NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE } from "../../contracts/landing";
import { offeringListSchema } from "../../contracts/offerings";
import { e2eEmulatorUrl } from "../../playwright.config";
import { readConnectedAccount, readJson } from "../support/read-json";
import { expect, test } from "./fixtures";
import { createSellingCreator, uniqueEmail } from "./helpers/api";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 18, first week 2 and 7 (ADR 024): a creator leaves onboarding before Stripe has enabled
// payments; outages say so, with a retry, instead of hanging or telling a set-up creator to set up.

const shot = (page: Page, name: string) =>
  screenshotForReview(page, { path: `/tmp/finish-setup-later-${name}.png`, fullPage: true });

/** Chromium logs each 5xx these tests serve on purpose; anything else still fails the test. */
function forgiveServerErrors(consoleErrors: string[], count: number) {
  for (let i = 0; i < count; i++) {
    const index = consoleErrors.findIndex((text) => /status of 500/.test(text));
    if (index >= 0) consoleErrors.splice(index, 1);
  }
}

test("'Finish later' from step 3 reaches a dashboard that says what is pending; the landing page takes subscriptions only once Stripe enables payments", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/?auth=signup");
  await page.getByLabel("Email").fill(uniqueEmail("later"));
  await page.getByLabel("Password").fill("lawns-and-more");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Business name").fill("Patient Lawns");
  await page.getByLabel("Professional Services").check();
  await page.getByLabel("$0 - $1,000/month").check();
  await page.getByRole("button", { name: "Continue" }).click();

  // Step 3: start Stripe's onboarding, leave it unfinished (live Stripe may take days).
  await expect(page.getByText("Step 3 of 4")).toBeVisible();
  await page.getByRole("button", { name: "Complete Setup (Setup Payments)" }).click();
  const modal = page.getByRole("dialog", { name: "Complete Payment Setup" });
  await expect(
    page.frameLocator('iframe[title="Stripe account onboarding"]').getByLabel("Business name"),
  ).toBeVisible();
  await modal.getByRole("button", { name: "Close", exact: true }).click();
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await expect(
    page.getByText("or finish it later from your dashboard", { exact: false }),
  ).toBeVisible();
  await shot(page, "1-step-3");
  await page.getByRole("button", { name: "Finish later" }).click();

  // The dashboard, with a banner saying what is pending and a way back.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Patient Lawns' Dashboard" })).toBeVisible();
  const banner = page.getByRole("status").filter({ hasText: "Payment setup isn't finished yet" });
  await expect(banner).toContainText("Stripe hasn't enabled payments on your account yet");
  await expect(banner).toContainText("Stripe still needs:");
  await expect(banner.getByRole("button", { name: "Resume Setup" })).toBeVisible();

  // An offering can be made now; its landing page says it can't take subscriptions yet.
  await page.getByRole("button", { name: "Create Subscription", exact: true }).click();
  const create = page.getByRole("dialog", { name: "Create New Subscription" });
  await create.getByLabel("Title").fill("Weekly Mowing");
  await create.getByLabel("Category").selectOption({ label: "Home & Property" });
  await create.getByLabel("Service Type").selectOption("Lawn Care");
  await create.getByLabel("Description").fill("Mowing and edging every week.");
  await create.getByLabel("Price per month (USD)").fill("25");
  await create.getByRole("button", { name: "Create Subscription" }).click();
  await expect(create).toBeHidden();
  await shot(page, "2-dashboard-pending");

  const offerings = await page.request.get("/api/offerings");
  const [offering] = (await readJson(offerings, offeringListSchema)).offerings;
  const landingPath = `/landing/${offering!.customUrl}`;
  // As the server draws it, before any script: the notice, and no Subscribe button to fail.
  const drawn = await (await page.request.get(landingPath)).text();
  expect(drawn).toContain(NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE.replace("'", "&#x27;"));
  expect(drawn).not.toContain("Subscribe Now");
  await page.goto(landingPath);
  await expect(page.getByText(NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Subscribe/ })).toHaveCount(0);
  await shot(page, "3-landing-not-yet");

  // Stripe enables the account (its account.updated webhook); no other step is needed.
  const status = await page.request.get("/api/connect/account");
  const account = await readConnectedAccount(status);
  await page.request.post(
    `${e2eEmulatorUrl}/_emulator/accounts/${account.stripeAccountId}/complete_onboarding`,
  );
  await page.request.post(`${e2eEmulatorUrl}/_emulator/webhooks/flush`);
  await expect(async () => {
    await page.goto(landingPath);
    await expect(page.getByRole("button", { name: "Subscribe Now" })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByText(NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE)).toHaveCount(0);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Patient Lawns' Dashboard" })).toBeVisible();
  await expect(page.getByText("Payment setup isn't finished yet")).toHaveCount(0);
});

test("/api/me failing shows an error with a retry that recovers, not an endless spinner", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await createSellingCreator(page.request, baseURL!, { title: "Lawn Care", priceCents: 2500 });
  // The first load and TanStack Query's one automatic retry fail.
  let failuresLeft = 2;
  await page.route("**/api/me", (route) =>
    failuresLeft-- > 0
      ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } })
      : route.fallback(),
  );
  await page.goto("/dashboard");
  await expect(page.getByRole("alert")).toContainText("Your account could not be loaded.");
  await shot(page, "4-me-failed");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "Sam's Lawns' Dashboard" })).toBeVisible();
  forgiveServerErrors(consoleErrors, 2);
});

test("a payment status that can't load is said to have failed, never 'complete your payment setup'", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await createSellingCreator(page.request, baseURL!, { title: "Lawn Care", priceCents: 2500 });
  let isFailing = true;
  let failures = 0;
  await page.route("**/api/connect/account", (route) => {
    if (!isFailing || route.request().method() !== "GET") return route.fallback();
    failures++;
    return route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } });
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("alert")).toContainText(
    "Your payment setup status could not be loaded.",
  );
  for (const wrong of [
    "Complete your payment setup",
    "Payments aren't set up yet",
    "Payment setup isn't finished yet",
  ]) {
    await expect(page.getByText(wrong, { exact: false })).toHaveCount(0);
  }
  await page.getByRole("tab", { name: "Earnings" }).click();
  await expect(page.getByRole("link", { name: "Complete Setup" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Overview" }).click();
  await page.getByRole("button", { name: "Create Subscription", exact: true }).click();
  const create = page.getByRole("dialog", { name: "Create New Subscription" });
  await expect(create.getByText("once Stripe enables payments", { exact: false })).toHaveCount(0);
  await create.getByRole("button", { name: "Cancel" }).click();
  await shot(page, "5-status-failed");

  isFailing = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("Your payment setup status could not be loaded.")).toHaveCount(0);
  await expect(page.getByText("Payment setup isn't finished yet")).toHaveCount(0);
  forgiveServerErrors(consoleErrors, failures);
});
