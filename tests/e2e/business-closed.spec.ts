import { expect, test } from "./fixtures";
import { createSellingCreator, subscribeThroughApi, uniqueEmail } from "./helpers/api";
import { linkFromOutbox } from "./helpers/outbox";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 18 (first week, item 9): a business that deletes its account tells its subscribers, and
// their saved links say what happened instead of "Subscription Not Found".

/** "November 26, 2026", in UTC, as the e-mail and the page write the day. */
const today = () =>
  new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date());

test("a creator with a subscriber deletes the account: the subscriber is e-mailed, and their saved link shows the closed page", async ({
  page,
  baseURL,
}) => {
  // Sign-up, onboarding, a payment and a deletion through Stripe: more than a page's worth.
  test.setTimeout(180_000);
  const title = `Lawn Visits ${Date.now()}`;
  // Signed in through the page's own request context, so the page holds the creator's session.
  const seller = await createSellingCreator(page.request, baseURL!, { title, priceCents: 3000 });
  const subscriberEmail = uniqueEmail("saved-link");
  await subscribeThroughApi(
    page.request,
    baseURL!,
    seller.offering.customUrl,
    "Sue Saved",
    subscriberEmail,
  );
  // The link the welcome e-mail gave them, as they saved it.
  const savedLink = await linkFromOutbox(page.request, subscriberEmail, "/customer/");
  await page.goto(savedLink);
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();

  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Account" }).click();
  const userId = await page.getByRole("textbox", { name: "User ID" }).inputValue();
  await page.getByRole("button", { name: "Delete Account" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Account" });
  await confirm.getByLabel("Type your User ID to confirm").fill(userId);
  await confirm.getByRole("button", { name: "Delete Account" }).click();
  await confirm.getByLabel("Password").fill(seller.password);
  await confirm.getByRole("button", { name: "Delete Account" }).click();
  await expect(page).toHaveURL("/");

  // The subscriber's e-mail, in the development mailbox once the queue has sent it.
  const closedOn = today();
  const mail = page
    .getByRole("article")
    .filter({ hasText: subscriberEmail })
    .filter({ hasText: `Your ${title} subscription has ended` });
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(mail).toBeVisible({ timeout: 5_000 });
  }).toPass();
  await expect(mail).toContainText(
    `Sam's Lawns closed their Regulars account on ${closedOn}, which ended your ${title} subscription.`,
  );
  await expect(mail).toContainText("No further charges will be made");
  await mail.scrollIntoViewIfNeeded();
  await screenshotForReview(page, { path: "/tmp/business-closed-outbox.png" });

  // Their saved link: the closed page, drawn by the server, not "Subscription Not Found".
  const response = await page.goto(savedLink);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This subscription has ended" })).toBeVisible();
  await expect(
    page.getByText(
      `Sam's Lawns closed their account on ${closedOn}, which ended your ${title} subscription. You won't be charged again.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Subscription Not Found" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  await screenshotForReview(page, { path: "/tmp/business-closed-link.png" });

  // The same key under another custom URL names nothing.
  const key = new URL(savedLink).pathname.split("/").pop();
  await page.goto(`/customer/some-other-offering/${key}`);
  await expect(page.getByRole("heading", { name: "Subscription Not Found" })).toBeVisible();
});
