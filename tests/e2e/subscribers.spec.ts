import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { offeringResponseSchema } from "../../contracts/offerings";
import { outboxSchema } from "../../contracts/outbox";
import { readJson } from "../support/read-json";
import { expect, test } from "./fixtures";
import { createSellingCreator, subscribeThroughApi, uniqueEmail } from "./helpers/api";
import { expectNoAxeViolations } from "./helpers/axe";
import { screenshotForReview } from "./helpers/screenshot";
import { findAndOpenSubscriber } from "./helpers/subscribers";

// Issue 13: the Subscribers tab. A creator finds a subscriber by part of their e-mail, opens the
// detail, exports the filtered list as CSV, and cancels a subscriber at the end of the period.
// Other journeys (refunds) start from findAndOpenSubscriber (helpers/subscribers.ts).

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

// Dialogs are fixed to the viewport: a full-page shot would draw them where the page scrolled.
const shot = (page: Page, name: string, fullPage = true) =>
  screenshotForReview(page, { path: `/tmp/subscribers-${name}.png`, fullPage });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

test("a creator finds, exports and cancels a subscriber from the Subscribers tab", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = Date.now().toString(36);
  // page.request shares the page's cookies: the page is signed in as this creator.
  const seller = await createSellingCreator(page.request, baseURL!, {
    title: "Weekly Lawn Care",
    priceCents: 2500,
  });
  const hedges = await page.request.post("/api/offerings", {
    headers: { Origin: baseURL! },
    data: {
      title: "Hedge Trimming",
      category: "home-property",
      subcategory: "Lawn Care",
      description: "Hedges shaped every month.",
      priceCents: 4000,
    },
  });
  const hedgeOffering = (await readJson(hedges, offeringResponseSchema)).offering;
  const maryEmail = `mary.jones-${tag}@example.com`;
  await subscribeThroughApi(
    page.request,
    baseURL!,
    seller.offering.customUrl,
    "Mary Jones",
    maryEmail,
  );
  await subscribeThroughApi(
    page.request,
    baseURL!,
    hedgeOffering.customUrl,
    "Bob Smith",
    uniqueEmail("bob"),
  );
  await subscribeThroughApi(
    page.request,
    baseURL!,
    seller.offering.customUrl,
    '=Eve, the "tester"',
    uniqueEmail("eve"),
  );

  // The tab: every subscriber of both offerings, newest first.
  await page.goto("/dashboard?tab=subscribers");
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row").nth(1)).toContainText('=Eve, the "tester"');
  await expect(table).toContainText("Hedge Trimming");
  await expect(table).toContainText("$40.00");
  await shot(page, "tab-1280");
  await expectNoAxeViolations(page, "the Subscribers tab");

  // Filter: a status and part of an e-mail; the address keeps the view, so a reload keeps it.
  await page.getByLabel("Status").selectOption("active");
  await page.getByLabel("Search").fill(`jones-${tag}`);
  await expect(page).toHaveURL(/status=active/);
  await expect(page).toHaveURL(new RegExp(`q=jones-${tag}`));
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.reload();
  await expect(page.getByLabel("Search")).toHaveValue(`jones-${tag}`);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);

  // Export the filtered list: the downloaded CSV has the header and just Mary.
  await page.getByRole("button", { name: "Export CSV" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Subscribers in this view" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const lines = csv.slice(1).split("\r\n");
  expect(lines[0]).toBe(
    "Name,Email,Subscription,Price (USD),Billed,Status,Joined,Next billing date,Ends,Phone,Street address,Apartment/unit,City,State/region,Postal code,Country",
  );
  expect(lines.slice(1).filter(Boolean)).toHaveLength(1);
  expect(lines[1]).toMatch(
    new RegExp(
      `^Mary Jones,${maryEmail.replace(".", "\\.")},Weekly Lawn Care,25\\.00,Every month,Active,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,,{7}$`,
    ),
  );

  // Everything, with a formula-looking name made plain text.
  await page.getByRole("button", { name: "Export CSV" }).click();
  const downloadingAll = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "All subscribers" }).click();
  const all = await readFile((await (await downloadingAll).path())!, "utf8");
  expect(all.split("\r\n").filter(Boolean)).toHaveLength(4);
  expect(all).toContain(`"'=Eve, the ""tester""",`);

  // The detail: the self-service link to copy, the payment, the e-mails sent.
  const detail = await findAndOpenSubscriber(page, `jones-${tag}`, "Mary Jones");
  await expect(detail.getByLabel("Self-service link")).toHaveValue(
    /\/customer\/.+\/[0-9a-f-]{36}$/,
  );
  await detail.getByRole("button", { name: "Copy" }).click();
  await expect(detail.getByText("Link copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/customer\//);
  const payments = detail.getByRole("region", { name: "Payment history" });
  await expect(payments.getByRole("row")).toHaveCount(2);
  await expect(payments.getByRole("row").nth(1)).toContainText("$25.00");
  await expect(payments.getByRole("row").nth(1)).toContainText("$3.75");
  await expect(payments.getByRole("row").nth(1)).toContainText("$21.25");
  await expect(payments.getByRole("row").nth(1)).toContainText("Paid");
  await expect(detail.getByRole("region", { name: "E-mails sent" })).toContainText("Receipt");
  await shot(page, "detail-1280", false);
  await expectNoAxeViolations(page, "the subscriber detail");

  // Cancel at the end of the period, behind a confirmation that names the subscriber.
  await detail.getByRole("button", { name: "Cancel subscription" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel Mary Jones's subscription?" });
  await expect(confirm.getByLabel("At the end of the current period")).toBeChecked();
  await shot(page, "cancel-1280", false);
  await expectNoAxeViolations(page, "the cancel dialog");
  await confirm.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByText(/Mary Jones's subscription will end on/)).toBeVisible();
  // Issue 21: "Ending <date>" in the detail and in her row, and the Ending filter finds her.
  await expect(detail.getByText(/^Ending \w+/)).toBeVisible();
  await expect(detail.getByRole("region", { name: "E-mails sent" })).toContainText("Cancellation");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("table")).toContainText(/Ending \w+/);
  const status = page.getByLabel("Status");
  await expect(status.getByRole("option")).toHaveText([
    "Any status",
    "Active",
    "Trial",
    "Past due",
    "Paused",
    "Ending",
    "Cancelled",
  ]);
  // At once, as a person does: the search's late write must not put back the old status.
  await page.getByLabel("Search").fill("");
  await status.selectOption("ending");
  await expect(page).not.toHaveURL(/q=/);
  await expect(page).toHaveURL(/status=ending/);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText("Mary Jones");
  await status.selectOption("paused");
  await expect(page.getByText("No matching subscribers")).toBeVisible();

  const outbox = await page.request.get("/api/dev/outbox");
  const { messages } = await readJson(outbox, outboxSchema);
  // Set to end at the period's end (issue 21): told the date, and that the business set it.
  const cancelled = messages.find((m) => m.to === maryEmail && /ends on/i.test(m.subject));
  expect(cancelled?.text).toContain(
    "The business set your Weekly Lawn Care subscription to end on",
  );

  // At 375 px: the tab bar and the list fit, the detail and the dialog too.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/dashboard?tab=subscribers");
  await expect(page.getByRole("button", { name: "Bob Smith" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, "tab-375");
  await expectNoAxeViolations(page, "the Subscribers tab at 375 px");
  await page.getByRole("button", { name: "Bob Smith" }).click();
  const bob = page.getByRole("dialog", { name: "Bob Smith" });
  await expect(bob.getByRole("region", { name: "Payment history" }).getByRole("row")).toHaveCount(
    2,
  );
  await shot(page, "detail-375", false);
  await expectNoAxeViolations(page, "the subscriber detail at 375 px");
  await bob.getByRole("button", { name: "Cancel subscription" }).click();
  const confirmBob = page.getByRole("dialog", { name: "Cancel Bob Smith's subscription?" });
  await confirmBob.getByLabel("Now").check();
  await shot(page, "cancel-375", false);
  await expectNoAxeViolations(page, "the cancel dialog at 375 px");
  await confirmBob.getByRole("button", { name: "Keep subscription" }).click();
  await expect(confirmBob).toBeHidden();

  // No match, then the empty search cleared.
  await page.keyboard.press("Escape");
  await page.getByLabel("Search").fill("nobody-like-this");
  await expect(page.getByText("No matching subscribers")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByRole("button", { name: "Bob Smith" })).toBeVisible();
});

test("a creator with nobody subscribed yet sees how to get some", async ({ page, baseURL }) => {
  await createSellingCreator(page.request, baseURL!, {
    title: "Window Cleaning",
    priceCents: 3000,
  });
  await page.goto("/dashboard?tab=subscribers");
  await expect(page.getByText("No subscribers yet")).toBeVisible();
  await expectNoAxeViolations(page, "the empty Subscribers tab");
});
