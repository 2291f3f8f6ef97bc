import { count, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelSubscriptionResponseSchema } from "../../contracts/customer-portal";
import type { Offering } from "../../contracts/offerings";
import { emailOutbox } from "../../server/db/schema/app";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { advanceEmulatorClock, createPaymentMethod, testCards } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { linksIn, readOutbox } from "../setup/outbox";
import { createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

let smtp: SmtpSink;
let app: TestApp;
let creator: OnboardedCreator;
let offering: Offering;

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await createTestApp({ SMTP_URL: smtp.url });
  creator = await createOnboardedCreator(app);
  offering = await createOffering(app, creator, { title: "Lawn Care", priceCents: 2000 });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function month() {
  await advanceEmulatorClock(app, 31);
  await app.flushWebhooks();
}

/** Everything written has been sent, and everything sent has arrived. */
async function allMailDelivered() {
  await expect
    .poll(
      async () => {
        const [pending] = await app.runtime.deps.db
          .select({ n: count() })
          .from(emailOutbox)
          .where(ne(emailOutbox.status, "sent"));
        const [all] = await app.runtime.deps.db.select({ n: count() }).from(emailOutbox);
        return pending?.n === 0 && all?.n === smtp.received.length;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
}

/** A day as the e-mails write it: "February 28, 2027", in UTC. */
const dayOf = (date: Date) =>
  date.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

function tally() {
  const counts: Record<string, number> = {};
  for (const mail of smtp.received) {
    const key = `${mail.to.join(",")} | ${mail.subject}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe("a simulated year of one creator's business", () => {
  it("sends each message once: welcomes, receipts, failures, cancellations, e-mail changes", async () => {
    const loyal = await subscribeWithCard(app, offering, { name: "Ann", email: "ann@example.com" });
    const failing = await subscribeWithCard(app, offering, {
      name: "Bob",
      email: "bob@example.com",
    });
    const leaving = await subscribeWithCard(app, offering, {
      name: "Cat",
      email: "cat@example.com",
    });
    const moving = await subscribeWithCard(app, offering, {
      name: "Dan",
      email: "dan@example.com",
    });

    await month();
    // Dan moves to a new address and confirms it from there: both addresses hear of it, and
    // later receipts go to the new.
    const changed = await app.request(
      `/api/public/customers/${offering.customUrl}/${moving.manageKey}/email`,
      jsonRequest("PATCH", { email: "dan@new.example.com" }),
    );
    expect(changed.status).toBe(200);
    const [confirmMail] = await readOutbox(app, "dan@new.example.com", "email_change_confirm");
    const [confirmLink] = linksIn(confirmMail!, `${TEST_ORIGIN}/email-change/confirm?token=`);
    const confirmed = await app.request(
      "/api/public/email-changes/confirm",
      jsonRequest("POST", { token: new URL(confirmLink!).searchParams.get("token") }),
    );
    expect(confirmed.status).toBe(200);

    await month();
    // Cat cancels on the self-service page: her subscription ends with the month she paid for.
    const cancelled = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: offering.customUrl, manageKey: leaving.manageKey }),
    );
    expect(cancelled.status).toBe(200);
    const { endsAt } = await readJson(cancelled, cancelSubscriptionResponseSchema);
    const catsPeriod = await app.runtime.deps.stripe.subscriptions.retrieve(leaving.subscriptionId);
    expect(endsAt).toBe(
      new Date(catsPeriod.items.data[0]!.current_period_end * 1000).toISOString(),
    );
    const catEndsOn = dayOf(new Date(endsAt!));

    await month();
    // Bob's card starts failing: his fourth renewal and its three retries fail, then Stripe
    // cancels the subscription.
    const stripe = app.runtime.deps.stripe;
    const subscription = await stripe.subscriptions.retrieve(failing.subscriptionId);
    const badCard = await createPaymentMethod(app, testCards.failsWhenCharged);
    await stripe.paymentMethods.attach(badCard, { customer: subscription.customer as string });
    await stripe.subscriptions.update(failing.subscriptionId, { default_payment_method: badCard });

    for (let m = 3; m < 12; m += 1) await month();
    await allMailDelivered();

    const owner = creator.email;
    expect(tally()).toEqual({
      "ann@example.com | Welcome to Lawn Care": 1,
      "ann@example.com | Receipt for Lawn Care": 13,
      "bob@example.com | Welcome to Lawn Care": 1,
      "bob@example.com | Receipt for Lawn Care": 4,
      "bob@example.com | Your payment for Lawn Care failed": 4,
      "bob@example.com | Your Lawn Care subscription is cancelled": 1,
      "cat@example.com | Welcome to Lawn Care": 1,
      "cat@example.com | Receipt for Lawn Care": 3,
      [`cat@example.com | Your Lawn Care subscription ends on ${catEndsOn}`]: 1,
      "cat@example.com | Your Lawn Care subscription is cancelled": 1,
      "dan@example.com | Welcome to Lawn Care": 1,
      "dan@example.com | Receipt for Lawn Care": 2,
      "dan@example.com | Change of e-mail asked for Lawn Care": 1,
      "dan@example.com | Your e-mail for Lawn Care was changed": 1,
      "dan@new.example.com | Confirm your new e-mail for Lawn Care": 1,
      "dan@new.example.com | Your e-mail for Lawn Care was changed": 1,
      "dan@new.example.com | Receipt for Lawn Care": 11,
      [`${owner} | Verify your e-mail for Regulars`]: 1,
      [`${owner} | New subscriber: Ann joined Lawn Care`]: 1,
      [`${owner} | New subscriber: Bob joined Lawn Care`]: 1,
      [`${owner} | New subscriber: Cat joined Lawn Care`]: 1,
      [`${owner} | New subscriber: Dan joined Lawn Care`]: 1,
      [`${owner} | Payment failed: Bob (Lawn Care)`]: 4,
      [`${owner} | Bob's Lawn Care subscription ended after failed payments`]: 1,
      // Told when Cat set the end, not again when it came.
      [`${owner} | Cat set Lawn Care to end on ${catEndsOn}`]: 1,
    });
    // Every message is multipart, and receipts name the card they charged.
    expect(smtp.received.every((m) => m.text.length > 0 && m.html.length > 0)).toBe(true);
    const receipt = smtp.received.find((m) => m.subject === "Receipt for Lawn Care");
    expect(receipt?.text).toMatch(/Visa ending in 4242/);
    expect(receipt?.text).toContain("$20.00");
    expect(receipt?.text).toContain(`/customer/${offering.customUrl}/${loyal.manageKey}`);
    const failure = smtp.received.find((m) => m.subject === "Your payment for Lawn Care failed");
    expect(failure?.text).toContain(`/customer/${offering.customUrl}/${failing.manageKey}`);
  }, 240_000);
});
