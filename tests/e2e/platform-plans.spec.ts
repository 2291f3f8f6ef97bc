import type { Locator, Page } from "@playwright/test";
import { type CreatorPlan, creatorPlanSchema } from "../../contracts/plan-billing";
import { readJson } from "../support/read-json";
import { expect, test } from "./fixtures";
import { uniqueEmail } from "./helpers/api";
import { signUpAndSignIn } from "./helpers/auth";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { screenshotForReview } from "./helpers/screenshot";
import { typeCard } from "./helpers/subscribe-dialog";

// Issue 23: a creator buys a platform plan by card from the Account tab (or the pricing page's
// buttons), sees it in force with its next charge, card and invoice, and changes or leaves it.
// Each test makes its own creator; every charge goes through the real API and the emulator.

const shot = (page: Page, name: string) =>
  screenshotForReview(page, { path: `test-results/screens/plan-${name}.png` });

/** A signed-in creator past onboarding (payment setup is not needed to buy a plan). */
async function signedInCreator(page: Page, baseURL: string) {
  const email = uniqueEmail("plan");
  await signUpAndSignIn(page.request, baseURL, { email, password: "plans-and-more", name: "Pat" });
  const onboarded = await page.request.post("/api/onboarding/complete", {
    headers: { Origin: baseURL },
    data: {
      businessName: "Pat's Pools",
      businessType: "services",
      monthlyRevenue: "0-1k",
      goals: [],
    },
  });
  expect(onboarded.ok()).toBe(true);
}

async function readPlan(page: Page): Promise<CreatorPlan> {
  return readJson(await page.request.get("/api/plan"), creatorPlanSchema);
}

/** A date as the dashboard writes it in the browser's (en-US) locale. */
const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

/** The Account tab's plan card. */
function planCard(page: Page): Locator {
  return page.getByRole("region", { name: "Platform Usage" });
}

async function openAccountTab(page: Page) {
  await page.goto("/dashboard?tab=settings");
  await expect(planCard(page).getByText("Free Plan", { exact: true })).toBeVisible();
}

