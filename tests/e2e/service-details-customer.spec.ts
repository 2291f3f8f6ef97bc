import { mkdirSync } from "node:fs";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { OFFERING_FULL_MESSAGE } from "../../contracts/landing";
import type { Offering } from "../../contracts/offerings";
import { outboxSchema } from "../../contracts/outbox";
import { outsideServiceAreaMessage } from "../../contracts/service-details";
import { subscriberDetailSchema, subscriberPageSchema } from "../../contracts/subscribers";
import { WAITLIST_JOINED_MESSAGE } from "../../contracts/waitlist";
import { e2eEmulatorUrl } from "../../playwright.config";
import { readJson } from "../support/read-json";
import { subscribeOverHttp } from "../support/subscribe-over-http";
import { expect, test, testClientAddress } from "./fixtures";
import { createSellingCreator, setServiceDetails, uniqueEmail } from "./helpers/api";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectNoHorizontalOverflow } from "./helpers/layout";
import { screenshotForReview } from "./helpers/screenshot";
import { typeCard } from "./helpers/subscribe-dialog";

// Issue 22, the customer's side: an on-site offering in area "940, 94110" asking a required
// "Gate code" and a yes/no question. Inside the area a customer subscribes by card with the
// address and answers, which the creator then reads; with postal code 10001 the modal says the
// area doesn't reach them and offers the waitlist. A full offering (one seat, taken) offers only
// the waitlist; when its subscriber is cancelled the first in line is e-mailed a link holding the
// seat, and subscribes from it, prefilled. At a laptop's width and a phone's, with axe on each
// screen. Shots go to /tmp/shots/customer-*.png for a human look.

const widths = [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "375", viewport: { width: 375, height: 812 } },
];

const AREA = ["940", "94110"];

// A modal's screens: axe reads the dialog (the page behind it is read on its own screens).
const inDialog = { include: '[role="dialog"]' };

function shoot(page: Page, file: string) {
  mkdirSync("/tmp/shots", { recursive: true });
  return screenshotForReview(page, { path: `/tmp/shots/customer-${file}.png` });
}

/** Makes the offering on-site in area 940/94110 with the two questions, and a capacity if given. */
function makeOnSite(
  request: APIRequestContext,
  baseURL: string,
  offering: Offering,
  capacity: number | null = null,
) {
  return setServiceDetails(request, baseURL, offering, {
    onSite: true,
    serviceArea: AREA,
    capacity,
    questions: [
      { label: "Gate code", kind: "short_text", required: true },
      { label: "Do you have a dog?", kind: "yes_no" },
    ],
  });
}

interface Place {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
}

const mission: Place = {
  line1: "123 Valencia St",
  line2: "Apt 4",
  city: "San Francisco",
  state: "CA",
  postalCode: "94110",
  phone: "(415) 555-0134",
};

/** The address fields, in the subscribe modal's step or the waitlist form (country: US). */
async function fillAddress(form: Locator, place: Place) {
  await form.getByLabel("Street address").fill(place.line1);
  await form.getByLabel("Apartment, unit or suite").fill(place.line2 ?? "");
  await form.getByLabel("City").fill(place.city);
  await form.getByLabel("State or region").fill(place.state);
  await form.getByLabel("Postal code").fill(place.postalCode);
  await form.getByLabel("Country").selectOption("US");
  await form.getByLabel("Phone number").fill(place.phone);
}

async function answerQuestions(form: Locator, gateCode: string, hasDog: "Yes" | "No") {
  await form.getByLabel("Gate code").fill(gateCode);
  await form
    .getByRole("group", { name: /Do you have a dog\?/ })
    .getByLabel(hasDog, { exact: true })
    .check();
}

/** The creator's view of the subscriber with this e-mail (GET /api/subscribers, then its detail). */
async function subscriberByEmail(request: APIRequestContext, email: string) {
  const list = await readJson(
    await request.get(`/api/subscribers?q=${encodeURIComponent(email)}`),
    subscriberPageSchema,
  );
  const found = list.subscribers.find((subscriber) => subscriber.email === email);
  if (!found) throw new Error(`no subscriber ${email}`);
  return (await readJson(await request.get(`/api/subscribers/${found.id}`), subscriberDetailSchema))
    .subscriber;
}

