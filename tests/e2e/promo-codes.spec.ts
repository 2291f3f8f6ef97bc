import type { Locator, Page } from "@playwright/test";
import { offeringResponseSchema } from "../../contracts/offerings";
import { readJson } from "../support/read-json";
import { expect, test } from "./fixtures";
import { createSellingCreator, uniqueEmail } from "./helpers/api";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { screenshotForReview } from "./helpers/screenshot";
import { typeCard } from "./helpers/subscribe-dialog";
import { findAndOpenSubscriber } from "./helpers/subscribers";

// Issue 20: a creator's promo codes, made in the Promotions tab and typed by customers in the
// subscribe modal's "Have a code?", counted as they are used and deactivated when done.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** Opens the modal and types who is subscribing, stopping before "Continue to Payment". */
async function openModal(page: Page, customUrl: string, name: string, email: string) {
  await page.goto(`/landing/${customUrl}`);
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Subscribe to Weekly Windows" });
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Email Address").fill(email);
  return dialog;
}

/** "Have a code?", the code, and Apply (by the keyboard's Enter when asked). */
async function applyCode(dialog: Locator, code: string, options: { byEnter?: boolean } = {}) {
  const field = dialog.getByLabel("Promo code");
  if (!(await field.isVisible()))
    await dialog.getByRole("button", { name: "Have a code?" }).click();
  await field.fill(code);
  if (options.byEnter) await field.press("Enter");
  else await dialog.getByRole("button", { name: "Apply" }).click();
}

async function expectSpringApplied(dialog: Locator) {
  await expect(dialog.getByText("SPRING10: 20% off for 3 months", { exact: true })).toBeVisible();
  await expect(
    dialog.getByText("$20.00/week for 3 months, then $25.00/week", { exact: true }),
  ).toBeVisible();
  // The price before, struck through.
  await expect(dialog.locator("s", { hasText: "$25.00/week" })).toBeVisible();
}

/** The code's row in the Promotions tab (a table from 768 px up). */
async function usesOf(page: Page, code: string) {
  await page.setViewportSize(desktop);
  await page.goto("/dashboard?tab=promotions");
  return page.getByRole("table").getByRole("row").filter({ hasText: code });
}

