import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createSellingCreator, subscribeThroughApi, uniqueEmail } from "./helpers/api";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 18, Security 2 and 4: a self-service link can be replaced (the old one then finds
// nothing), and an e-mail change waits until the new address opens the link sent to it.

let customUrl = "";
let title = "";

test.beforeAll(async ({ request, baseURL }) => {
  title = `Pool Cleaning ${Date.now()}`;
  const seller = await createSellingCreator(request, baseURL!, { title, priceCents: 3000 });
  customUrl = seller.offering.customUrl;
});

/** A message in the dev mailbox, once the queue has written it. */
async function openMail(page: Page, to: string, subject: string) {
  const mail = page.getByRole("article").filter({ hasText: to }).filter({ hasText: subject });
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(mail.first()).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return mail.first();
}

test("a customer gets a new link; the old one shows Subscription Not Found", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("newlink");
  const oldKey = await subscribeThroughApi(page.request, baseURL!, customUrl, "Nia New", email);
  const oldPath = `/customer/${customUrl}/${oldKey}`;
  await page.goto(oldPath);
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();

  await page.getByRole("button", { name: "Get a New Link" }).click();
  const confirm = page.getByRole("dialog", { name: "Get a new link?" });
  await expect(confirm.getByText(/stops working at once/)).toBeVisible();
  await expect(confirm.getByText(email)).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/self-service-new-link-confirm.png" });
  await confirm.getByRole("button", { name: "Get a New Link" }).click();

  // The page moves to its new address and says so.
  await expect(page).not.toHaveURL(new RegExp(oldKey));
  await expect(page).toHaveURL(new RegExp(`/customer/${customUrl}/[0-9a-f-]{36}$`));
  const newPath = new URL(page.url()).pathname;
  await expect(
    page.getByText(`This page has a new address, and we've e-mailed it to ${email}.`, {
      exact: false,
    }),
  ).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/self-service-new-link.png", fullPage: true });

  // The e-mail carries the new link, which opens the page.
  const mail = await openMail(page, email, `Your new link for ${title}`);
  await mail.getByRole("link", { name: new RegExp(newPath) }).click();
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();

  // The old link, wherever it was saved, finds nothing.
  await page.goto(oldPath);
  await expect(page.getByRole("heading", { name: "Subscription Not Found" })).toBeVisible();
});

test("a customer changes e-mail, confirms from the new address, and sees it on the page", async ({
  page,
  baseURL,
}) => {
  const oldEmail = uniqueEmail("before");
  const newEmail = uniqueEmail("after");
  const key = await subscribeThroughApi(page.request, baseURL!, customUrl, "Cy Change", oldEmail);
  const oldPath = `/customer/${customUrl}/${key}`;
  await page.goto(oldPath);
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Email").fill(newEmail);
  await page.getByRole("button", { name: "Save" }).click();
  const waiting = `We've sent a confirmation link to ${newEmail}. Your e-mail changes once you open it.`;
  await expect(page.getByRole("status").filter({ hasText: waiting })).toBeVisible();
  // Still the old address, with the change shown as waiting.
  await expect(page.getByText(oldEmail, { exact: true })).toBeVisible();
  await expect(page.getByText("Your e-mail changes once you open it.").last()).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/self-service-email-pending.png", fullPage: true });

  // The old address was told, with a way to undo it.
  const notice = await openMail(page, oldEmail, `Change of e-mail asked for ${title}`);
  await expect(notice.getByRole("link", { name: /\/email-change\/undo\?token=/ })).toBeVisible();

  // The new address opens its link: a page with a button (opening it changes nothing).
  const confirmMail = await openMail(page, newEmail, `Confirm your new e-mail for ${title}`);
  await confirmMail.getByRole("link", { name: /\/email-change\/confirm\?token=/ }).click();
  await expect(page.getByRole("heading", { name: "Confirm your new e-mail" })).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/email-change-confirm.png", fullPage: true });
  await page.getByRole("button", { name: "Confirm E-mail Change" }).click();
  await expect(page.getByRole("heading", { name: "Your e-mail was changed" })).toBeVisible();
  await expect(page.getByText(`subscription's e-mail is now ${newEmail}.`)).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/email-change-done.png", fullPage: true });

  await page.getByRole("link", { name: "Manage Your Subscription" }).click();
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(page.getByText("Your e-mail changes once you open it.")).toHaveCount(0);

  // The link from before the change is gone.
  await page.goto(oldPath);
  await expect(page.getByRole("heading", { name: "Subscription Not Found" })).toBeVisible();
});
