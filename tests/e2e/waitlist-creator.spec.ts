import { mkdirSync } from "node:fs";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { Offering } from "../../contracts/offerings";
import { NO_FREE_SEAT_MESSAGE } from "../../contracts/waitlist";
import { e2eEmulatorUrl } from "../../playwright.config";
import { subscribeOverHttp } from "../support/subscribe-over-http";
import { expect, test, testClientAddress } from "./fixtures";
import { createSellingCreator, setServiceDetails, uniqueEmail } from "./helpers/api";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { screenshotForReview } from "./helpers/screenshot";

// Issue 22, the creator's waitlist: an on-site offering in area 941 with one seat, taken by a
// subscriber (address, phone and an answer, read in the detail sheet and found by the postal
// code filter); three people wait, the third outside the area. The creator reads the line from
// the card's "Waitlist (3)", removes the second, can't invite the first while the seat is
// taken, cancels the subscriber now, and the freed seat is offered to the first. At a laptop's
// width and a phone's, with axe on each sheet. Shots go to /tmp/shots/ for a human look.

const address = (line1: string, postalCode: string, city = "San Francisco", state = "CA") => ({
  line1,
  city,
  state,
  postalCode,
  country: "US",
});

/** Makes the offering on-site in area 941 with one seat and a "Gate code" question. */
function makeOneSeatOnSite(request: APIRequestContext, baseURL: string, offering: Offering) {
  return setServiceDetails(request, baseURL, offering, {
    onSite: true,
    serviceArea: ["941"],
    capacity: 1,
    questions: [{ label: "Gate code", kind: "short_text", required: true }],
  });
}

/** POST /api/public/waitlist, as the landing page's form does, from an address of its own. */
async function joinWaitlist(
  request: APIRequestContext,
  baseURL: string,
  offering: Offering,
  person: { name: string; postalCode: string; line1: string; city?: string; state?: string },
) {
  const response = await request.post("/api/public/waitlist", {
    headers: { Origin: baseURL, "X-Forwarded-For": testClientAddress() },
    data: {
      customUrl: offering.customUrl,
      name: person.name,
      email: uniqueEmail(person.name.split(" ")[0]!.toLowerCase()),
      phone: "(415) 555-0100",
      address: address(person.line1, person.postalCode, person.city, person.state),
      answers: { [offering.questions[0]!.id]: "1234" },
    },
  });
  if (response.status() !== 201) throw new Error(`join failed: ${await response.text()}`);
}

function shoot(page: Page, file: string) {
  mkdirSync("/tmp/shots", { recursive: true });
  return screenshotForReview(page, { path: `/tmp/shots/${file}.png` });
}

/** Opens the card's waitlist sheet; returns it. */
async function openWaitlist(page: Page, title: string, count: number) {
  await page.getByRole("tab", { name: "Overview" }).click();
  await page.getByRole("button", { name: `Waitlist (${count}) of ${title}` }).click();
  const sheet = page.getByRole("dialog", { name: `Waitlist: ${title}` });
  await expect(sheet.getByRole("heading", { name: /^In line/ })).toBeVisible();
  return sheet;
}

const inLine = (sheet: Locator) =>
  sheet.getByRole("region", { name: /^In line/ }).getByRole("listitem");

