import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createSellingCreator, subscribeThroughApi, uniqueEmail } from "./helpers/api";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 10: deactivating keeps subscribers reachable (defect 3), "Already subscribed?" is per
// offering (defect 4), and the business name leads the dashboard (defect 6).

const year = String(new Date().getFullYear() + 3).slice(-2);

async function subscribeByCard(page: Page, customUrl: string) {
  await page.goto(`/landing/${customUrl}`);
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Full Name").fill("Casey Regular");
  await dialog.getByLabel("Email Address").fill(uniqueEmail("casey"));
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
  await dialog.getByLabel("Expiration date MM / YY").fill(`12${year}`);
  await dialog.getByLabel("CVC").fill("123");
  await dialog.getByRole("button", { name: /^Subscribe for / }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
}

test("deactivating with 'keep billing' leaves the subscriber's self-service page working", async ({
  page,
  baseURL,
}) => {
  const title = `Pool Care ${Date.now()}`;
  // page.request shares the browser's cookies: the creator is signed in for the page too.
  const seller = await createSellingCreator(page.request, baseURL!, { title, priceCents: 2500 });
  const { customUrl } = seller.offering;
  const manageKey = await subscribeThroughApi(page.request, baseURL!, customUrl, "Pat Pool");

  await page.goto("/dashboard");
  await page.getByRole("button", { name: `Deactivate ${title}` }).click();
  const confirm = page.getByRole("dialog", { name: `Deactivate “${title}”?` });
  await expect(confirm.getByText("1 subscriber is")).toBeVisible();
  const keep = confirm.getByRole("radio", { name: "Keep billing them" });
  const cancel = confirm.getByRole("radio", {
    name: "Cancel them at the end of their current period",
  });
  await expect(keep).toBeChecked();
  await cancel.check();
  await expect(
    confirm.getByRole("button", { name: "Deactivate and cancel subscribers" }),
  ).toBeVisible();
  await screenshotForReview(confirm, { path: "test-results/screens/deactivate-dialog-cancel.png" });
  await keep.check();
  await screenshotForReview(confirm, { path: "test-results/screens/deactivate-dialog.png" });
  await confirm.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Inactive", { exact: true })).toBeVisible();

  // The landing page is closed to newcomers...
  await page.goto(`/landing/${customUrl}`);
  await expect(page.getByRole("heading", { name: "Subscription Not Found" })).toBeVisible();

  // ...but the subscriber can still manage, and cancel, their subscription.
  await page.goto(`/customer/${customUrl}/${manageKey}`);
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
  await page.getByRole("button", { name: "Cancel Subscription" }).click();
  await page
    .getByRole("dialog", { name: "Are you sure?" })
    .getByRole("button", { name: "Cancel Subscription" })
    .click();
  // Set to end with the period paid for, which they can still undo.
  await expect(page.getByText(/^Your subscription ends on [^.]+$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume subscription" })).toBeVisible();

  // Reactivating works as before.
  await page.goto("/dashboard");
  await page.getByRole("button", { name: `Activate ${title}` }).click();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
});

test("'Already subscribed?' links each landing page to its own subscriber only", async ({
  page,
  request,
  baseURL,
}) => {
  const first = await createSellingCreator(request, baseURL!, {
    title: `Lawn A ${Date.now()}`,
    priceCents: 1500,
  });
  const second = await createSellingCreator(request, baseURL!, {
    title: `Lawn B ${Date.now()}`,
    priceCents: 1500,
  });
  // A single global key from before the fix names no offering: it must not be trusted.
  await page.goto(`/landing/${second.offering.customUrl}`);
  await page.evaluate(() =>
    localStorage.setItem("subscriberId", "00000000-0000-4000-8000-000000000000"),
  );

  await subscribeByCard(page, first.offering.customUrl);
  const stored = await page.evaluate(
    (key) => localStorage.getItem(key),
    `subscriberId:${first.offering.customUrl}`,
  );
  expect(stored).toMatch(/^[0-9a-f-]{36}$/);

  await page.reload();
  await expect(page.getByText("Already subscribed?")).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage Subscription" })).toHaveAttribute(
    "href",
    `/customer/${first.offering.customUrl}/${stored}`,
  );

  await page.goto(`/landing/${second.offering.customUrl}`);
  await expect(page.getByRole("heading", { name: second.offering.title })).toBeVisible();
  await expect(page.getByText("Already subscribed?")).toHaveCount(0);
});

test("the Account tab renames the business and switches the creator's e-mails", async ({
  page,
  baseURL,
}) => {
  const seller = await createSellingCreator(page.request, baseURL!, {
    title: `Gutters ${Date.now()}`,
    priceCents: 2000,
  });
  await page.goto("/dashboard?tab=settings");
  await expect(page.getByRole("heading", { name: "Sam's Lawns' Dashboard" })).toBeVisible();

  const name = page.getByLabel("Business name");
  await expect(name).toHaveValue("Sam's Lawns");
  await name.fill("   ");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Business name is required")).toBeVisible();
  await name.fill("Blue Sky Gardens");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Blue Sky Gardens' Dashboard" })).toBeVisible();

  const cancellation = page.getByRole("switch", { name: "Cancellation e-mails" });
  await expect(cancellation).toBeChecked();
  // Keyboard: focus the switch and press Space.
  await cancellation.focus();
  await page.keyboard.press("Space");
  await expect(cancellation).not.toBeChecked();
  await page.getByRole("switch", { name: "Failed payment e-mails" }).click();
  await screenshotForReview(page, { path: "test-results/screens/account-tab.png", fullPage: true });

  await page.reload();
  await expect(page.getByRole("switch", { name: "New subscriber e-mails" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Cancellation e-mails" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Failed payment e-mails" })).not.toBeChecked();

  // The offering's creator name followed the business name.
  await page.goto(`/landing/${seller.offering.customUrl}`);
  await expect(page.getByText("by Blue Sky Gardens")).toBeVisible();
});
