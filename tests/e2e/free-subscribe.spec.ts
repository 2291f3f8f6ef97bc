import { expect, test } from "./fixtures";
import { createSellingCreator, uniqueEmail } from "./helpers/api";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 10, defect 1: a $0.00 offering is a free subscription. The subscribe dialog asks for
// no card, and the customer ends on the success screen and their self-service page.
const phone = { width: 375, height: 812 };

let customUrl = "";
let title = "";

test.beforeAll(async ({ request, baseURL }) => {
  title = `Free Gardening Tips ${Date.now()}`;
  const seller = await createSellingCreator(request, baseURL!, { title, priceCents: 0 });
  customUrl = seller.offering.customUrl;
});

test("a customer subscribes to a free offering without a card", async ({ page }) => {
  await page.setViewportSize(phone);
  let loadedStripeJs = false;
  page.on("request", (request) => {
    if (/\/v3\/stripe\.js|js\.stripe\.com/.test(request.url())) loadedStripeJs = true;
  });
  await page.goto(`/landing/${customUrl}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Subscribe Now" }).click();

  const dialog = page.getByRole("dialog", { name: `Subscribe to ${title}` });
  await expect(dialog.getByText("Free, no card needed · cancel anytime")).toBeVisible();
  await dialog.getByLabel("Full Name").fill("Fran Free");
  await dialog.getByLabel("Email Address").fill(uniqueEmail("fran"));
  // No card step: the info step subscribes.
  await expect(dialog.getByRole("button", { name: "Continue to Payment" })).toHaveCount(0);
  await expect(dialog.getByText("Card details")).toHaveCount(0);
  await screenshotForReview(page, { path: "/tmp/free-subscribe-dialog-375.png" });
  await dialog.getByRole("button", { name: "Subscribe for Free" }).click();

  const success = page.getByRole("dialog", { name: "You're subscribed!" });
  await expect(
    success.getByText(`Welcome to ${title}! Your subscription is now active.`),
  ).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/free-subscribe-success-375.png" });
  expect(loadedStripeJs).toBe(false);

  await success.getByRole("button", { name: "Manage My Subscription" }).click();
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
  // Free reads as free (issue 18): no "$0.00/month", and no card to update.
  await expect(page.getByText("Free subscription", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Update Payment Method" })).toHaveCount(0);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/free-subscribe-portal-375.png", fullPage: true });
});
