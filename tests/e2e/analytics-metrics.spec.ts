import type { Page } from "@playwright/test";
import { offeringResponseSchema } from "../../contracts/offerings";
import { subscriberPageSchema } from "../../contracts/subscribers";
import { readJson } from "../support/read-json";
import { expect, test } from "./fixtures";
import { createSellingCreator, subscribeThroughApi } from "./helpers/api";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 13, "metrics a creator can trust": the Analytics tab's business metrics, read at a
// phone's width and a laptop's, without sideways scrolling and without axe violations.

async function openAnalytics(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Analytics" }).click();
  // Loaded: a figure in place of the placeholder, and the chart drawn.
  await expect(page.getByRole("group", { name: "MRR" })).toContainText("$65.00");
  await expect(page.getByText(/MRR at the end of each month/)).toBeVisible();
}

test("the Analytics tab's business metrics read at 375 px and 1280 px, with no axe violations", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // page.request shares the page's cookies: the page is signed in as this creator.
  const seller = await createSellingCreator(page.request, baseURL!, {
    title: "Weekly Lawn Care",
    priceCents: 2500,
  });
  const headers = { Origin: baseURL! };
  const dogs = await page.request.post("/api/offerings", {
    headers,
    data: {
      title: "Dog Walking",
      category: "pet-care",
      subcategory: "Dog Walking",
      description: "Three walks a week.",
      priceCents: 4000,
    },
  });
  expect(dogs.status()).toBe(201);
  const dogWalking = (await readJson(dogs, offeringResponseSchema)).offering;
  await subscribeThroughApi(page.request, baseURL!, seller.offering.customUrl, "Avery Stays");
  await subscribeThroughApi(page.request, baseURL!, dogWalking.customUrl, "Blake Stays");
  const leaving = await subscribeThroughApi(
    page.request,
    baseURL!,
    seller.offering.customUrl,
    "Casey Leaves",
  );
  // A customer's cancel now waits for the period's end (issue 21): the business ends it now.
  const scheduled = await page.request.post("/api/cancel-subscription", {
    headers,
    data: { customUrl: seller.offering.customUrl, manageKey: leaving },
  });
  expect(scheduled.status()).toBe(200);
  const found = await readJson(
    await page.request.get("/api/subscribers?q=Casey"),
    subscriberPageSchema,
  );
  const cancelled = await page.request.post(`/api/subscribers/${found.subscribers[0]!.id}/cancel`, {
    headers,
    data: { when: "now" },
  });
  expect(cancelled.status()).toBe(200);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openAnalytics(page);

    // The spec's four tiles, unchanged, then the new figures with their definitions.
    for (const tile of ["Monthly Revenue", "Projected Annual Revenue", "Total Subscribers"]) {
      await expect(page.getByRole("group", { name: tile })).toBeVisible();
    }
    await expect(page.getByRole("group", { name: "Active Subscribers" })).toContainText("2");
    await expect(page.getByRole("group", { name: "Paused" })).toContainText(
      "0Pausing now: still subscribers, not in monthly revenue",
    );
    await expect(page.getByRole("group", { name: "ARPU" })).toContainText("$32.50");
    await expect(page.getByRole("group", { name: "ARPU" })).toContainText(
      "MRR ÷ 2 live subscribers",
    );
    await expect(page.getByRole("group", { name: /^Churned in / })).toContainText("1");
    // Nobody was live on the 1st (they all joined this month): no rate, and the hint says why.
    await expect(page.getByRole("group", { name: "Churn Rate" })).toContainText("—");
    await expect(page.getByRole("group", { name: "Churn Rate" })).toContainText(
      "(nobody was live)",
    );
    // $25 + $40 + $25 paid, 15% fees.
    await expect(page.getByRole("group", { name: /^Net Revenue in / })).toContainText("$76.50");
    await expect(page.getByRole("group", { name: /^Net Revenue in / })).toContainText(
      "$90.00 paid − $13.50 fees − $0.00 refunds and disputes",
    );
    await expect(page.getByRole("table", { name: "MRR history" })).toBeAttached();

    await expectNoHorizontalOverflow(page, `the Analytics tab at ${width} px`);
    await expectNoAxeViolations(page, `the Analytics tab at ${width} px`);
    await screenshotForReview(page, {
      path: `/tmp/analytics-metrics-${width}.png`,
      fullPage: true,
    });
    await screenshotForReview(page.getByRole("region", { name: "Recurring revenue" }), {
      path: `/tmp/analytics-metrics-${width}-section.png`,
    });
  }
});