test("a creator's promo code: made in Promotions, applied in the modal, counted, deactivated", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await createSellingCreator(page.request, baseURL!, { title: "Lawn Care", priceCents: 2000 });
  const created = await page.request.post("/api/offerings", {
    headers: { Origin: baseURL! },
    data: {
      title: "Weekly Windows",
      category: "home-property",
      subcategory: "Window Washing",
      description: "Inside and out, every week.",
      priceCents: 2500,
      cadence: "week",
    },
  });
  expect(created.status()).toBe(201);
  const { customUrl } = (await readJson(created, offeringResponseSchema)).offering;

  // No codes yet: the empty state offers the first one.
  await page.setViewportSize(desktop);
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Promotions" }).click();
  await expect(page).toHaveURL(/tab=promotions/);
  await expect(page.getByText("No promo codes yet")).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/promo-empty-desktop.png", fullPage: true });
  await page.getByRole("button", { name: "Create code" }).click();
  const create = page.getByRole("dialog", { name: "Create code" });

  // Every subscription is chosen to start with; the form checks with the API's rules.
  await expect(create.getByRole("checkbox", { name: "Lawn Care" })).toBeChecked();
  await expect(create.getByRole("checkbox", { name: "Weekly Windows" })).toBeChecked();
  await create.getByLabel("Code", { exact: true }).fill("spring10");
  await create.getByLabel("Duration").selectOption({ label: "For a number of months" });
  await create.getByRole("button", { name: "Create code" }).click();
  await expect(create.getByText("Enter the percent off")).toBeVisible();
  await expect(create.getByText("Enter for how many months the discount lasts")).toBeVisible();
  await create.getByLabel("Percent off (%)").fill("20");
  await create.getByLabel("Months").fill("3");
  await create.getByLabel("Maximum uses (optional)").fill("10");
  await screenshotForReview(page, { path: "/tmp/promo-create-desktop.png" });
  await expectNoAxeViolations(page, "the Create code dialog", {
    include: '[role="dialog"]',
    soft: true,
  });
  await page.setViewportSize(phone);
  await expectNoHorizontalOverflow(page, "the Create code dialog at 390 px");
  await screenshotForReview(page, { path: "/tmp/promo-create-phone.png" });
  await page.setViewportSize(desktop);
  await create.getByRole("button", { name: "Create code" }).click();
  await expect(create).toBeHidden();

  const row = page.getByRole("table").getByRole("row").filter({ hasText: "SPRING10" });
  await expect(row).toContainText("20% off for 3 months");
  await expect(row).toContainText("Lawn Care, Weekly Windows");
  await expect(row).toContainText("No expiry");
  await expect(row).toContainText("0 of 10 uses");
  await expect(row).toContainText("Active");
  await screenshotForReview(page, { path: "/tmp/promo-tab-desktop.png", fullPage: true });
  await expectNoAxeViolations(page, "the Promotions tab", { soft: true });
  await page.setViewportSize(phone);
  await expectNoHorizontalOverflow(page, "the Promotions tab at 390 px");
  await screenshotForReview(page, { path: "/tmp/promo-tab-phone.png", fullPage: true });

  // A wrong code says so under the field; the right one (in any case) shows before and after.
  const dialog = await openModal(page, customUrl, "Pat Promo", uniqueEmail("promo"));
  await applyCode(dialog, "NOPE99");
  await expect(dialog.getByRole("alert")).toHaveText(
    "That code isn't valid for this subscription. Check it and try again.",
  );
  await applyCode(dialog, "spring10", { byEnter: true });
  await expectSpringApplied(dialog);
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expectNoHorizontalOverflow(page, "the modal with a code at 390 px");
  await screenshotForReview(page, { path: "/tmp/promo-modal-phone.png" });
  await expectNoAxeViolations(page, "the modal with a code applied", {
    include: '[role="dialog"]',
    soft: true,
  });
  await page.setViewportSize(desktop);
  await screenshotForReview(page, { path: "/tmp/promo-modal-desktop.png" });
  await page.setViewportSize(phone);

  // Remove takes it off; applied again, the card step charges the discounted price.
  await dialog.getByRole("button", { name: "Remove code SPRING10" }).click();
  await expect(dialog.getByText("SPRING10: 20% off for 3 months")).toHaveCount(0);
  await expect(dialog.getByLabel("Promo code")).toBeFocused();
  await applyCode(dialog, "SPRING10");
  await expectSpringApplied(dialog);
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(dialog.getByText("SPRING10: 20% off for 3 months")).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/promo-payment-phone.png" });
  await typeCard(page, "4242 4242 4242 4242");
  await dialog.getByRole("button", { name: "Subscribe for $20.00/week" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  await expect(await usesOf(page, "SPRING10")).toContainText("1 of 10 uses");

  // A second customer, whose bank asks for 3-D Secure.
  const second = await openModal(page, customUrl, "Tess Promo", uniqueEmail("promo-3ds"));
  await applyCode(second, "SPRING10");
  await expectSpringApplied(second);
  await second.getByRole("button", { name: "Continue to Payment" }).click();
  await typeCard(page, "4000 0025 0000 3155");
  await second.getByRole("button", { name: "Subscribe for $20.00/week" }).click();
  const challenge = page.frameLocator('iframe[title="3D Secure authentication"]');
  await challenge.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  await expect(await usesOf(page, "SPRING10")).toContainText("2 of 10 uses");

  // The subscriber's detail names their discount and until when.
  const detail = await findAndOpenSubscriber(page, "promo-3ds", "Tess Promo");
  await expect(detail.getByText(/^20% off until /)).toBeVisible();
  await detail.getByRole("button", { name: "Close" }).first().click();

  // The Earnings tab says what the code cost: two first charges, $5.00 off each.
  await page.getByRole("tab", { name: "Earnings" }).click();
  await expect(page.getByText("Promo codes took $10.00 off payments")).toBeVisible();

  // Deactivated after a confirmation: listed as inactive, refused in the modal.
  await page.getByRole("tab", { name: "Promotions" }).click();
  await page.getByRole("button", { name: "Deactivate SPRING10" }).click();
  const confirm = page.getByRole("dialog", { name: "Deactivate SPRING10?" });
  await expect(confirm).toContainText("Subscribers who already used it keep their discount.");
  await confirm.getByRole("button", { name: "Deactivate" }).click();
  await expect(confirm).toBeHidden();
  const inactive = page.getByRole("table").getByRole("row").filter({ hasText: "SPRING10" });
  await expect(inactive).toContainText("Inactive");
  await expect(inactive.getByRole("button", { name: "Deactivate SPRING10" })).toHaveCount(0);

  const late = await openModal(page, customUrl, "Lee Late", uniqueEmail("promo-late"));
  await applyCode(late, "SPRING10");
  await expect(late.getByRole("alert")).toHaveText("That code is no longer active.");
});
