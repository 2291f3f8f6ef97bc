import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { offeringResponseSchema } from "../../contracts/offerings";
import { readJson } from "../support/read-json";
import { expect, test } from "./fixtures";
import { createSellingCreator, uniqueEmail } from "./helpers/api";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { screenshotForReview } from "./helpers/screenshot";
import { fillSubscriberInfo, typeCard } from "./helpers/subscribe-dialog";

// Issue 20: a free trial takes the card at sign-up (its SetupIntent confirmed in the browser,
// 3-D Secure included) and charges nothing until it ends; one trial per customer per business.

const phone = { width: 390, height: 844 };
const TRIAL_USED =
  "You've already had a free trial with this business. You can still subscribe: the first charge of $25.00/week is made today.";

/** A weekly $25.00 offering with a 14-day trial, made through the API by the signed-in creator. */
async function createTrialOffering(request: APIRequestContext, baseURL: string) {
  const response = await request.post("/api/offerings", {
    headers: { Origin: baseURL },
    data: {
      title: "Trial Dog Walks",
      category: "pet-care",
      subcategory: "Dog Walking",
      description: "Three walks a week; try two weeks free.",
      priceCents: 2500,
      cadence: "week",
      trialDays: 14,
    },
  });
  expect(response.status()).toBe(201);
  return (await readJson(response, offeringResponseSchema)).offering;
}

/** The date 14 days from now as the browser writes it (its locale and time zone). */
function trialEndInBrowser(page: Page) {
  return page.evaluate(() =>
    new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(
      new Date(Date.now() + 14 * 24 * 60 * 60 * 1000),
    ),
  );
}

async function openModal(page: Page, customUrl: string, name: string, email: string) {
  await page.goto(`/landing/${customUrl}`);
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  return fillSubscriberInfo(page.getByRole("dialog"), name, email);
}

async function expectTrialStarted(page: Page, dialog: Locator) {
  await expect(page.getByRole("heading", { name: "Free trial started!" })).toBeVisible();
  const firstCharge = await trialEndInBrowser(page);
  await expect(dialog).toContainText(
    `Welcome to Trial Dog Walks! Your free trial has started. Your first charge of $25.00/week is on ${firstCharge}.`,
  );
  await expect(dialog).not.toContainText("Your subscription is now active.");
  await expect(dialog).not.toContainText(/Payment Successful/);
}

test("a weekly offering's 14-day trial: started by card, refused a second time, 3-D Secure on the card's setup", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await createSellingCreator(page.request, baseURL!, { title: "Lawn Care", priceCents: 2000 });
  const offering = await createTrialOffering(page.request, baseURL!);
  await page.setViewportSize(phone);

  // The first trial: nothing charged, and the success screen says when the first charge is.
  const email = uniqueEmail("trial");
  const dialog = await openModal(page, offering.customUrl, "Riley Trial", email);
  await typeCard(page, "4242 4242 4242 4242");
  await dialog.getByRole("button", { name: "Start free trial" }).click();
  await expectTrialStarted(page, dialog);
  await screenshotForReview(page, { path: "/tmp/trial-success-phone.png" });

  // The self-service page says the trial and the first charge.
  await dialog.getByRole("button", { name: "Manage My Subscription" }).click();
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
  const details = page.getByRole("region", { name: "Subscription Details" });
  const trialEnd = await trialEndInBrowser(page);
  await expect(details).toContainText(
    `Free trial until ${trialEnd}: your first charge of $25.00/week is on ${trialEnd}.`,
  );
  await expect(details).not.toContainText(/month/i);
  await expectNoHorizontalOverflow(page, "the self-service page during a trial");
  await screenshotForReview(page, { path: "/tmp/trial-portal-phone.png", fullPage: true });

  // The same e-mail again: the trial is refused, with the choice to subscribe without it.
  const again = await openModal(page, offering.customUrl, "Riley Trial", email);
  await typeCard(page, "4242 4242 4242 4242");
  await again.getByRole("button", { name: "Start free trial" }).click();
  await expect(again.getByRole("status").filter({ hasText: TRIAL_USED })).toBeVisible();
  await expect(again.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
  await expect(again.getByText("14-day free trial", { exact: true })).toHaveCount(0);
  await expectNoHorizontalOverflow(page, "the trial-used message at 390 px");
  await screenshotForReview(page, { path: "/tmp/trial-used-phone.png" });
  await again.getByRole("button", { name: "Subscribe without the trial" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(again).toContainText("Welcome to Trial Dog Walks! Your subscription is now active.");

  // Another customer and card, whose bank asks for 3-D Secure on the card's setup.
  const second = await openModal(page, offering.customUrl, "Tess Trial", uniqueEmail("trial-3ds"));
  await typeCard(page, "4000 0025 0000 3155");
  await second.getByRole("button", { name: "Start free trial" }).click();
  const challenge = page.frameLocator('iframe[title="3D Secure authentication"]');
  await challenge.getByRole("button", { name: "Complete" }).click();
  await expectTrialStarted(page, second);

  // The creator finds both trials under the Trial filter, each with its end.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/dashboard?tab=subscribers&status=trial");
  await expect(page.getByLabel("Status")).toHaveValue("trial");
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByText(/^Trial until /)).toHaveCount(2);
  await expect(table.getByRole("button", { name: "Riley Trial" })).toBeVisible();
  await expect(table.getByRole("button", { name: "Tess Trial" })).toBeVisible();
  await table.getByRole("button", { name: "Tess Trial" }).click();
  const detail = page.getByRole("dialog", { name: "Tess Trial" });
  await expect(detail.getByText(/^Trial until /)).toBeVisible();
});