// A laptop, then a phone.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  const name = String(viewport.width);
  test(`a creator manages a full offering's waitlist, at ${name} px`, async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    const title = `Weekly Mowing ${name}`;
    const seller = await createSellingCreator(page.request, baseURL!, { title, priceCents: 3000 });
    const offering = await makeOneSeatOnSite(page.request, baseURL!, seller.offering);
    const gate = offering.questions[0]!.id;

    // The one seat: a subscriber in the area, with a phone and an answer.
    await subscribeOverHttp({
      baseUrl: baseURL!,
      origin: baseURL!,
      emulatorUrl: e2eEmulatorUrl,
      forwardedFor: testClientAddress(),
      customUrl: offering.customUrl,
      name: "Maria Mission",
      email: uniqueEmail("maria"),
      details: {
        address: { ...address("123 Valencia St", "94110"), line2: "Apt 4" },
        phone: "(415) 555-0134",
        answers: { [gate]: "Side gate, code 4321" },
      },
    });
    // Full: three wait, the third outside the area.
    await joinWaitlist(page.request, baseURL!, offering, {
      name: "Ada First",
      line1: "1 Mission St",
      postalCode: "94103",
    });
    await joinWaitlist(page.request, baseURL!, offering, {
      name: "Ben Second",
      line1: "2 Castro St",
      postalCode: "94114",
    });
    await joinWaitlist(page.request, baseURL!, offering, {
      name: "Cy Third",
      line1: "3 Broadway",
      postalCode: "10001",
      city: "New York",
      state: "NY",
    });

    await page.setViewportSize(viewport);
    await page.goto("/dashboard");

    await test.step("the card offers the waitlist with its count", async () => {
      const card = page.getByRole("listitem").filter({ hasText: title });
      await expect(card.getByText("Capacity 1 · 3 on the waitlist")).toBeVisible();
      const button = card.getByRole("button", { name: `Waitlist (3) of ${title}` });
      await expect(button).toHaveText("Waitlist (3)");
      await button.scrollIntoViewIfNeeded();
      await shoot(page, `waitlist-card-${name}`);
      await expectNoHorizontalOverflow(page, `the dashboard at ${name} px`);
    });

    await test.step("the sheet lists them in order, the third outside the area", async () => {
      const sheet = await openWaitlist(page, title, 3);
      await expect(sheet.getByText("Capacity 1 · Full", { exact: true })).toBeVisible();
      const rows = inLine(sheet);
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText("Ada First");
      await expect(rows.nth(1)).toContainText("Ben Second");
      await expect(rows.nth(2)).toContainText("Cy Third");
      await expect(rows.nth(2)).toContainText("Outside your service area");
      await expect(rows.nth(0)).not.toContainText("Outside your service area");
      await expect(rows.nth(1)).not.toContainText("Outside your service area");
      await expect(rows.nth(0)).toContainText("Waiting");
      await shoot(page, `waitlist-sheet-${name}`);
      await expectNoAxeViolations(page, `the waitlist sheet at ${name} px`);
    });

    await test.step("removes the second after a confirmation", async () => {
      const sheet = page.getByRole("dialog", { name: `Waitlist: ${title}` });
      await sheet.getByRole("button", { name: "Remove: Ben Second" }).click();
      const confirm = page.getByRole("dialog", { name: "Remove Ben Second from the waitlist?" });
      await expect(confirm.getByText(/They lose their place/)).toBeVisible();
      await shoot(page, `waitlist-remove-${name}`);
      await expectNoAxeViolations(page, `the remove dialog at ${name} px`);
      await confirm.getByRole("button", { name: "Remove", exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(sheet.getByText("Ben Second was removed from the waitlist.")).toBeVisible();
      await expect(inLine(sheet)).toHaveCount(2);
      await expect(inLine(sheet).nth(0)).toContainText("Ada First");
      await expect(inLine(sheet).nth(1)).toContainText("Cy Third");
      const left = sheet.getByRole("region", { name: "Recently left the waitlist" });
      await expect(left).toContainText("Ben Second");
      await expect(left).toContainText("Removed");
    });

    await test.step("Invite now is refused while the only seat is taken", async () => {
      const sheet = page.getByRole("dialog", { name: `Waitlist: ${title}` });
      await sheet.getByRole("button", { name: "Invite now: Ada First" }).click();
      await expect(sheet.getByText(NO_FREE_SEAT_MESSAGE)).toBeVisible();
      await expect(inLine(sheet).nth(0)).toContainText("Waiting");
      await shoot(page, `waitlist-no-seat-${name}`);
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
      // The card's count followed the removal.
      await expect(page.getByRole("button", { name: `Waitlist (2) of ${title}` })).toBeVisible();
    });

    await test.step("the subscriber's detail shows the address, phone and answer", async () => {
      await page.getByRole("tab", { name: "Subscribers" }).click();
      const postal = page.getByLabel("Postal code");
      await postal.fill("100");
      await expect(page).toHaveURL(/postalCode=100/);
      await expect(page.getByText("No matching subscribers")).toBeVisible();
      await postal.fill("941");
      await expect(page).toHaveURL(/postalCode=941/);
      await expect(page.getByRole("button", { name: "Maria Mission", exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Maria Mission", exact: true }).click();
      const detail = page.getByRole("dialog", { name: "Maria Mission" });
      await expect(detail.getByText("Service address")).toBeVisible();
      const place = detail.locator("address");
      await expect(place).toContainText("123 Valencia St");
      await expect(place).toContainText("Apt 4");
      await expect(place).toContainText("San Francisco, CA 94110");
      await expect(detail.getByRole("link", { name: "(415) 555-0134" })).toHaveAttribute(
        "href",
        "tel:4155550134",
      );
      await expect(detail.getByText("Sign-up answers")).toBeVisible();
      await expect(detail.getByText("Gate code", { exact: true })).toBeVisible();
      await expect(detail.getByText("Side gate, code 4321")).toBeVisible();
      await detail.getByText("Service address").scrollIntoViewIfNeeded();
      await shoot(page, `waitlist-subscriber-detail-${name}`);
      await expectNoAxeViolations(page, `the subscriber detail at ${name} px`);
    });

    await test.step("cancelling the subscriber now invites the first in line", async () => {
      const detail = page.getByRole("dialog", { name: "Maria Mission" });
      await detail.getByRole("button", { name: "Cancel subscription" }).click();
      const confirm = page.getByRole("dialog", { name: "Cancel Maria Mission's subscription?" });
      await confirm.getByLabel("Now").check();
      await confirm.getByRole("button", { name: "Cancel now" }).click();
      await expect(confirm).toBeHidden();
      await expect(detail.getByText("Maria Mission's subscription is cancelled.")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(detail).toBeHidden();

      // The seat is offered in the cancel's wake: read the sheet until it says so.
      await expect(async () => {
        const sheet = await openWaitlist(page, title, 2);
        try {
          await expect(inLine(sheet).nth(0)).toContainText(/Invited until /, { timeout: 2_000 });
        } catch (error) {
          await page.keyboard.press("Escape");
          throw error;
        }
      }).toPass({ timeout: 30_000 });
      const sheet = page.getByRole("dialog", { name: `Waitlist: ${title}` });
      await expect(inLine(sheet).nth(0)).toContainText("Ada First");
      await expect(inLine(sheet).nth(1)).toContainText("Cy Third");
      await expect(inLine(sheet).nth(1)).toContainText("Waiting");
      // The held seat is the free one: nobody else can be invited now.
      await expect(sheet.getByText("Capacity 1 · Full", { exact: true })).toBeVisible();
      await shoot(page, `waitlist-invited-${name}`);
      await expectNoAxeViolations(page, `the waitlist sheet with an invitation at ${name} px`);
    });
  });
}
