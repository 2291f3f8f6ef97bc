import { outboxSchema } from "../../contracts/outbox";
import { readJson } from "../support/read-json";
import { expect, test } from "./fixtures";
import { createSellingCreator, uniqueEmail } from "./helpers/api";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 18, security item 2: a free subscribe mails whatever address is typed. Typing an address
// that already has the subscription again subscribes nothing, mails nothing, and says why,
// without opening the existing subscription to whoever typed it.
const phone = { width: 375, height: 812 };

test("subscribing to a free offering twice with one address says so and sends nothing new", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const title = `Free Pruning Tips ${Date.now()}`;
  const seller = await createSellingCreator(request, baseURL!, { title, priceCents: 0 });
  const email = uniqueEmail("twice");

  async function subscribeInDialog(on: typeof page, typed: string) {
    await on.goto(`/landing/${seller.offering.customUrl}`);
    await on.getByRole("button", { name: "Subscribe Now" }).click();
    const dialog = on.getByRole("dialog", { name: `Subscribe to ${title}` });
    await dialog.getByLabel("Full Name").fill("Fran Twice");
    await dialog.getByLabel("Email Address").fill(typed);
    await dialog.getByRole("button", { name: "Subscribe for Free" }).click();
    return dialog;
  }

  await page.setViewportSize(phone);
  await subscribeInDialog(page, email);
  await expect(page.getByRole("dialog", { name: "You're subscribed!" })).toBeVisible();

  // Later, on another device (nothing stored), the same address typed in capitals.
  const other = await browser.newPage({ viewport: phone });
  try {
    const dialog = await subscribeInDialog(other, email.toUpperCase());
    await expect(
      dialog.getByText(
        'You\'re already subscribed with this e-mail. Use "Lost your link?" to get your link again.',
      ),
    ).toBeVisible();
    await expect(other.getByRole("dialog", { name: "You're subscribed!" })).toHaveCount(0);
    await screenshotForReview(other, { path: "/tmp/free-subscribe-twice-375.png" });
  } finally {
    await other.close();
  }

  const outbox = await request.get("/api/dev/outbox");
  const { messages } = await readJson(outbox, outboxSchema);
  const welcomes = messages.filter((m) => m.to.toLowerCase() === email.toLowerCase());
  expect(welcomes).toHaveLength(1);
});
