import { categories } from "../../contracts/catalogue";
import { expect, test } from "./fixtures";

const ideaCount = categories.reduce((sum, c) => sum + c.serviceTypes.length, 0);

test("the home page shows the showcase, the steps and the business-ideas claim", async ({
  page,
}) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Turn your service into steady monthly income" }),
  ).toBeVisible();
  // The claim is the catalogue's real count, not a round number above it.
  await expect(
    page.getByText(`${ideaCount} business ideas across ${categories.length} categories`).first(),
  ).toBeVisible();
  for (const category of ["Home & Property", "Pet Care", "Food & Beverage", "Health & Wellness"]) {
    await expect(page.getByRole("heading", { name: category })).toBeVisible();
  }
  for (const step of ["Choose your service", "Set your price", "Launch and share"]) {
    await expect(page.getByRole("heading", { name: step })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Home", exact: true }).first()).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("pricing offers Free, Premium and Professional, each with its sign-up, and a keyboard FAQ", async ({
  page,
}) => {
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Pricing" })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);

  const free = page.getByRole("region", { name: "Free" });
  // The spec's strings: "$0", "$199 per month" (issue 18), and no promise the server breaks.
  await expect(free.getByText("$0", { exact: true })).toBeVisible();
  await expect(free.getByText("Up to 200 subscriptions, unlimited subscribers")).toBeVisible();
  await expect(free.getByText(/unlimited subscriptions/i)).toHaveCount(0);
  await expect(free.getByText("15% platform fee", { exact: true })).toBeVisible();
  const premium = page.getByRole("region", { name: "Premium" });
  await expect(premium.getByText("$199", { exact: true })).toBeVisible();
  await expect(premium.getByText("per month", { exact: true })).toBeVisible();
  await expect(premium.getByText("5% platform fee", { exact: true })).toBeVisible();
  // Without an account, a paid plan begins with signing up (issue 23).
  await expect(premium.getByRole("link", { name: "Choose Premium" })).toHaveAttribute(
    "href",
    "/?auth=signup",
  );
  const professional = page.getByRole("region", { name: "Professional" });
  await expect(professional.getByText("$499", { exact: true })).toBeVisible();
  await expect(professional.getByText("0% platform fee", { exact: true })).toBeVisible();
  await expect(professional.getByRole("link", { name: "Choose Professional" })).toHaveAttribute(
    "href",
    "/?auth=signup",
  );
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  // Only perks that are built (ADR 037); Professional's processing said as it is.
  await expect(
    professional.getByText("Card processing at Stripe's cost: 2.9% + 30¢ per charge"),
  ).toBeVisible();
  await expect(
    page.getByText(
      /logo and brand colour|Priority e-mail support|Team members|Dedicated onboarding/,
    ),
  ).toHaveCount(0);

  const faq = page.getByRole("region", { name: "Frequently asked questions" });
  await expect(faq.getByRole("button")).toHaveCount(4);
  const question = faq.getByRole("button", { name: "When do I get paid?" });
  // The FAQ is an island: drawn first, disabled until its code has loaded and hydrated it.
  await expect(question).toBeEnabled();
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(question).toHaveAttribute("aria-expanded", "true");
  await expect(faq.getByText(/daily/)).toBeVisible();

  await free.getByRole("link", { name: "Get Started Free" }).click();
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
});

test("on a phone the menu opens, navigates and closes on Escape", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/features");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const toggle = page.getByRole("button", { name: "Open menu" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();

  await toggle.click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Pricing" })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});
