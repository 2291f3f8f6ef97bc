import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createSellingCreator, uniqueEmail } from "./helpers/api";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 18, first week (part A): prices typed as meant, free offerings that read as free, and
// a CSV export that says when it fails.

const shot = (page: Page, name: string) =>
  screenshotForReview(page, { path: `/tmp/first-week-${name}.png`, fullPage: true });

/** Paid wording a free offering must never show. */
const PAID_WORDING = /\bmonth|billed|secure payment|update payment method|\$0\.00/i;

test("the create form refuses an empty or mistyped price and reads a decimal comma as one", async ({
  page,
  baseURL,
}) => {
  // page.request shares the page's cookies: the creator set up here is signed in there too.
  await createSellingCreator(page.request, baseURL!, { title: "Seed", priceCents: 2500 });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Create Subscription", exact: true }).click();
  const create = page.getByRole("dialog", { name: "Create New Subscription" });
  await create.getByLabel("Title").fill("Window Cleaning");
  await create.getByLabel("Category").selectOption("home-property");
  await create.getByLabel("Service Type").selectOption("Lawn Care");
  await create.getByLabel("Description").fill("Every window, inside and out.");
  const price = create.getByLabel("Price per month (USD)");
  const submit = create.getByRole("button", { name: "Create Subscription" });

  // A cleared field is not a free offering.
  await expect(price).toHaveValue("");
  await submit.click();
  await expect(create.getByText("Enter a price, or 0 for a free subscription.")).toBeVisible();
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await shot(page, "price-empty");

  // Three decimals are refused, not rounded; letters are refused, not dropped.
  await price.fill("12.505");
  await submit.click();
  await expect(create.getByText("Use at most 2 decimals (whole cents).")).toBeVisible();
  await price.fill("12 dollars");
  await submit.click();
  await expect(create.getByText("Enter a number of dollars, like 12.50.")).toBeVisible();

  // Typed 0 says it makes a free offering before anything is created.
  await price.fill("0");
  await expect(
    create.getByText("Free: subscribers join without a card and are never charged."),
  ).toBeVisible();

  // "12,50" is twelve dollars fifty, not $1,250.00.
  await price.fill("12,50");
  await shot(page, "price-comma");
  await submit.click();
  await expect(create).toBeHidden();
  await expect(page.getByRole("heading", { level: 3, name: "Window Cleaning" })).toBeVisible();
  await expect(page.getByText("$12.50/month")).toBeVisible();
  await expect(page.getByText("$1,250.00/month")).toHaveCount(0);
});

test("a free offering reads as free on its landing page, in the modal, on success and on the self-service page", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const title = `Free Garden Tips ${Date.now()}`;
  const { offering } = await createSellingCreator(request, baseURL!, { title, priceCents: 0 });

  // As the server draws it, before any JavaScript runs.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const drawn = await noScript.newPage();
  await drawn.goto(`${baseURL}/landing/${offering.customUrl}`);
  await expect(drawn.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Visible text only: the inlined data and scripts are not what a reader sees.
  await expect(drawn.locator("body")).not.toContainText(PAID_WORDING, { useInnerText: true });
  await expect(drawn.locator("body")).toContainText("No card needed", { useInnerText: true });
  expect(await drawn.title()).not.toMatch(PAID_WORDING);
  await noScript.close();

  // Hydrated.
  await page.goto(`/landing/${offering.customUrl}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe for Free" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(PAID_WORDING, { useInnerText: true });
  await expect(page).not.toHaveTitle(PAID_WORDING);
  await shot(page, "free-landing");

  await page.getByRole("button", { name: "Subscribe Now" }).click();
  const dialog = page.getByRole("dialog", { name: `Subscribe to ${title}` });
  await expect(dialog.getByText("Free, no card needed · cancel anytime")).toBeVisible();
  await expect(dialog).not.toContainText(PAID_WORDING, { useInnerText: true });
  await dialog.getByLabel("Full Name").fill("Fran Free");
  await dialog.getByLabel("Email Address").fill(uniqueEmail("free-wording"));
  await dialog.getByRole("button", { name: "Subscribe for Free" }).click();

  const success = page.getByRole("dialog", { name: "You're subscribed!" });
  await expect(success.getByText(`Welcome to ${title}!`, { exact: false })).toBeVisible();
  await expect(success).not.toContainText(/payment|billed|\bmonth/i, { useInnerText: true });
  await success.getByRole("button", { name: "Manage My Subscription" }).click();

  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
  await expect(page.getByText("Free subscription", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Update Payment Method" })).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(PAID_WORDING, { useInnerText: true });
  await shot(page, "free-self-service");
});

test("the CSV export says when it fails, and Try again downloads it", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await createSellingCreator(page.request, baseURL!, { title: "Export", priceCents: 2500 });
  await page.goto("/dashboard?tab=subscribers");
  await shot(page, "export-tab");
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();

  const answer = { status: 500, message: "Something went wrong on our side." };
  await page.route("**/api/subscribers/export/**", (route) =>
    route.fulfill({
      status: answer.status,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "internal", message: answer.message } }),
    }),
  );
  await page.getByRole("button", { name: "Export CSV" }).click();
  await page.getByRole("menuitem", { name: "All subscribers" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Couldn't export" });
  await expect(alert).toContainText("Couldn't export “All subscribers”: Something went wrong");
  await shot(page, "export-error");

  // A session that ended says to sign in again, not a bare 401.
  answer.status = 401;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(alert).toContainText("Your session has ended. Sign in again, then export.");

  await page.unroute("**/api/subscribers/export/**");
  const downloading = page.waitForEvent("download");
  await alert.getByRole("button", { name: "Try again" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(alert).toBeHidden();

  // The browser logs each refused fetch; those were the point of this test.
  const expected = /status of 500/;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.test(e)));
});