/** The invitation e-mailed to `to` (subject "A spot opened in …"): its link, waiting up to 30 s. */
async function invitationLink(request: APIRequestContext, to: string, title: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { messages } = await readJson(await request.get("/api/dev/outbox"), outboxSchema);
    const message = messages.find(
      (candidate) => candidate.to === to && candidate.subject === `A spot opened in ${title}`,
    );
    const link = message && /https?:\/\/\S*#invite=[A-Za-z0-9_-]{43}/.exec(message.text)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no invitation e-mailed to ${to}`);
    // The seat freed from the cancel's webhooks: deliver them (again) and read again.
    await request.post(`${e2eEmulatorUrl}/_emulator/webhooks/flush`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

for (const { name, viewport } of widths) {
  test(`inside the area a customer subscribes with address and answers; outside it, the waitlist, at ${name} px`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const title = `Mission Mowing ${name}`;
    const seller = await createSellingCreator(page.request, baseURL!, { title, priceCents: 2500 });
    const offering = await makeOnSite(page.request, baseURL!, seller.offering);
    const email = uniqueEmail("rosa");
    await page.setViewportSize(viewport);
    await page.goto(`/landing/${offering.customUrl}`);
    const dialog = page.getByRole("dialog", { name: `Subscribe to ${title}` });

    await test.step("name and e-mail, then the service address", async () => {
      await page.getByRole("button", { name: "Subscribe Now" }).click();
      await dialog.getByLabel("Full Name").fill("Rosa Inside");
      await dialog.getByLabel("Email Address").fill(email);
      await dialog.getByRole("button", { name: "Continue", exact: true }).click();
      await expect(dialog.getByRole("group", { name: "Service address" })).toBeVisible();
      await expect(dialog.getByLabel("Street address")).toBeFocused();
      await fillAddress(dialog, mission);
      await shoot(page, `address-${name}`);
      await expectNoAxeViolations(page, `the address step at ${name} px`, inDialog);
      await dialog.getByRole("button", { name: "Continue", exact: true }).click();
    });

    await test.step("the questions, then the card", async () => {
      await expect(dialog.getByRole("heading", { name: "A few questions" })).toBeVisible();
      await expect(dialog.getByLabel("Gate code")).toBeFocused();
      // The required one is said next to the field.
      await dialog.getByRole("button", { name: "Continue to Payment" }).click();
      await expect(dialog.getByLabel("Gate code")).toHaveAttribute("aria-invalid", "true");
      await answerQuestions(dialog, "Side gate, code 4321", "Yes");
      await shoot(page, `questions-${name}`);
      await expectNoAxeViolations(page, `the questions step at ${name} px`, inDialog);
      await dialog.getByRole("button", { name: "Continue to Payment" }).click();
      const pay = dialog.getByRole("button", { name: "Subscribe for $25.00/month" });
      await expect(dialog.getByRole("group", { name: "Card details" })).toBeVisible();
      await typeCard(page, "4242 4242 4242 4242");
      await shoot(page, `card-${name}`);
      await pay.click();
      await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    });

    await test.step("the creator reads the address, phone and answers", async () => {
      const subscriber = await subscriberByEmail(page.request, email);
      expect(subscriber.address).toEqual({
        line1: "123 Valencia St",
        line2: "Apt 4",
        city: "San Francisco",
        state: "CA",
        postalCode: "94110",
        country: "US",
      });
      expect(subscriber.phone).toBe("(415) 555-0134");
      expect(subscriber.answers.map(({ label, value }) => ({ label, value }))).toEqual([
        { label: "Gate code", value: "Side gate, code 4321" },
        { label: "Do you have a dog?", value: "Yes" },
      ]);
    });

    await test.step("postal code 10001 is outside the area: the waitlist instead", async () => {
      await page.getByRole("button", { name: "Close", exact: true }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole("button", { name: "Subscribe Now" }).click();
      const outsider = uniqueEmail("ned");
      await dialog.getByLabel("Full Name").fill("Ned Outside");
      await dialog.getByLabel("Email Address").fill(outsider);
      await dialog.getByRole("button", { name: "Continue", exact: true }).click();
      await fillAddress(dialog, {
        line1: "3 Broadway",
        city: "New York",
        state: "NY",
        postalCode: "10001",
        phone: "(212) 555-0199",
      });
      await dialog.getByRole("button", { name: "Continue", exact: true }).click();
      await expect(dialog.getByText(outsideServiceAreaMessage(AREA))).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Continue", exact: true })).toHaveCount(0);
      await shoot(page, `outside-area-${name}`);
      await expectNoAxeViolations(page, `the outside-area message at ${name} px`, inDialog);

      await dialog.getByRole("button", { name: "Join the waitlist" }).click();
      const waitlist = page.getByRole("dialog", { name: "Join the waitlist" });
      // What was typed comes along: name, e-mail and the address.
      await expect(waitlist.getByLabel("Full Name")).toHaveValue("Ned Outside");
      await expect(waitlist.getByLabel("Email Address")).toHaveValue(outsider);
      await expect(waitlist.getByLabel("Postal code")).toHaveValue("10001");
      await answerQuestions(waitlist, "none", "No");
      await shoot(page, `outside-waitlist-form-${name}`);
      await expectNoAxeViolations(
        page,
        `the waitlist form from outside the area at ${name} px`,
        inDialog,
      );
      await waitlist.getByRole("button", { name: "Join the waitlist" }).click();
      await expect(waitlist.getByText(WAITLIST_JOINED_MESSAGE)).toBeVisible();
      await shoot(page, `outside-waitlist-joined-${name}`);
      await expectNoHorizontalOverflow(page, `the waitlist's answer at ${name} px`);
    });
  });

  test(`a full offering's waitlist, then its e-mailed invitation subscribes, at ${name} px`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const title = `Full Mowing ${name}`;
    const seller = await createSellingCreator(page.request, baseURL!, { title, priceCents: 2500 });
    const offering = await makeOnSite(page.request, baseURL!, seller.offering, 1);
    const [gate, dog] = offering.questions.map((question) => question.id);
    // The one seat, taken through the API.
    const { subscriberId } = await subscribeOverHttp({
      baseUrl: baseURL!,
      origin: baseURL!,
      emulatorUrl: e2eEmulatorUrl,
      forwardedFor: testClientAddress(),
      customUrl: offering.customUrl,
      name: "Maria Seated",
      email: uniqueEmail("maria"),
      details: {
        address: {
          line1: "9 Valencia St",
          city: "San Francisco",
          state: "CA",
          postalCode: "94110",
          country: "US",
        },
        phone: "(415) 555-0100",
        answers: { [gate!]: "1111", [dog!]: false },
      },
    });
    const email = uniqueEmail("wendy");
    await page.setViewportSize(viewport);

    await test.step("the page says full and offers only the waitlist", async () => {
      await page.goto(`/landing/${offering.customUrl}`);
      const hero = page.getByRole("region", { name: title });
      await expect(hero.getByText(OFFERING_FULL_MESSAGE)).toBeVisible();
      await expect(page.getByRole("button", { name: "Subscribe Now" })).toHaveCount(0);
      await shoot(page, `full-${name}`);
      await expectNoAxeViolations(page, `the full landing page at ${name} px`);
      await expectNoHorizontalOverflow(page, `the full landing page at ${name} px`);
    });

    await test.step("joins the waitlist with the address and answers", async () => {
      await page
        .getByRole("region", { name: title })
        .getByRole("button", { name: "Join the waitlist" })
        .click();
      const waitlist = page.getByRole("dialog", { name: "Join the waitlist" });
      await expect(waitlist.getByLabel("Full Name")).toBeFocused();
      await waitlist.getByLabel("Full Name").fill("Wendy Waiting");
      await waitlist.getByLabel("Email Address").fill(email);
      await fillAddress(waitlist, { ...mission, line1: "45 Valencia St", line2: "" });
      await answerQuestions(waitlist, "Blue door, 7788", "No");
      await shoot(page, `full-waitlist-form-${name}`);
      await expectNoAxeViolations(page, `the waitlist form at ${name} px`, inDialog);
      await waitlist.getByRole("button", { name: "Join the waitlist" }).click();
      await expect(waitlist.getByText(WAITLIST_JOINED_MESSAGE)).toBeVisible();
      await shoot(page, `full-waitlist-joined-${name}`);
      await waitlist.getByRole("button", { name: "Close" }).first().click();
    });

    const link = await test.step("the seat frees, and the invitation is e-mailed", async () => {
      const cancel = await page.request.post(`/api/subscribers/${subscriberId}/cancel`, {
        headers: { Origin: baseURL! },
        data: { when: "now" },
      });
      expect(cancel.status(), await cancel.text()).toBe(200);
      await page.request.post(`${e2eEmulatorUrl}/_emulator/webhooks/flush`);
      return invitationLink(page.request, email, title);
    });

    await test.step("the link holds the spot; subscribing starts prefilled", async () => {
      expect(link).toContain(`/landing/${offering.customUrl}#invite=`);
      // From the inbox: a fresh load (on the open landing page, only the fragment would change).
      await page.goto("about:blank");
      await page.goto(link);
      const invitation = page.getByRole("region", { name: "Your invitation" });
      await expect(invitation.getByText(/^A spot is held for you until .+\.$/)).toBeVisible();
      // The fragment is taken out of the address bar at once.
      await expect(page).not.toHaveURL(/#invite=/);
      await shoot(page, `invited-${name}`);
      await expectNoAxeViolations(page, `the invited landing page at ${name} px`);
      await expectNoHorizontalOverflow(page, `the invited landing page at ${name} px`);

      await invitation.getByRole("button", { name: "Subscribe", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `Subscribe to ${title}` });
      await expect(dialog.getByText(/Your invitation holds a spot for you/)).toBeVisible();
      await expect(dialog.getByLabel("Full Name")).toHaveValue("Wendy Waiting");
      await expect(dialog.getByLabel("Email Address")).toHaveValue(email);
      await shoot(page, `invited-modal-${name}`);
      await expectNoAxeViolations(page, `the invited subscribe modal at ${name} px`, inDialog);
      await dialog.getByRole("button", { name: "Continue", exact: true }).click();
      await expect(dialog.getByLabel("Street address")).toHaveValue("45 Valencia St");
      await expect(dialog.getByLabel("Postal code")).toHaveValue("94110");
      await expect(dialog.getByLabel("Phone number")).toHaveValue("(415) 555-0134");
      await dialog.getByRole("button", { name: "Continue", exact: true }).click();
      await expect(dialog.getByLabel("Gate code")).toHaveValue("Blue door, 7788");
      await expect(
        dialog
          .getByRole("group", { name: /Do you have a dog\?/ })
          .getByLabel("No", { exact: true }),
      ).toBeChecked();
      await dialog.getByRole("button", { name: "Continue to Payment" }).click();
      await typeCard(page, "4242 4242 4242 4242");
      await dialog.getByRole("button", { name: "Subscribe for $25.00/month" }).click();
      await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    });

    await test.step("the self-service page shows the service address", async () => {
      await page.getByRole("button", { name: "Manage My Subscription" }).click();
      await expect(page.getByRole("heading", { name: "Manage Your Subscription" })).toBeVisible();
      const place = page.getByRole("region", { name: "Service address" });
      await expect(place).toContainText("45 Valencia St");
      await expect(place).toContainText("San Francisco, CA 94110");
      await place.scrollIntoViewIfNeeded();
      await shoot(page, `invited-self-service-${name}`);
      await expectNoAxeViolations(page, `the self-service page at ${name} px`);
    });
  });
}
