import type { Page } from "@playwright/test";
import { offeringListSchema } from "../../contracts/offerings";
import { readJson } from "../support/read-json";
import { expect, test } from "./fixtures";
import { createSellingCreator, subscribeThroughApi, uniqueEmail } from "./helpers/api";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { screenshotForReview } from "./helpers/screenshot";
import { fillSubscriberInfo } from "./helpers/subscribe-dialog";
import { findAndOpenSubscriber } from "./helpers/subscribers";

// Issue 20: an offering bills every week, 2 weeks, month, 3 months or year, with an optional
// free trial, and every screen that shows its price says how often. Nothing here subscribes
// with a trial: that flow is tested with the server's side of it.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const shot = (page: Page, name: string) =>
  screenshotForReview(page, { path: `/tmp/cadence-${name}.png`, fullPage: true });

async function customUrlOf(page: Page, title: string) {
  const list = await readJson(await page.request.get("/api/offerings"), offeringListSchema);
  const offering = list.offerings.find((candidate) => candidate.title === title);
  if (!offering) throw new Error(`no offering titled ${title}`);
  return offering.customUrl;
}

test("a creator sells weekly with a 14-day trial, and every price says its cadence", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // page.request shares the page's cookies: the page is signed in as this creator, who already
  // sells a monthly plan.
  await createSellingCreator(page.request, baseURL!, { title: "Lawn Care", priceCents: 2000 });
  await page.setViewportSize(desktop);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Create Subscription" }).first().click();
  const create = page.getByRole("dialog", { name: "Create New Subscription" });

  // Monthly and no trial unless chosen; the price's label follows the cadence.
  const billing = create.getByLabel("Billing");
  const trial = create.getByLabel("Free trial");
  await expect(billing).toHaveValue("month");
  await expect(billing.getByRole("option")).toHaveText([
    "Every week",
    "Every 2 weeks",
    "Every month",
    "Every 3 months",
    "Every year",
  ]);
  await expect(trial.getByRole("option")).toHaveText([
    "No free trial",
    "7 days",
    "14 days",
    "30 days",
  ]);
  await expect(create.getByLabel("Price per month (USD)")).toBeVisible();

  await create.getByLabel("Title").fill("Weekly Dog Walks");
  await create.getByLabel("Category").selectOption("pet-care");
  await create.getByLabel("Service Type").selectOption("Dog Walking");
  await create.getByLabel("Description").fill("Three walks a week, rain or shine.");
  await billing.selectOption({ label: "Every week" });
  await expect(create.getByLabel("Price per month (USD)")).toHaveCount(0);
  await create.getByLabel("Price per week (USD)").fill("25");
  await expect(create.getByText("Subscribers pay $25.00/week", { exact: true })).toBeVisible();
  await trial.selectOption({ label: "14 days" });
  await expect(
    create.getByText("First 14 days free, then $25.00/week", { exact: true }),
  ).toBeVisible();
  // Issue 21: the longest pause a customer may take, 4 periods unless chosen, in the cadence's
  // own words.
  const pausing = create.getByLabel("Pausing");
  await expect(pausing).toHaveValue("4");
  await expect(pausing.getByRole("option")).toHaveText([
    "Customers can't pause",
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Up to ${n} week${n === 1 ? "" : "s"}`),
  ]);
  await pausing.selectOption({ label: "Up to 2 weeks" });
  await shot(page, "create-dialog-desktop");
  await page.setViewportSize(phone);
  await expectNoHorizontalOverflow(page, "the create dialog at 390 px");
  await create.getByRole("button", { name: "Create Subscription" }).scrollIntoViewIfNeeded();
  await screenshotForReview(page, { path: "/tmp/cadence-create-dialog-phone-bottom.png" });
  await shot(page, "create-dialog-phone");
  await page.setViewportSize(desktop);
  await create.getByRole("button", { name: "Create Subscription" }).click();
  await expect(create).toBeHidden();

  // The card: its own cadence and trial, beside the monthly plan's unchanged "/month".
  await expect(page.getByText("$25.00/week", { exact: true })).toBeVisible();
  await expect(page.getByText("14-day free trial", { exact: true })).toBeVisible();
  await expect(page.getByText("$20.00/month", { exact: true })).toBeVisible();
  await shot(page, "dashboard-cards");

  // The edit dialog starts from the offering's cadence and trial.
  await page.getByRole("button", { name: "Edit Weekly Dog Walks" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Subscription" });
  await expect(edit.getByLabel("Billing")).toHaveValue("week");
  await expect(edit.getByLabel("Free trial")).toHaveValue("14");
  await expect(edit.getByLabel("Pausing")).toHaveValue("2");
  await expect(edit.getByLabel("Pausing")).toContainText("Up to 2 weeks");
  await expect(edit.getByLabel("Price per week (USD)")).toHaveValue("25.00");
  await expect(
    edit.getByText("Existing subscribers keep the price they signed up for."),
  ).toBeVisible();
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toBeHidden();

  // The landing page: weekly everywhere, the trial offered, no month in sight.
  const customUrl = await customUrlOf(page, "Weekly Dog Walks");
  for (const [viewport, name] of [
    [phone, "phone"],
    [desktop, "desktop"],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/landing/${customUrl}`);
    const hero = page.getByRole("region", { name: "Weekly Dog Walks" });
    await expect(hero.getByText("$25.00/week", { exact: true })).toBeVisible();
    await expect(
      hero.getByText("First 14 days free, then $25.00/week", { exact: true }),
    ).toBeVisible();
    const finalCta = page.getByRole("region", { name: "Ready to start?" });
    await expect(finalCta.getByText("$25.00/week, billed weekly.", { exact: true })).toBeVisible();
    await expect(finalCta.getByRole("button", { name: "Start free trial" })).toBeVisible();
    await expect(page.getByText("Weekly billing, no surprises")).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(/month/i);
    await expectNoHorizontalOverflow(page, `the landing page at ${viewport.width} px`);
    await shot(page, `landing-${name}`);
  }

  // The subscribe modal: the trial in its header, and a button that starts it.
  await page.setViewportSize(phone);
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Subscribe to Weekly Dog Walks" });
  await expect(dialog).toContainText("First 14 days free, then $25.00/week");
  await expect(dialog).toContainText("Your card is charged when the trial ends.");
  await fillSubscriberInfo(dialog, "Riley Trial", uniqueEmail("trial"));
  await expect(dialog.getByRole("button", { name: "Start free trial" })).toBeVisible();
  await expect(dialog.getByText("14-day free trial", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: /Subscribe for/ })).toHaveCount(0);
  await expect(dialog).not.toContainText(/month/i);
  await shot(page, "subscribe-modal-phone");
});