/** From the Account tab on Free: the plan's button, its card, and the charge. */
async function buyPlan(page: Page, plan: "Premium" | "Professional", cardNumber: string) {
  await planCard(page)
    .getByRole("button", { name: `Choose ${plan}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Choose your plan" });
  await expect(dialog.getByRole("radio", { name: new RegExp(`^${plan}`) })).toBeChecked();
  await typeCard(page, cardNumber);
  const price = plan === "Premium" ? "$199.00" : "$499.00";
  await dialog.getByRole("button", { name: `Subscribe for ${price}/month` }).click();
  return dialog;
}

test("the pricing page's paid plans lead to sign-up, or signed in, to the buy dialog on that plan", async ({
  page,
  baseURL,
}) => {
  // Signed out: the prerendered page sends a visitor to sign up first.
  await page.goto("/pricing");
  const premium = page.getByRole("region", { name: "Premium" });
  await expect(premium.getByText("Coming soon", { exact: false })).toHaveCount(0);
  await expect(premium.getByRole("link", { name: "Choose Premium" })).toHaveAttribute(
    "href",
    "/?auth=signup",
  );

  await signedInCreator(page, baseURL!);
  await page.goto("/pricing");
  const professional = page.getByRole("region", { name: "Professional" });
  await expect(
    professional.getByText("Card processing at Stripe's cost: 2.9% + 30¢ per charge"),
  ).toBeVisible();
  await screenshotForReview(page, {
    path: "test-results/screens/plan-pricing.png",
    fullPage: true,
  });
  await page
    .getByRole("region", { name: "Premium" })
    .getByRole("link", { name: "Choose Premium" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Choose your plan" });
  await expect(dialog.getByRole("radio", { name: /^Premium/ })).toBeChecked();
  await expect(dialog.getByRole("button", { name: "Subscribe for $199.00/month" })).toBeVisible();
  // The address is tidied: a reload doesn't open the dialog again.
  await expect(page).toHaveURL(/\/dashboard\?tab=settings$/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.goto("/pricing");
  await page
    .getByRole("region", { name: "Professional" })
    .getByRole("link", { name: "Choose Professional" })
    .click();
  await expect(dialog.getByRole("radio", { name: /^Professional/ })).toBeChecked();
  await expect(dialog.getByRole("button", { name: "Subscribe for $499.00/month" })).toBeVisible();
  // The other plan is one keypress away.
  await dialog.getByRole("radio", { name: /^Premium/ }).check();
  await expect(dialog.getByRole("button", { name: "Subscribe for $199.00/month" })).toBeVisible();
});

test("a creator buys Premium by card: the plan, its next charge, card and invoice, and a 5% fee", async ({
  page,
  baseURL,
}) => {
  await signedInCreator(page, baseURL!);
  await openAccountTab(page);
  const card = planCard(page);
  await expect(card.getByText("15% platform fee per payment; you keep 85%")).toBeVisible();
  await screenshotForReview(page, {
    path: "test-results/screens/plan-account-free.png",
    fullPage: true,
  });

  await card.getByRole("button", { name: "Choose Premium" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose your plan" });
  await typeCard(page, "4242 4242 4242 4242");
  await expectNoAxeViolations(page, "the buy dialog", { include: '[role="dialog"]' });
  await shot(page, "buy-dialog-desktop");
  await dialog.getByRole("button", { name: "Subscribe for $199.00/month" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("You're on Premium now.", { exact: false })).toBeVisible();

  await expect(card.getByText("Premium Plan", { exact: true })).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card.getByText("5% platform fee per payment; you keep 95%")).toBeVisible();
  const plan = await readPlan(page);
  expect(plan.plan).toBe("premium");
  expect(plan.nextCharge?.amountCents).toBe(19_900);
  await expect(card.getByText(`${dateOf(plan.nextCharge!.at)} · $199.00`)).toBeVisible();
  await expect(card.getByText(/•••• 4242, expires \d\d\/\d\d/)).toBeVisible();
  const invoices = card.getByRole("list", { name: "Plan invoices" }).getByRole("listitem");
  await expect(invoices).toHaveCount(1);
  await expect(invoices.first()).toContainText("$199.00");
  await expect(invoices.first()).toContainText("Paid");
  const view = invoices.first().getByRole("link", { name: /^View/ });
  if ((await view.count()) > 0) await expect(view).toHaveAttribute("target", "_blank");
  await expect(card.getByRole("button", { name: "Change plan" })).toBeVisible();
  await screenshotForReview(page, {
    path: "test-results/screens/plan-account-premium.png",
    fullPage: true,
  });

  // "Update card": Stripe's billing portal, and back to the Account tab with the new card.
  await card.getByRole("button", { name: "Update card" }).click();
  await expect(page.getByRole("heading", { name: "Billing" })).toBeVisible();
  await page.getByLabel("Card number").fill("5555555555554444");
  await page.getByLabel("Expiry month").fill("11");
  await page.getByLabel("Expiry year").fill(String(new Date().getFullYear() + 3));
  await page.getByLabel("CVC").fill("321");
  await page.getByRole("button", { name: "Update card" }).click();
  await expect(page.getByText("Your card was updated.")).toBeVisible();
  await page.getByRole("link", { name: /Return to/ }).click();
  await expect(card.getByText("Premium Plan", { exact: true })).toBeVisible();
  await expect(card.getByText(/^Mastercard •••• 4444, expires 11\/\d\d$/)).toBeVisible();

  await page.getByRole("tab", { name: "Earnings" }).click();
  const payout = page.getByText("Payout Information").locator("..");
  await expect(payout.getByText("Premium", { exact: true })).toBeVisible();
  await expect(payout.getByText("95%", { exact: true })).toBeVisible();
  await expect(payout.getByText("5%", { exact: true })).toBeVisible();
});

test("a creator buys Professional with a card whose bank asks for 3-D Secure", async ({
  page,
  baseURL,
}) => {
  await signedInCreator(page, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await openAccountTab(page);
  await planCard(page).getByRole("button", { name: "Choose Professional" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose your plan" });
  await typeCard(page, "4000 0025 0000 3155");
  await expectNoHorizontalOverflow(page, "the buy dialog on a phone");
  await shot(page, "buy-dialog-phone");
  await dialog.getByRole("button", { name: "Subscribe for $499.00/month" }).click();
  const challenge = page.frameLocator('iframe[title="3D Secure authentication"]');
  await challenge.getByRole("button", { name: "Complete" }).click();
  await expect(dialog).toBeHidden();

  const card = planCard(page);
  await expect(card.getByText("Professional Plan", { exact: true })).toBeVisible();
  await expect(
    card.getByText("No platform fee. Card processing at Stripe's cost: 2.9% + 30¢ per charge"),
  ).toBeVisible();
  await expect(card.getByText(/•••• 3155/)).toBeVisible();
  expect((await readPlan(page)).plan).toBe("professional");

  await page.getByRole("tab", { name: "Earnings" }).click();
  const payout = page.getByText("Payout Information").locator("..");
  await expect(payout.getByText("100%", { exact: true })).toBeVisible();
  await expect(payout.getByText("None", { exact: true })).toBeVisible();
});

test("a declined card says why and buys nothing", async ({ page, baseURL }) => {
  await signedInCreator(page, baseURL!);
  await openAccountTab(page);
  const dialog = await buyPlan(page, "Premium", "4000 0000 0000 0002");
  await expect(dialog.getByRole("alert")).toContainText(/declined/i);
  await expect(dialog.getByRole("button", { name: "Subscribe for $199.00/month" })).toBeEnabled();
  await page.keyboard.press("Escape");
  await expect(planCard(page).getByText("Free Plan", { exact: true })).toBeVisible();
  expect((await readPlan(page)).plan).toBe("free");
});

test("leaving Premium is scheduled for the paid month's end, and can be taken back", async ({
  page,
  baseURL,
}) => {
  await signedInCreator(page, baseURL!);
  await openAccountTab(page);
  const bought = await buyPlan(page, "Premium", "4242 4242 4242 4242");
  await expect(bought).toBeHidden();
  const card = planCard(page);
  await expect(card.getByText("Premium Plan", { exact: true })).toBeVisible();
  const { nextCharge } = await readPlan(page);
  const monthEnd = dateOf(nextCharge!.at);

  await card.getByRole("button", { name: "Change plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Change plan" });
  await expect(dialog.getByRole("radio", { name: /^Premium.*current plan/ })).toBeChecked();
  await dialog.getByRole("radio", { name: /^Free/ }).check();
  await expect(dialog.getByRole("status")).toHaveText(
    `Your plan ends on ${monthEnd}; after that you're on Free (15%).`,
  );
  await expectNoAxeViolations(page, "the change plan dialog", { include: '[role="dialog"]' });
  await shot(page, "change-dialog");
  await dialog.getByRole("button", { name: "Move to Free" }).click();
  await expect(dialog).toBeHidden();
  // Premium stays in force until then.
  await expect(card.getByText("Premium Plan", { exact: true })).toBeVisible();
  await expect(card.getByText(`Changes to Free on ${monthEnd}`)).toBeVisible();
  const scheduled = await readPlan(page);
  expect(scheduled.scheduledChange?.plan).toBe("free");
  await screenshotForReview(page, {
    path: "test-results/screens/plan-account-scheduled.png",
    fullPage: true,
  });

  // Changing their mind: keep Premium.
  await card.getByRole("button", { name: "Change plan" }).click();
  await expect(dialog.getByRole("radio", { name: /^Free.*from/ })).toBeChecked();
  await dialog.getByRole("radio", { name: /^Premium/ }).check();
  await expect(dialog.getByRole("status")).toContainText(
    "Keep Premium: the scheduled change is cancelled.",
  );
  await dialog.getByRole("button", { name: "Keep Premium" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/Changes to Free/)).toHaveCount(0);
  expect((await readPlan(page)).scheduledChange).toBeNull();
});

