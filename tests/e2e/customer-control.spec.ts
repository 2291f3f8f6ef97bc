import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { type CustomerPortal, customerPortalSchema } from "../../contracts/customer-portal";
import { formatCents } from "../../contracts/money";
import { offeringResponseSchema } from "../../contracts/offerings";
import { switchPreviewSchema } from "../../contracts/subscription-control";
import { e2eEmulatorUrl } from "../../playwright.config";
import { readConnectedAccount, readJson } from "../support/read-json";
import { expect, test } from "./fixtures";
import { createSellingCreator, subscribeThroughApi } from "./helpers/api";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 21: the customer keeps control on the self-service page, without an account: cancel at
// the period's end and resume, pause and resume now, skip a visit, switch plan up and down, and
// download an invoice. Each journey goes through the real API and the Stripe emulator.

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 900 };
const BUSINESS_NAME = "Sam's Lawns";

interface Customer {
  customUrl: string;
  manageKey: string;
}

/** A creator selling "Basic Lawn" ($30.00/month), and a customer subscribed to it by card. */
async function subscribedCustomer(page: Page, baseURL: string): Promise<Customer> {
  const seller = await createSellingCreator(page.request, baseURL, {
    title: "Basic Lawn",
    priceCents: 3000,
  });
  const { customUrl } = seller.offering;
  const manageKey = await subscribeThroughApi(page.request, baseURL, customUrl, "Casey Control");
  return { customUrl, manageKey };
}

/**
 * The business's name at Stripe, as its owner types it in Stripe's onboarding (the emulator's
 * onboarding step takes it): what the hosted invoice page shows.
 */
async function nameBusinessAtStripe(request: APIRequestContext, businessName: string) {
  const { stripeAccountId } = await readConnectedAccount(await request.get("/api/connect/account"));
  const named = await request.post(
    `${e2eEmulatorUrl}/_emulator/accounts/${stripeAccountId}/complete_onboarding`,
    { form: { business_name: businessName }, headers: { Accept: "application/json" } },
  );
  expect(named.ok()).toBe(true);
}

/** Another monthly offering of the signed-in creator, to switch to. */
async function createOffering(
  request: APIRequestContext,
  baseURL: string,
  title: string,
  priceCents: number,
) {
  const response = await request.post("/api/offerings", {
    headers: { Origin: baseURL },
    data: {
      title,
      category: "home-property",
      subcategory: "Lawn Care",
      description: `${title}, every month.`,
      priceCents,
      cadence: "month",
    },
  });
  expect(response.status()).toBe(201);
  return (await readJson(response, offeringResponseSchema)).offering;
}

const portalPath = ({ customUrl, manageKey }: Customer) =>
  `/api/public/customers/${customUrl}/${manageKey}`;

/** The page's data as the API answers it now (to know the dates the page must show). */
async function readPortal(page: Page, customer: Customer): Promise<CustomerPortal> {
  return readJson(await page.request.get(portalPath(customer)), customerPortalSchema);
}

/** A date as the page words it: the browser's locale and time zone. */
function dateInBrowser(page: Page, iso: string) {
  return page.evaluate(
    (value) => new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(new Date(value)),
    iso,
  );
}

async function openPortal(page: Page, customer: Customer) {
  await page.goto(`/customer/${customer.customUrl}/${customer.manageKey}`);
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
  // The page is drawn by the server; its buttons work once React has taken it over.
  await expect(page.getByRole("button", { name: "Get a New Link" })).toBeEnabled();
}

const banner = (page: Page, text: string) =>
  page.getByRole("status").filter({ hasText: text }).first();

const region = (page: Page, name: string) => page.getByRole("region", { name });

async function checkScreen(page: Page, what: string, dialog?: Locator) {
  if (dialog) await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, what, { soft: true });
  if ((page.viewportSize()?.width ?? 0) < 400) {
    await expectNoHorizontalOverflow(page, what, true);
  }
}

