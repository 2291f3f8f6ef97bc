import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offering } from "../../../contracts/offerings";
import {
  createOffering,
  createOnboardedCreator,
  deleteCreatorAccount,
  type OnboardedCreator,
} from "../../../tests/factories/offering-factory";
import { advanceEmulatorClock } from "../../../tests/factories/stripe-browser";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { readOutbox } from "../../../tests/setup/outbox";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { readApiError } from "../../../tests/support/read-json";
import { closedSubscriptions, emailOutbox, subscribers } from "../../db/schema/app";
import { formatEmailDate } from "../../integrations/email/templates/render-email-message";
import { CANCELLATION_COMMENTS } from "../billing/lifecycle-emails";
import type { SelfServiceRenderer } from "../web-shell/standalone-renderer";

// Issue 18 (first week, item 9): deleting an account cancelled every subscriber in silence, and
// their saved links turned into "Subscription Not Found".

const BUSINESS = "Green Thumb Lawn Care";

let app: TestApp;
let stripe: Stripe;

beforeAll(async () => {
  // The self-service page drawn with the real renderer (through Vite here), as in production.
  const { renderSelfServicePage } = (await import(
    path.resolve("web/src/app/standalone/server-render.tsx")
  )) as { renderSelfServicePage: SelfServiceRenderer };
  app = await createTestApp(
    {},
    { webDistDir: path.resolve("web"), renderSelfService: renderSelfServicePage },
  );
  stripe = app.runtime.deps.stripe;
}, 60_000);
afterAll(async () => {
  await app?.close();
});

async function deleteAccount(creator: OnboardedCreator) {
  expect((await deleteCreatorAccount(app, creator)).status).toBe(200);
}

function portal(customUrl: string, manageKey: string) {
  return app.request(`/api/public/customers/${customUrl}/${manageKey}`);
}

/** Waits until the queue has sent every given message (the outbox stands in for SMTP). */
async function waitUntilSent(ids: string[]) {
  for (let i = 0; i < 100; i += 1) {
    const rows = await app.runtime.deps.db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, ids));
    if (rows.length === ids.length && rows.every((row) => row.status === "sent")) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the closing e-mails were not sent");
}

