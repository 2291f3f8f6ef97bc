import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createSellingCreator, uniqueEmail } from "./helpers/api";
import { screenshotForReview } from "./helpers/screenshot";
import { askForEmailChange } from "./helpers/self-service";
import { fillSubscriberInfo, typeCard } from "./helpers/subscribe-dialog";

// The customer's side as a phone user sees it first: landing page, subscribe modal,
// self-service page, outbox and /success. Screenshots go to /tmp for a human look.
const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 800 };

let customUrl = "";
let title = "";

test.beforeAll(async ({ request, baseURL }) => {
  title = `Lawn Care ${Date.now()}`;
  const seller = await createSellingCreator(request, baseURL!, { title, priceCents: 2500 });
  customUrl = seller.offering.customUrl;
});

function fillInfo(page: Page, name: string, email: string) {
  return fillSubscriberInfo(
    page.getByRole("dialog", { name: `Subscribe to ${title}` }),
    name,
    email,
  );
}

/** Sums the layout shifts the browser reports while the page loads. */
async function cumulativeLayoutShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number }[]) {
            total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

test("the landing page leads with the offer and paints without shifting", async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto(`/landing/${customUrl}`);
  const hero = page.getByRole("region", { name: title });
  await expect(hero.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(hero.getByText("$25.00/month", { exact: true })).toBeVisible();
  await expect(hero.getByRole("button", { name: "Subscribe Now" })).toBeInViewport();
  await expect(page.getByRole("listitem")).toHaveCount(6);
  await expect(page.getByText("Mowing and edging every week.")).toBeVisible();
  await expect(page.getByRole("link", { name: /@example\.com/ })).toHaveAttribute(
    "href",
    /^mailto:seller-/,
  );
  await expect(page.getByRole("button", { name: "Subscribe for $25.00/month" })).toBeVisible();
  expect(await page.title()).toContain(title);
  expect(await cumulativeLayoutShift(page)).toBeLessThan(0.01);
  await screenshotForReview(page, { path: "/tmp/landing-375.png", fullPage: true });

  await page.setViewportSize(desktop);
  await screenshotForReview(page, { path: "/tmp/landing-1280.png", fullPage: true });
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(page.getByLabel("Full Name")).toBeFocused();
  await screenshotForReview(page, { path: "/tmp/subscribe-info-1280.png" });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The short form of the address is the same page.
  await page.goto(`/${customUrl}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test.describe("before any JavaScript runs", () => {
  test.use({ javaScriptEnabled: false });

  test("the server has already drawn the offer: title, price and the way to subscribe", async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await page.goto(`/landing/${customUrl}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("$25.00/month", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Subscribe Now" })).toBeVisible();
    await expect(page.getByText("Mowing and edging every week.")).toBeVisible();
  });
});

test("unknown offerings: not found on /landing, home on the short address", async ({ page }) => {
  await page.goto("/landing/no-such-offering-123");
  await expect(page.getByRole("heading", { name: "Subscription Not Found" })).toBeVisible();
  await expect(
    page.getByText("This subscription may have been deactivated or doesn't exist."),
  ).toBeVisible();
  await page.goto("/no-such-offering-123");
  await expect(page).toHaveURL(/\/$/);
});

test("subscribe by card, then manage: change e-mail and cancel", async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto(`/landing/${customUrl}`);
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  const info = page.getByRole("dialog", { name: `Subscribe to ${title}` });

  // Both fields are required, and say so next to the field.
  await info.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(info.getByText("Full Name is required")).toBeVisible();
  await expect(info.getByText("Email Address is required")).toBeVisible();
  await expect(info.getByLabel("Email Address")).toHaveAttribute("type", "email");
  await screenshotForReview(page, { path: "/tmp/subscribe-info-375.png" });

  const email = uniqueEmail("pat");
  const dialog = await fillInfo(page, "Pat Customer", email);
  const pay = dialog.getByRole("button", { name: "Subscribe for $25.00/month" });
  await expect(dialog.getByRole("group", { name: "Card details" })).toBeVisible();
  await expect(pay).toBeEnabled();
  await typeCard(page, "4242 4242 4242 4242");
  await screenshotForReview(page, { path: "/tmp/subscribe-card-375.png" });
  await pay.click();

  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(
    page.getByText(`Welcome to ${title}! Your subscription is now active.`),
  ).toBeVisible();
  await expect(page.getByText(/Check your e-mail/)).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/subscribe-success-375.png" });
  // The spec's key; what it holds is the link's key (ADR 022).
  const storageKey = `subscriberId:${customUrl}`;
  const manageKey = await page.evaluate((key) => localStorage.getItem(key), storageKey);
  expect(manageKey).toMatch(/^[0-9a-f-]{36}$/);

  // Closing shows the way back at once, without a reload.
  await page.getByRole("button", { name: "Close", exact: true }).click();
  await expect(page.getByText("Already subscribed?")).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/landing-returning-375.png" });
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // "Manage My Subscription" from the success screen clears the stored id, as the spec says.
  await page.getByRole("button", { name: "Subscribe for $25.00/month" }).click();
  await fillInfo(page, "Pat Customer", uniqueEmail("pat2"));
  await typeCard(page, "4242424242424242");
  await page.getByRole("button", { name: "Subscribe for $25.00/month" }).last().click();
  await page.getByRole("button", { name: "Manage My Subscription" }).click();
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();

  // The first subscription, from its own link.
  await page.goto(`/customer/${customUrl}/${manageKey}`);
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
  await expect(page.getByText("$25.00/month")).toBeVisible();
  await expect(page.getByText("Monthly subscription")).toBeVisible();
  await expect(page.getByText(/^Started/)).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText("Pat Customer")).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/portal-375.png", fullPage: true });
  await page.setViewportSize(desktop);
  await screenshotForReview(page, { path: "/tmp/portal-1280.png", fullPage: true });
  await page.setViewportSize(phone);

  // Edit, then Cancel: the stored e-mail comes back.
  await page.getByRole("button", { name: "Edit" }).click();
  const input = page.getByRole("textbox", { name: "Email" });
  await expect(input).toHaveAttribute("type", "email");
  await input.fill("");
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByText(email)).toBeVisible();

  await askForEmailChange(page, email, uniqueEmail("pat-new"));

  // Keep first, then really cancel.
  await page.getByRole("button", { name: "Cancel Subscription" }).click();
  const confirm = page.getByRole("dialog", { name: "Are you sure?" });
  // It ends with the period paid for (ADR 033): the dialog says until when.
  await expect(confirm.getByText(`You keep ${title} until `)).toBeVisible();
  await expect(confirm.getByText("and will not be charged again.")).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/portal-confirm-375.png" });
  await confirm.getByRole("button", { name: "Keep Subscription" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Cancel Subscription" }).click();
  await confirm.getByRole("button", { name: "Cancel Subscription" }).click();
  await expect(
    page.getByText(/^Your subscription ends on .+\. You will not be charged again\.$/),
  ).toBeVisible();
  // Still theirs until then: the page says when it ends and offers to resume, not "Cancelled".
  await expect(page.getByText(/^Your subscription ends on [^.]+$/)).toBeVisible();
  await expect(page.getByText(/^Ending /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume subscription" })).toBeVisible();
  await expect(page.getByText("Cancelled", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel Subscription" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Update Payment Method" })).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/portal-cancelled-375.png", fullPage: true });

  await page.getByRole("link", { name: `← Back to ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/landing/${customUrl}$`));
});

test("a declined card says so clearly, and a good card then goes through", async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto(`/landing/${customUrl}`);
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  const dialog = await fillInfo(page, "Dee Clined", uniqueEmail("declined"));
  await typeCard(page, "4000 0000 0000 0002");
  await dialog.getByRole("button", { name: "Subscribe for $25.00/month" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Your card was declined.");
  await screenshotForReview(page, { path: "/tmp/subscribe-declined-375.png" });

  await typeCard(page, "4242 4242 4242 4242");
  await dialog.getByRole("button", { name: "Subscribe for $25.00/month" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
});

test("the outbox holds the confirmation with a working link", async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto("/dev/outbox");
  await expect(
    page.getByText("Test mode: e-mails are not sent; they are kept here."),
  ).toBeVisible();
  // The newest welcome (receipts, creator notices and verification mail sit beside it).
  const first = page.getByRole("listitem").filter({ hasText: "Welcome to" }).first();
  await expect(first.getByRole("link", { name: /\/customer\// })).toBeVisible();
  await screenshotForReview(page, { path: "/tmp/outbox-375.png" });
  await first.getByRole("link", { name: /\/customer\// }).click();
  await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
});

test("an unknown subscriber sees Subscription Not Found with Go Home", async ({ page }) => {
  await page.goto(`/customer/${customUrl}/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole("heading", { name: "Subscription Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("/success waits two seconds, then confirms with the session id", async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto("/success?session_id=cs_test_e2e123");
  await expect(page.getByText("Processing your subscription...")).toBeVisible();
  await expect(page.getByText("Please wait while we set up your account.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText("Session ID: cs_test_e2e123")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await screenshotForReview(page, { path: "/tmp/success-375.png" });
});
