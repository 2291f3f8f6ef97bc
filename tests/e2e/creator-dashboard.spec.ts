import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { subscribeThroughApi, uniqueEmail } from "./helpers/api";
import { signUpAndSignIn } from "./helpers/auth";
import { screenshotForReview } from "./helpers/screenshot";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const shot = (page: Page, name: string) =>
  screenshotForReview(page, { path: `/tmp/creator-dashboard-${name}.png`, fullPage: true });

/** Sign up and walk the onboarding wizard, payment setup included, as a new creator does. */
async function signUpAndOnboard(page: Page) {
  await page.goto("/?auth=signup");
  await page.getByLabel("Email").fill(uniqueEmail("dashboard"));
  await page.getByLabel("Password").fill("lawns-and-more");
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Step 2 of 4")).toBeVisible();
  await page.getByLabel("Business name").fill("Green Thumb Lawn Care");
  await page.getByLabel("Professional Services").check();
  await page.getByLabel("$0 - $1,000/month").check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByText("Step 3 of 4")).toBeVisible();
  await page.getByRole("button", { name: "Complete Setup (Setup Payments)" }).click();
  const onboarding = page.frameLocator('iframe[title="Stripe account onboarding"]');
  await onboarding.getByLabel("Business name").fill("Green Thumb Lawn Care");
  await onboarding.getByLabel("First name").fill("Dana");
  await onboarding.getByLabel("Last name").fill("Reyes");
  await onboarding.getByRole("button", { name: "Submit and finish onboarding" }).click();
  await expect(page.getByRole("button", { name: "Payment Setup Complete ✓" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "You're all set!" })).toBeVisible();
  await page.getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("a creator creates, shares, pauses and reprices an offering and reads its figures", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpAndOnboard(page);

  // Header: the business name from onboarding (issue 10, defect 6); test-mode badge.
  await expect(
    page.getByRole("heading", { name: "Green Thumb Lawn Care's Dashboard" }),
  ).toBeVisible();
  await expect(page.getByText("Test mode: payments are simulated")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const revenue = page.getByRole("group", { name: "Monthly Revenue" });
  await expect(revenue).toContainText("$0.00");
  await expect(page.getByRole("button", { name: "Create Your First Subscription" })).toBeVisible();
  await shot(page, "1-empty");

  // The create dialog: required fields, dependent service type, nested custom type dialog.
  await page.getByRole("button", { name: "Create Your First Subscription" }).click();
  const create = page.getByRole("dialog", { name: "Create New Subscription" });
  const serviceType = create.getByLabel("Service Type");
  await expect(serviceType).toBeDisabled();
  await create.getByRole("button", { name: "Create Subscription" }).click();
  await expect(create.getByText("Title is required")).toBeVisible();
  await expect(create.getByText("Category is required")).toBeVisible();
  await expect(create.getByText("Service type is required")).toBeVisible();
  await expect(create.getByText("Description is required")).toBeVisible();
  await shot(page, "2-create-errors");

  await create.getByLabel("Category").selectOption("home-property");
  await expect(serviceType).toBeEnabled();
  await serviceType.selectOption("Lawn Care");
  await create.getByLabel("Category").selectOption("pet-care");
  await expect(serviceType, "changing the category clears the service type").toHaveValue("");

  await create.getByRole("button", { name: "Add custom service type" }).click();
  const custom = page.getByRole("dialog", { name: "Add Custom Service Type" });
  await expect(custom.getByLabel("Category")).toHaveValue("pet-care");
  await custom.getByLabel("Service type name").fill("Koi Pond Cleaning");
  await custom.getByLabel("Category").selectOption("home-property");
  await custom.getByRole("button", { name: "Add Service Type" }).click();
  await expect(custom).toBeHidden();
  await expect(create.getByLabel("Category")).toHaveValue("home-property");
  await expect(serviceType).toHaveValue("Koi Pond Cleaning");
  // The same name again in that category is refused, whatever its case.
  await create.getByRole("button", { name: "Add custom service type" }).click();
  await custom.getByLabel("Service type name").fill("koi pond cleaning");
  await custom.getByRole("button", { name: "Add Service Type" }).click();
  await expect(
    custom.getByText("That service type already exists in this category."),
  ).toBeVisible();
  await shot(page, "3-custom-duplicate");
  await custom.getByRole("button", { name: "Cancel" }).click();
  await expect(custom).toBeHidden();
  await expect(create).toBeVisible();

  await serviceType.selectOption("Lawn Care");
  await create.getByLabel("Title").fill("Weekly Lawn Care");
  await create.getByLabel("Description").fill("Mowing, edging and clippings removed, every week.");
  await create.getByLabel("Price per month (USD)").fill("25");
  await shot(page, "4-create-filled");
  // A double click must not create two offerings (one idempotency key per opening).
  await create.getByRole("button", { name: "Create Subscription" }).dblclick();
  await expect(create).toBeHidden();
  await expect(
    page.getByText("“Weekly Lawn Care” is live. Copy its public URL to share it.", {
      exact: true,
    }),
  ).toBeVisible();
  const cards = page.getByRole("heading", { level: 3 });
  await expect(cards).toHaveCount(1);
  await expect(cards).toHaveText("Weekly Lawn Care");
  await expect(page.getByText("$25.00/month")).toBeVisible();
  // Nobody subscribes yet: monthly revenue is what subscribers pay, not list prices (ADR 025).
  await expect(revenue).toContainText("$0.00");
  await expect(page.getByRole("group", { name: "Active Subscription Plans" })).toContainText("1");

  // Copy the public URL.
  await page.getByRole("button", { name: "Copy the public URL of Weekly Lawn Care" }).click();
  await expect(
    page.getByRole("button", { name: "Copy the public URL of Weekly Lawn Care" }),
  ).toContainText("Copied!");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/landing/${copied.split("/landing/")[1]}`);
  expect(copied).toMatch(/\/landing\/weekly-lawn-care-[0-9a-f]{8}$/);
  await expect(page.getByRole("textbox", { name: "Public URL" })).toHaveValue(copied);
  await shot(page, "5-created");

  // Deactivate: inactive, out of revenue; reactivate.
  await page.getByRole("button", { name: "Deactivate Weekly Lawn Care" }).click();
  const confirm = page.getByRole("dialog", { name: "Deactivate “Weekly Lawn Care”?" });
  await expect(confirm.getByText("Nobody is subscribed right now.")).toBeVisible();
  await confirm.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(page.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(revenue).toContainText("$0.00");
  await shot(page, "6-inactive");
  await page.getByRole("button", { name: "Activate Weekly Lawn Care" }).click();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(revenue).toContainText("$0.00");

  // Edit the price; category and service type are read-only.
  await page.getByRole("button", { name: "Edit Weekly Lawn Care" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Subscription" });
  await expect(
    edit.getByText("Category and service type can't be changed after creation."),
  ).toBeVisible();
  await expect(
    edit.getByText("Existing subscribers keep the price they signed up for."),
  ).toBeVisible();
  await expect(edit.getByLabel("Price per month (USD)")).toHaveValue("25.00");
  await edit.getByLabel("Price per month (USD)").fill("30");
  await shot(page, "7-edit");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText("$30.00/month")).toBeVisible();
  await expect(revenue).toContainText("$0.00");

  // Analytics before anyone pays: the tiles and the empty lists.
  await page.getByRole("button", { name: "View Analytics" }).click();
  await expect(page).toHaveURL(/\?tab=analytics$/);
  await expect(page.getByRole("group", { name: "Projected Annual Revenue" })).toContainText(
    "$0.00",
  );
  await expect(page.getByText("No subscribers yet.", { exact: false })).toBeVisible();

  // A customer pays $30: analytics and earnings move.
  const customUrl = copied.split("/landing/")[1] ?? "";
  await subscribeThroughApi(request, baseURL ?? "", customUrl, "Pat Customer");
  await page.reload();
  await expect(page.getByRole("tab", { name: "Analytics" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("group", { name: "Total Subscribers" })).toContainText("1");
  await expect(page.getByRole("group", { name: "New This Month" })).toContainText("1");
  await expect(page.getByText("Pat Customer")).toBeVisible();
  await expect(page.getByText("1 subscriber × $30.00/month")).toBeVisible();
  await expect(page.getByRole("group", { name: "Monthly Revenue" })).toContainText("$30.00");
  await expect(page.getByRole("group", { name: "Projected Annual Revenue" })).toContainText(
    "$360.00",
  );
  await expect(page.getByText("Subscribers and gross revenue received per month")).toBeVisible();
  await shot(page, "8-analytics");

  await page.getByRole("tab", { name: "Earnings" }).click();
  await expect(page).toHaveURL(/\?tab=earnings$/);
  await expect(page.getByRole("group", { name: "Total Earnings" })).toContainText("$25.50");
  await expect(page.getByRole("group", { name: "Total Payments" })).toContainText("1");
  await expect(page.getByRole("group", { name: "Platform Fees" })).toContainText("$4.50");
  await expect(page.getByText("$30.00 − $4.50 fee · Free plan")).toBeVisible();
  await expect(page.getByRole("button", { name: /Tax Documents/ })).toBeDisabled();
  await expect(page.getByText("Daily")).toBeVisible();
  await shot(page, "9-earnings");
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Open Stripe Dashboard" }).click();
  const stripeTab = await popup;
  await expect(stripeTab).not.toHaveURL("about:blank");
  await stripeTab.close();

  // The header now carries the creator name of the first offering (spec's first choice) or
  // still the e-mail prefix if the server stores none; ?tab=settings opens Account.
  await page.goto("/dashboard?tab=settings");
  await expect(page.getByRole("tab", { name: "Account" })).toHaveAttribute("aria-selected", "true");

  // Down to 768 px wide the overview still reads well.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("$30.00/month")).toBeVisible();
  await shot(page, "10-overview-768");

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
});

test("connect_setup=complete opens the Payment Setup modal and leaves the address", async ({
  page,
}) => {
  await signUpAndOnboard(page);
  await page.goto("/dashboard?connect_setup=complete");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("dialog", { name: "Complete Payment Setup" })).toBeVisible();
  await shot(page, "11-connect-setup-complete");
});

test("before payment setup a creator can create, is told what is pending and sent to finish it", async ({
  page,
  baseURL,
}) => {
  // Signed up and past the wizard through the API (page.request shares the page's cookies),
  // but no connected account: the state the dashboard must guard.
  const headers = { Origin: baseURL ?? "" };
  await signUpAndSignIn(page.request, baseURL ?? "", {
    email: uniqueEmail("unpaid"),
    password: "unpaid-pass",
    name: "Robin Unpaid",
  });
  const onboarded = await page.request.post("/api/onboarding/complete", {
    headers,
    data: {
      businessName: "Robin's Dogs",
      businessType: "services",
      monthlyRevenue: "0-1k",
      goals: [],
    },
  });
  expect(onboarded.ok()).toBe(true);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Robin's Dogs' Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Create Subscription", exact: true }).click();
  const create = page.getByRole("dialog", { name: "Create New Subscription" });
  // ADR 024: offerings can be made now; subscribing waits for Stripe.
  await expect(create.getByRole("button", { name: "Create Subscription" })).toBeEnabled();
  await expect(
    create.getByText("its landing page takes subscriptions once Stripe enables payments", {
      exact: false,
    }),
  ).toBeVisible();
  await shot(page, "12-payment-setup-pending");
  await create.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("tab", { name: "Earnings" }).click();
  await expect(page.getByRole("button", { name: "Open Stripe Dashboard" })).toBeDisabled();
  await expect(page.getByText("No payments yet.", { exact: false })).toBeVisible();
  await shot(page, "13-earnings-no-setup");
  await page.getByRole("link", { name: "Complete Setup" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=settings$/);
  await expect(page.getByRole("tab", { name: "Account" })).toHaveAttribute("aria-selected", "true");

  // A failed load says so, keeps the lists empty and retries on request. (A 4xx, so the
  // browser's own "Failed to load resource" line is one the fixture expects.)
  let failuresLeft = 2; // the first load and TanStack Query's one automatic retry
  await page.route("**/api/dashboard/analytics", (route) =>
    failuresLeft-- > 0
      ? route.fulfill({
          status: 429,
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "rate_limited", message: "Slow down" } }),
        })
      : route.continue(),
  );
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByText("Analytics could not be loaded.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Total Subscribers" })).toContainText("—");
  await shot(page, "14-analytics-error");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("Analytics could not be loaded.")).toBeHidden();
  await expect(page.getByRole("group", { name: "Total Subscribers" })).toContainText("0");
  await expect(page.getByText("No subscriptions yet. Create one", { exact: false })).toBeVisible();
});