test("cancel at the period's end, then resume", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const customer = await subscribedCustomer(page, baseURL!);
  const before = await readPortal(page, customer);
  expect(before.controls.nextChargeAt).not.toBeNull();
  const periodEnd = await dateInBrowser(page, before.controls.nextChargeAt!);

  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await openPortal(page, customer);
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(dialog).toContainText(
      `You keep Basic Lawn until ${periodEnd} and will not be charged again.`,
    );
    await checkScreen(page, `the cancel dialog at ${viewport.width} px`, dialog);
    await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
    await expect(
      banner(page, `Your subscription ends on ${periodEnd}. You will not be charged again.`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    // Until then the page says so and offers the way back; cancelling again is not offered.
    const account = region(page, "Account Management");
    await expect(account).toContainText(`Your subscription ends on ${periodEnd}`);
    await expect(region(page, "Subscription Details")).toContainText(`Ending ${periodEnd}`);
    await expect(page.getByRole("button", { name: "Cancel Subscription" })).toHaveCount(0);
    await screenshotForReview(page, {
      path: `/tmp/control-ending-${viewport.width}.png`,
      fullPage: true,
    });
    await checkScreen(page, `a subscription set to end at ${viewport.width} px`);

    await account.getByRole("button", { name: "Resume subscription" }).click();
    await expect(
      banner(page, `Your subscription will continue. Next charge on ${periodEnd}.`),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
    await expect(region(page, "Subscription Details")).toContainText("Active");
    expect((await readPortal(page, customer)).controls.endsAt).toBeNull();
  }
});

test("pause for two months, then resume now", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const customer = await subscribedCustomer(page, baseURL!);
  await page.setViewportSize(phone);
  await openPortal(page, customer);

  const card = region(page, "Pause or skip");
  await expect(card).toContainText("pause for up to 4 months");
  await card.getByRole("button", { name: "Pause", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Pause your subscription" });
  await dialog.getByLabel("Pause for").selectOption({ label: "2 months" });
  const predicted = (await dialog.getByText(/^Your next charge is on /).textContent()) ?? "";
  await checkScreen(page, "the pause dialog at 375 px", dialog);
  await dialog.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(dialog).toBeHidden();

  const paused = await readPortal(page, customer);
  expect(paused.controls.pause?.until).toBeTruthy();
  const until = await dateInBrowser(page, paused.controls.pause!.until!);
  // What the dialog promised is what Stripe will do.
  expect(predicted).toBe(`Your next charge is on ${until}.`);
  await expect(banner(page, `Your subscription is paused until ${until}.`)).toBeVisible();
  await expect(card).toContainText(`Paused until ${until}`);
  await expect(region(page, "Subscription Details")).toContainText(`Paused until ${until}`);
  await screenshotForReview(page, { path: "/tmp/control-paused-375.png", fullPage: true });
  await checkScreen(page, "a paused subscription at 375 px");

  await page.setViewportSize(desktop);
  await checkScreen(page, "a paused subscription at 1280 px");
  await card.getByRole("button", { name: "Resume now" }).click();
  await expect(banner(page, "Your subscription is running again.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Skip the next visit" })).toBeVisible();
  await expect(region(page, "Subscription Details")).toContainText("Active");
  expect((await readPortal(page, customer)).controls.pause).toBeNull();
});

test("skip the next visit", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const customer = await subscribedCustomer(page, baseURL!);
  const before = await readPortal(page, customer);
  await page.setViewportSize(desktop);
  await openPortal(page, customer);

  const card = region(page, "Pause or skip");
  await card.getByRole("button", { name: "Skip the next visit" }).click();
  const dialog = page.getByRole("dialog", { name: "Skip the next visit?" });
  const skipped = await dateInBrowser(page, before.controls.nextChargeAt!);
  await expect(dialog).toContainText(`You won't be charged on ${skipped}.`);
  await checkScreen(page, "the skip dialog at 1280 px", dialog);
  await dialog.getByRole("button", { name: "Skip the next visit" }).click();
  await expect(dialog).toBeHidden();

  const after = await readPortal(page, customer);
  const next = await dateInBrowser(page, after.controls.pause!.until!);
  await expect(banner(page, `The next visit is skipped. Next charge on ${next}.`)).toBeVisible();
  await expect(card).toContainText(`Paused until ${next}`);
  await checkScreen(page, "a skipped visit at 1280 px");
});