test("from Premium, the pricing page's Professional button offers the upgrade, charged for the rest of the month", async ({
  page,
  baseURL,
}) => {
  await signedInCreator(page, baseURL!);
  await openAccountTab(page);
  await expect(await buyPlan(page, "Premium", "4242 4242 4242 4242")).toBeHidden();
  const card = planCard(page);
  await expect(card.getByText("Premium Plan", { exact: true })).toBeVisible();

  // Already paying: the change dialog opens on the plan asked for, with Stripe's proration.
  await page.goto("/dashboard?tab=settings&plan=professional");
  const dialog = page.getByRole("dialog", { name: "Change plan" });
  await expect(dialog.getByRole("radio", { name: /^Professional/ })).toBeChecked();
  await expect(dialog.getByRole("status")).toContainText(
    /^You'll be charged \$\d+\.\d\d now for the rest of this month; Professional's fee applies at once\./,
  );
  await dialog.getByRole("button", { name: "Upgrade to Professional" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText("Professional Plan", { exact: true })).toBeVisible();
  const upgraded = await readPlan(page);
  expect(upgraded.plan).toBe("professional");
  expect(upgraded.nextCharge?.amountCents).toBe(49_900);
  await expect(card.getByText(`${dateOf(upgraded.nextCharge!.at)} · $499.00`)).toBeVisible();
});
