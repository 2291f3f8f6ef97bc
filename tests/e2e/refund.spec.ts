import { earningsSchema } from "../../contracts/dashboard";
import { formatCents } from "../../contracts/money";
import { subscriberPageSchema, subscriberPaymentsSchema } from "../../contracts/subscribers";
import { readJson } from "../support/read-json";
import { expect, test } from "./fixtures";
import { createSellingCreator, subscribeThroughApi } from "./helpers/api";
import { screenshotForReview } from "./helpers/screenshot";
import { findAndOpenSubscriber } from "./helpers/subscribers";

// Issue 13: a creator refunds part of a payment from the Subscribers tab. Earnings drop by the
// net refunded and the customer's refund e-mail is in the dev outbox. Screenshots go to /tmp.

async function totalNetCents(page: import("@playwright/test").Page) {
  const response = await page.request.get("/api/dashboard/earnings");
  return (await readJson(response, earningsSchema)).totalNetEarningsCents;
}

test("a creator refunds part of a payment; earnings drop and the customer is e-mailed", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const tag = Date.now().toString(36);
  const title = `Piano Lessons ${tag}`;
  const seller = await createSellingCreator(page.request, baseURL!, { title, priceCents: 4000 });
  const email = `pat.refund-${tag}@example.com`;
  await subscribeThroughApi(page.request, baseURL!, seller.offering.customUrl, "Pat Refund", email);
  const before = await totalNetCents(page);

  await page.goto("/dashboard");
  const detail = await findAndOpenSubscriber(page, `refund-${tag}`, "Pat Refund");
  await detail.getByRole("button", { name: /^Refund the \$40\.00 payment/ }).click();
  const dialog = page.getByRole("dialog", { name: "Refund this payment?" });
  const amount = dialog.getByLabel("Amount to refund (USD)");
  await expect(amount).toHaveValue("40.00");
  await amount.fill("45");
  await expect(dialog.getByText("At most $40.00 can be refunded.")).toBeVisible();
  await amount.fill("15");
  await screenshotForReview(page, { path: "/tmp/refund-dialog-375.png" });
  await dialog.getByRole("button", { name: "Refund $15.00" }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText("Refunded $15.00 to Pat Refund. We e-mailed them.")).toBeVisible();
  await expect(detail.getByRole("table")).toContainText("Refunded $15.00");
  await screenshotForReview(page, { path: "/tmp/refund-detail-375.png" });

  // Earnings drop by the net: the refund less the platform fee given back on it.
  const found = await page.request.get(`/api/subscribers?q=refund-${tag}`);
  const [subscriber] = (await readJson(found, subscriberPageSchema)).subscribers;
  const payments = await page.request.get(`/api/subscribers/${subscriber!.id}/payments`);
  const [payment] = (await readJson(payments, subscriberPaymentsSchema)).payments;
  const feeBack = Math.round((payment!.feeCents * 1500) / payment!.amountCents);
  const after = await totalNetCents(page);
  expect(after).toBe(before - (1500 - feeBack));
  await page.keyboard.press("Escape");
  await page.getByRole("tab", { name: "Earnings" }).click();
  await expect(page.getByRole("group", { name: "Total Earnings" })).toContainText(
    formatCents(after),
  );

  // The customer's refund e-mail, in the dev outbox page.
  await page.goto("/dev/outbox");
  await expect(page.getByText(`Refund of $15.00 for ${title}`).first()).toBeVisible();
});