test("switch up, charged what the preview said, then down at the next renewal", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const customer = await subscribedCustomer(page, baseURL!);
  await createOffering(page.request, baseURL!, "Full Lawn", 4500);
  await createOffering(page.request, baseURL!, "Quick Trim", 2000);
  await page.setViewportSize(desktop);
  await openPortal(page, customer);

  const card = region(page, "Switch plan");
  await expect(card).toContainText("Full Lawn");
  await expect(card).toContainText("$45.00/month");
  const previewed = page.waitForResponse((r) => r.url().endsWith("/switch/preview"));
  await card.getByRole("button", { name: "Upgrade to Full Lawn" }).click();
  const preview = await readJson(await previewed, switchPreviewSchema);
  expect(preview.kind).toBe("upgrade");
  expect(preview.dueNowCents).toBeGreaterThan(0);
  const dueNow = formatCents(preview.dueNowCents);
  const renewal = await dateInBrowser(page, preview.nextChargeAt);
  const upgrade = page.getByRole("dialog", { name: "Switch to Full Lawn?" });
  await expect(upgrade).toContainText(
    `You'll be charged ${dueNow} now for the rest of this period, then $45.00/month from ${renewal}.`,
  );
  await checkScreen(page, "the upgrade dialog at 1280 px", upgrade);
  await upgrade.getByRole("button", { name: "Switch plan" }).click();
  await expect(banner(page, "You're now on Full Lawn.")).toBeVisible();
  await expect(region(page, "Subscription Details")).toContainText("$45.00/month");

  // The charge made is the one the preview showed, to the cent.
  const invoices = region(page, "Invoices");
  await expect(
    invoices.getByRole("listitem").filter({ hasText: dueNow }).filter({ hasText: "Paid" }),
  ).toHaveCount(1);

  await page.setViewportSize(phone);
  await card.getByRole("button", { name: "Downgrade to Quick Trim" }).click();
  const downgrade = page.getByRole("dialog", { name: "Switch to Quick Trim?" });
  await expect(downgrade).toContainText(
    `Quick Trim starts on ${renewal}. Nothing is charged now; from then you pay $20.00/month.`,
  );
  await checkScreen(page, "the downgrade dialog at 375 px", downgrade);
  await downgrade.getByRole("button", { name: "Switch plan" }).click();
  await expect(banner(page, `You'll switch to Quick Trim on ${renewal}.`)).toBeVisible();
  await expect(card).toContainText(`Switching to Quick Trim on ${renewal}`);
  await screenshotForReview(page, { path: "/tmp/control-switching-375.png", fullPage: true });
  await checkScreen(page, "a switch waiting for the renewal at 375 px");
});

test("download an invoice: the business's hosted invoice page", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const customer = await subscribedCustomer(page, baseURL!);
  await nameBusinessAtStripe(page.request, BUSINESS_NAME);
  for (const viewport of [phone, desktop]) {
    await page.setViewportSize(viewport);
    await openPortal(page, customer);
    const invoices = region(page, "Invoices");
    const row = invoices.getByRole("listitem").filter({ hasText: "$30.00" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Paid");
    await expect(row).toContainText("Visa •••• 4242");
    const link = row.getByRole("link", { name: /^Download invoice/ });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    await screenshotForReview(page, {
      path: `/tmp/control-invoices-${viewport.width}.png`,
      fullPage: true,
    });
    await checkScreen(page, `the invoices at ${viewport.width} px`);
  }
  const opened = page.waitForEvent("popup");
  await region(page, "Invoices")
    .getByRole("link", { name: /^Download invoice/ })
    .click();
  const invoicePage = await opened;
  await invoicePage.waitForLoadState();
  await expect(invoicePage.locator("body")).toContainText(BUSINESS_NAME);
  await expect(invoicePage.locator("body")).toContainText("$30.00");
  await invoicePage.close();
});