test("an every-2-weeks offering reads as every 2 weeks on its card, landing page, modal and to its subscriber", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await createSellingCreator(page.request, baseURL!, { title: "Lawn Care", priceCents: 2000 });
  const created = await page.request.post("/api/offerings", {
    headers: { Origin: baseURL! },
    data: {
      title: "Fortnightly Windows",
      category: "home-property",
      subcategory: "Window Washing",
      description: "Inside and out, every other week.",
      priceCents: 4500,
      cadence: "two_weeks",
    },
  });
  expect(created.status()).toBe(201);
  const customUrl = await customUrlOf(page, "Fortnightly Windows");

  await page.goto("/dashboard");
  await expect(page.getByText("$45.00 every 2 weeks", { exact: true })).toBeVisible();

  await page.goto(`/landing/${customUrl}`);
  const hero = page.getByRole("region", { name: "Fortnightly Windows" });
  await expect(hero.getByText("$45.00 every 2 weeks", { exact: true })).toBeVisible();
  await expect(page.getByText("$45.00, billed every 2 weeks.", { exact: true })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(/month|free trial/i);
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Subscribe to Fortnightly Windows" });
  await fillSubscriberInfo(dialog, "Sam Fortnight", uniqueEmail("fortnight"));
  await expect(
    dialog.getByRole("button", { name: "Subscribe for $45.00 every 2 weeks" }),
  ).toBeVisible();

  // A subscriber of it: their own cadence on their self-service page and in the Subscribers tab.
  const email = uniqueEmail("fortnightly");
  const manageKey = await subscribeThroughApi(
    page.request,
    baseURL!,
    customUrl,
    "Casey Fortnight",
    email,
  );
  await page.goto(`/customer/${customUrl}/${manageKey}`);
  const details = page.getByRole("region", { name: "Subscription Details" });
  await expect(details.getByText("$45.00 every 2 weeks", { exact: true })).toBeVisible();
  await expect(details.getByText("Billed every 2 weeks", { exact: true })).toBeVisible();
  await expect(details).not.toContainText(/month/i);

  await page.goto("/dashboard");
  const detail = await findAndOpenSubscriber(page, email.split("@")[0]!, "Casey Fortnight");
  await expect(detail.getByText("$45.00 every 2 weeks", { exact: true })).toBeVisible();

  // Analytics: a month's worth of the fortnightly price (4500 × 26 / 12), named as such.
  await detail.getByRole("button", { name: "Close" }).first().click();
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByText("1 subscriber × $97.50/month equivalent")).toBeVisible();
  await expect(page.getByText("No live subscribers · $20.00/month for new ones")).toBeVisible();
});