describe("deleting an account tells its subscribers", () => {
  let creator: OnboardedCreator;
  let lawn: Offering;
  let hedges: Offering;
  const email = (name: string) => `${name}-${creator.id.slice(0, 6)}@example.com`;

  beforeAll(async () => {
    creator = await createOnboardedCreator(app);
    lawn = await createOffering(app, creator, { title: "Weekly Lawn Care", priceCents: 2500 });
    hedges = await createOffering(app, creator, { title: "Hedge Trimming", priceCents: 1500 });
  }, 60_000);

  it("e-mails each live subscriber once (the message survives the deletion), none already cancelled; their links say the business closed, and nothing comes back later", async () => {
    const ann = await subscribeWithCard(app, lawn, { name: "Ann", email: email("ann") });
    const bob = await subscribeWithCard(app, hedges, { name: "Bob", email: email("bob") });
    const cat = await subscribeWithCard(app, lawn, { name: "Cat", email: email("cat") });
    await stripe.subscriptions.cancel(cat.subscriptionId);
    await app.flushWebhooks();
    // Another business's subscriber is no part of it.
    const other = await createOnboardedCreator(app);
    const otherOffering = await createOffering(app, other, { priceCents: 900 });
    const dan = await subscribeWithCard(app, otherOffering, { email: email("dan") });

    await deleteAccount(creator);
    const closedOn = formatEmailDate(new Date());
    await app.flushWebhooks();

    const closing = [];
    for (const [name, offering] of [
      ["ann", lawn],
      ["bob", hedges],
    ] as const) {
      const messages = await readOutbox(app, email(name), "subscription_closed_by_business");
      expect(messages, name).toHaveLength(1);
      const [message] = messages;
      expect(message).toMatchObject({ userId: null, subscriberId: null });
      expect(message!.subject).toBe(`Your ${offering.title} subscription has ended`);
      expect(message!.text).toContain(
        `${BUSINESS} closed their Regulars account on ${closedOn}, which ended your ${offering.title} subscription.`,
      );
      expect(message!.text).toContain("No further charges will be made");
      closing.push(message!.id);
    }
    await waitUntilSent(closing);
    expect(await readOutbox(app, email("cat"), "subscription_closed_by_business")).toEqual([]);
    expect(await readOutbox(app, email("dan"), "subscription_closed_by_business")).toEqual([]);
    // The cancellations' own webhooks told nobody "You cancelled".
    for (const name of ["ann", "bob"]) {
      expect(await readOutbox(app, email(name), "subscription_cancelled")).toEqual([]);
    }

    // Every link of the business, cancelled or not, answers what happened: a 410, not a 404.
    const said = (offering: Offering) =>
      `${BUSINESS} closed their account on ${closedOn}, which ended your ${offering.title} subscription. You won't be charged again.`;
    for (const [offering, key] of [
      [lawn, ann.manageKey],
      [hedges, bob.manageKey],
      [lawn, cat.manageKey],
    ] as const) {
      const response = await portal(offering.customUrl, key);
      expect(response.status).toBe(410);
      expect(await readApiError(response)).toEqual({
        code: "subscription_closed",
        message: said(offering),
      });
    }
    // A key under another custom URL, or an unknown key, is still simply not found.
    for (const [customUrl, key] of [
      [hedges.customUrl, ann.manageKey],
      [otherOffering.customUrl, ann.manageKey],
      [lawn.customUrl, "00000000-0000-4000-8000-000000000000"],
    ]) {
      const response = await portal(customUrl!, key!);
      expect(response.status).toBe(404);
      expect((await readApiError(response)).message).toBe("Subscription Not Found");
    }
    expect((await portal(otherOffering.customUrl, dan.manageKey)).status).toBe(200);
    // The page the link opens arrives drawn with the same words.
    const page = await app.request(`/customer/${lawn.customUrl}/${ann.manageKey}`);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain("This subscription has ended</h1>");
    expect(html).toContain(said(lawn).replaceAll("'", "&#x27;"));
    expect(html).not.toContain("Subscription Not Found");
    const wrongUrl = await app.request(`/customer/${hedges.customUrl}/${ann.manageKey}`);
    expect(wrongUrl.status).toBe(404);
    expect(await wrongUrl.text()).toContain("Subscription Not Found");

    // Months later, whatever Stripe sends about these subscriptions brings nothing back.
    await advanceEmulatorClock(app, 65);
    await app.flushWebhooks();
    const ids = [ann, bob, cat].map((s) => s.subscriptionId);
    expect(
      await app.runtime.deps.db
        .select()
        .from(subscribers)
        .where(inArray(subscribers.stripeSubscriptionId, ids)),
    ).toEqual([]);
    for (const id of ids) expect((await stripe.subscriptions.retrieve(id)).status).toBe("canceled");
    for (const name of ["ann", "bob"]) {
      expect(await readOutbox(app, email(name))).toHaveLength(1);
    }
    const tombstones = await app.runtime.deps.db
      .select()
      .from(closedSubscriptions)
      .where(inArray(closedSubscriptions.customUrl, [lawn.customUrl, hedges.customUrl]));
    expect(tombstones.map((row) => row.manageKey).sort()).toEqual(
      [ann.manageKey, bob.manageKey, cat.manageKey].sort(),
    );
    expect(tombstones.every((row) => row.businessName === BUSINESS)).toBe(true);
  });
});

describe("a cancellation webhook racing the deletion", () => {
  it("says the business closed it, not 'You cancelled', and the deletion adds no second message", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { priceCents: 2500 });
    const to = `eve-${creator.id.slice(0, 6)}@example.com`;
    const eve = await subscribeWithCard(app, offering, { email: to });
    // As closeCreatorBilling cancels it, its webhook arriving before the account's rows go (or
    // from an earlier attempt of a deletion that failed on a later Stripe call and is retried).
    await stripe.subscriptions.cancel(eve.subscriptionId, {
      cancellation_details: { comment: CANCELLATION_COMMENTS.businessClosed },
    });
    await app.flushWebhooks();
    const [row] = await app.runtime.deps.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.stripeSubscriptionId, eve.subscriptionId));
    expect(row?.paymentStatus).toBe("cancelled");
    expect(await readOutbox(app, to, "subscription_cancelled")).toEqual([]);
    const [told] = await readOutbox(app, to, "subscription_closed_by_business");
    expect(told?.text).toContain(`${BUSINESS} closed their Regulars account on`);

    await deleteAccount(creator);
    await app.flushWebhooks();
    const after = await readOutbox(app, to);
    expect(after.map((message) => message.kind)).toEqual(["subscription_closed_by_business"]);
  });
});
