import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerPortalSchema } from "../../contracts/customer-portal";
import { analyticsSchema } from "../../contracts/dashboard";
import type { Offering } from "../../contracts/offerings";
import { portalInvoicesSchema, switchPreviewSchema } from "../../contracts/subscription-control";
import { creatorEarnings, emailOutbox, subscribers } from "../../server/db/schema/app";
import { asCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import {
  advanceEmulatorClock,
  createPaymentMethod,
  emulatorNow,
  testCards,
} from "../factories/stripe-browser";
import { type SubscribeResult, subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readApiError, readJson } from "../support/read-json";

// Issue 21: the customer keeps control from the self-service link. Every case runs against the
// emulator's clock, so renewals, pauses lifting and the end of a period happen as over months,
// and checks the charges Stripe made, the earnings rows and the e-mails, to the cent.

let app: TestApp;
let creator: OnboardedCreator;
let basic: Offering;
let full: Offering;
let weekly: Offering;
const DAY = 86_400;

beforeAll(async () => {
  app = await createTestApp();
  creator = await createOnboardedCreator(app);
  basic = await createOffering(app, creator, { title: "Basic Lawn", priceCents: 3000 });
  full = await createOffering(app, creator, { title: "Full Lawn", priceCents: 5000 });
  weekly = await createOffering(app, creator, {
    title: "Weekly Walk",
    priceCents: 2000,
    cadence: "week",
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

async function advanceDays(days: number) {
  await advanceEmulatorClock(app, days);
  await app.flushWebhooks();
}

const portalPath = (offering: Offering, sub: SubscribeResult) =>
  `/api/public/customers/${offering.customUrl}/${sub.manageKey}`;

async function portalOf(offering: Offering, sub: SubscribeResult) {
  return readJson(await app.request(portalPath(offering, sub)), customerPortalSchema);
}

// Each customer action from its own address: the rate limit (20 a minute) is not under test.
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.211.${Math.floor(addresses / 250)}.${addresses % 250}`;
};

async function control(offering: Offering, sub: SubscribeResult, action: string, body = {}) {
  return app.request(`${portalPath(offering, sub)}/${action}`, {
    ...jsonRequest("POST", body),
    ip: nextAddress(),
  });
}

async function expectControl(offering: Offering, sub: SubscribeResult, action: string, body = {}) {
  const response = await control(offering, sub, action, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return readJson(response, customerPortalSchema);
}

async function cancel(offering: Offering, sub: SubscribeResult) {
  const response = await app.request(
    "/api/cancel-subscription",
    jsonRequest("POST", { customUrl: offering.customUrl, manageKey: sub.manageKey }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { ok: true; endsAt: string | null };
}

async function invoicesOf(sub: SubscribeResult) {
  const list = await app.runtime.deps.stripe.invoices.list({
    subscription: sub.subscriptionId,
    limit: 100,
  });
  return list.data.sort((a, b) => a.created - b.created || a.period_start - b.period_start);
}

async function earningsOf(sub: SubscribeResult) {
  return app.runtime.deps.db
    .select()
    .from(creatorEarnings)
    .where(eq(creatorEarnings.subscriberId, sub.subscriberId));
}

async function mailKindsOf(sub: SubscribeResult) {
  await app.flushWebhooks();
  const rows = await app.runtime.deps.db
    .select({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(eq(emailOutbox.subscriberId, sub.subscriberId));
  const tally: Record<string, number> = {};
  for (const { kind } of rows) tally[kind] = (tally[kind] ?? 0) + 1;
  return tally;
}

async function subscriberRow(sub: SubscribeResult) {
  const [row] = await app.runtime.deps.db
    .select()
    .from(subscribers)
    .where(eq(subscribers.id, sub.subscriberId));
  return row!;
}

describe("cancel at the period's end, and resume", () => {
  it("keeps the paid period, resumes, and then renews with exactly one more charge", async () => {
    const sub = await subscribeWithCard(app, basic);
    const periodEnd = (await invoicesOf(sub))[0]!.period_end;

    const { endsAt } = await cancel(basic, sub);
    expect(endsAt).toBe(new Date(periodEnd * 1000).toISOString());
    const ending = await portalOf(basic, sub);
    expect(ending.subscriber.paymentStatus).toBe("active");
    expect(ending.controls.endsAt).toBe(endsAt);
    expect(ending.controls.nextChargeAt).toBeNull();

    const resumed = await expectControl(basic, sub, "resume");
    expect(resumed.controls.endsAt).toBeNull();
    expect(resumed.controls.nextChargeAt).toBe(endsAt);

    await advanceDays(32);
    const invoices = await invoicesOf(sub);
    expect(invoices.map((i) => [i.status, i.amount_paid])).toEqual([
      ["paid", 3000],
      ["paid", 3000],
    ]);
    expect(await earningsOf(sub)).toHaveLength(2);
    const mail = await mailKindsOf(sub);
    expect(mail.subscription_cancel_scheduled).toBe(1);
    expect(mail.subscription_resumed).toBe(1);
    expect(mail.subscription_cancelled).toBeUndefined();
    // Resuming again has nothing to resume.
    const again = await control(basic, sub, "resume");
    expect(again.status).toBe(409);
    expect((await readApiError(again)).message).toMatch(/isn't set to end/);
  });

  it("ends at the period's end: no charge after, one cancelled e-mail, the business told once", async () => {
    const sub = await subscribeWithCard(app, basic);
    await cancel(basic, sub);
    await cancel(basic, sub); // a second tap changes nothing
    await advanceDays(32);

    expect((await invoicesOf(sub)).map((i) => i.status)).toEqual(["paid"]);
    expect(await earningsOf(sub)).toHaveLength(1);
    expect((await subscriberRow(sub)).paymentStatus).toBe("cancelled");
    const mail = await mailKindsOf(sub);
    expect(mail).toMatchObject({
      subscription_cancel_scheduled: 1,
      subscription_cancelled: 1,
      creator_subscription_change: 1,
    });
    expect(mail.creator_cancellation).toBeUndefined();

    const ended = await control(basic, sub, "resume");
    expect(ended.status).toBe(409);
    expect((await readApiError(ended)).message).toMatch(/already ended/);
  });
});

describe("pause and skip", () => {
  it("pauses for 2 periods: no charge and no earnings, a reminder, then charges again", async () => {
    const sub = await subscribeWithCard(app, basic);
    const first = (await invoicesOf(sub))[0]!;
    const paused = await expectControl(basic, sub, "pause", { periods: 2 });
    const until = paused.controls.pause?.until;
    // Two renewals passed over: the first charge after is two months past the paid period.
    const days = (Date.parse(until!) / 1000 - first.period_end) / DAY;
    expect(days).toBeGreaterThanOrEqual(59);
    expect(days).toBeLessThanOrEqual(62);
    expect(paused.controls.nextChargeAt).toBe(until);
    expect(paused.controls.canPause).toMatchObject({ available: false });

    const analytics = await app.request("/api/dashboard/analytics", asCreator(creator));
    const { metrics } = analyticsSchema.parse(await analytics.json());
    expect(metrics.pausedSubscribers).toBeGreaterThanOrEqual(1);

    await advanceDays(63);
    const during = await invoicesOf(sub);
    expect(during.map((i) => [i.status, i.amount_paid])).toEqual([
      ["paid", 3000],
      ["void", 0],
      ["void", 0],
    ]);
    expect(await earningsOf(sub)).toHaveLength(1);
    expect((await mailKindsOf(sub)).subscription_resumed).toBeUndefined();

    // Two days before the charge, Stripe has lifted the pause: the customer was reminded.
    const daysLeft = (Date.parse(until!) - (await emulatorNow(app))) / (DAY * 1000);
    await advanceDays(Math.floor(daysLeft) - 2);
    expect((await mailKindsOf(sub)).subscription_resumed).toBe(1);
    expect((await portalOf(basic, sub)).controls.pause).toBeNull();
    expect(await earningsOf(sub)).toHaveLength(1);

    await advanceDays(3);
    const charged = (await invoicesOf(sub)).at(-1)!;
    expect([charged.status, charged.amount_paid]).toEqual(["paid", 3000]);
    // Charged on the very renewal the page named.
    expect(new Date(charged.period_start * 1000).toISOString()).toBe(until);
    expect(await earningsOf(sub)).toHaveLength(2);
    const mail = await mailKindsOf(sub);
    expect(mail.subscription_paused).toBe(1);
    expect(mail.payment_receipt).toBe(2);

    const listed = await app.request(`${portalPath(basic, sub)}/invoices`);
    const { invoices } = await readJson(listed, portalInvoicesSchema);
    expect(invoices.map((i) => i.status)).toEqual(["paid", "skipped", "skipped", "paid"].reverse());
    expect(invoices[0]!.card).toMatchObject({ last4: "4242" });
    expect(invoices[0]!.url).toMatch(/\/invoices\/in_/);
  });

  it("skips the next visit of a weekly subscription, and resumes now", async () => {
    const sub = await subscribeWithCard(app, weekly);
    const skipped = await expectControl(weekly, sub, "pause", { periods: 1 });
    expect(skipped.controls.pause?.until).toBeTruthy();
    await advanceDays(8);
    expect((await invoicesOf(sub)).map((i) => i.status)).toEqual(["paid", "void"]);
    await advanceDays(7);
    expect((await invoicesOf(sub)).map((i) => i.status)).toEqual(["paid", "void", "paid"]);

    // A pause ended at once: the next renewal is charged.
    await expectControl(weekly, sub, "pause", { periods: 3 });
    const resumed = await expectControl(weekly, sub, "pause/end");
    expect(resumed.controls.pause).toBeNull();
    await advanceDays(7);
    expect((await invoicesOf(sub)).map((i) => i.status).at(-1)).toBe("paid");
    expect((await subscriberRow(sub)).paymentStatus).toBe("active");
  });

  it("refuses a past-due subscriber until the open invoice is paid, voiding nothing", async () => {
    const sub = await subscribeWithCard(app, basic);
    const stripe = app.runtime.deps.stripe;
    const subscription = await stripe.subscriptions.retrieve(sub.subscriptionId);
    const badCard = await createPaymentMethod(app, testCards.failsWhenCharged);
    await stripe.paymentMethods.attach(badCard, { customer: subscription.customer as string });
    await stripe.subscriptions.update(sub.subscriptionId, { default_payment_method: badCard });
    await advanceDays(31);
    expect((await subscriberRow(sub)).paymentStatus).toBe("past_due");

    const refused = await control(basic, sub, "pause", { periods: 1 });
    expect(refused.status).toBe(409);
    expect((await readApiError(refused)).message).toBe(
      "You can pause once the payment that didn't go through is paid.",
    );
    const after = await stripe.subscriptions.retrieve(sub.subscriptionId);
    expect(after.pause_collection).toBeNull();
    expect((await invoicesOf(sub)).map((i) => i.status)).toEqual(["paid", "open"]);
  });
});

describe("switch to another offering", () => {
  it("upgrades mid-period: the prorated charge equals the preview, and the link keeps working", async () => {
    const sub = await subscribeWithCard(app, basic);
    await advanceDays(10);
    const previewed = await app.request(
      `${portalPath(basic, sub)}/switch/preview`,
      jsonRequest("POST", { offeringId: full.id }),
    );
    expect(previewed.status).toBe(200);
    const preview = await readJson(previewed, switchPreviewSchema);
    expect(preview.kind).toBe("upgrade");
    expect(preview.dueNowCents).toBeGreaterThan(0);
    expect(preview.dueNowCents).toBeLessThan(2000);

    const switched = await expectControl(basic, sub, "switch", {
      offeringId: full.id,
      prorationDate: preview.prorationDate,
    });
    expect(switched.offering.title).toBe("Full Lawn");
    expect(switched.subscriber.priceCents).toBe(5000);
    const charges = (await invoicesOf(sub)).filter((i) => i.status === "paid");
    expect(charges.at(-1)!.billing_reason).toBe("subscription_update");
    expect(charges.at(-1)!.amount_paid).toBe(preview.dueNowCents);
    const earnings = await earningsOf(sub);
    expect(earnings.map((e) => e.grossAmountCents).sort()).toEqual(
      [3000, preview.dueNowCents].sort(),
    );
    // The platform's fee and the transfer follow the subscription to the new price.
    const proration = earnings.find((e) => e.stripeInvoiceId === charges.at(-1)!.id)!;
    expect(proration).toMatchObject({
      offeringId: full.id,
      platformFeePercent: 15,
      platformFeeCents: Math.round(preview.dueNowCents * 0.15),
    });
    const intent = await app.runtime.deps.stripe.paymentIntents.retrieve(
      proration.stripePaymentIntentId!,
    );
    expect(intent.transfer_data?.destination).toBe(creator.stripeAccountId);
    expect(intent.application_fee_amount).toBe(proration.platformFeeCents);
    // The link still names Basic Lawn's page: it reaches the subscriber, now on Full Lawn.
    const byOldLink = await portalOf(basic, sub);
    expect(byOldLink.offering.title).toBe("Full Lawn");
    expect((await portalOf(full, sub)).subscriber.id).toBe(sub.subscriberId);

    await advanceDays(21);
    expect((await invoicesOf(sub)).at(-1)!.amount_paid).toBe(5000);
    const mail = await mailKindsOf(sub);
    expect(mail.subscription_switched).toBe(1);
    expect(mail.subscription_confirmation).toBe(1);
  });

  it("downgrades at the next renewal, with nothing charged now", async () => {
    const sub = await subscribeWithCard(app, full);
    const previewed = await app.request(
      `${portalPath(full, sub)}/switch/preview`,
      jsonRequest("POST", { offeringId: basic.id }),
    );
    const preview = await readJson(previewed, switchPreviewSchema);
    expect(preview).toMatchObject({ kind: "downgrade", dueNowCents: 0, priceCents: 3000 });

    const switched = await expectControl(full, sub, "switch", {
      offeringId: basic.id,
      prorationDate: preview.prorationDate,
    });
    expect(switched.offering.title).toBe("Full Lawn");
    expect(switched.controls.pendingSwitch).toMatchObject({
      offeringTitle: "Basic Lawn",
      effectiveAt: preview.effectiveAt,
    });
    expect(switched.controls.canSwitch.available).toBe(false);
    expect((await invoicesOf(sub)).map((i) => i.amount_paid)).toEqual([5000]);

    await advanceDays(32);
    expect((await invoicesOf(sub)).map((i) => i.amount_paid)).toEqual([5000, 3000]);
    const row = await subscriberRow(sub);
    expect(row).toMatchObject({ offeringId: basic.id, priceCents: 3000, paymentStatus: "active" });
    expect((await portalOf(full, sub)).controls.pendingSwitch).toBeNull();
  });
});

describe("bad input changes nothing", () => {
  it("refuses impossible pauses and switches with a clear message", async () => {
    const sub = await subscribeWithCard(app, basic);
    const other = await createOnboardedCreator(app);
    const foreign = await createOffering(app, other, { title: "Their Lawn", priceCents: 4000 });
    const retired = await createOffering(app, creator, { title: "Old Plan", priceCents: 4000 });
    const deactivated = await app.request(
      `/api/offerings/${retired.id}/status`,
      asCreator(creator, jsonRequest("PATCH", { isActive: false })),
    );
    expect(deactivated.status).toBe(200);

    const cases: Array<[string, object, number, RegExp]> = [
      ["pause", { periods: 0 }, 400, /at least 1/],
      ["pause", { periods: 99 }, 400, /at most 8/],
      ["pause", { periods: 5 }, 400, /at most 4 months/],
      ["pause", { until: "2020-01-01" }, 400, /future/],
      ["pause", { until: "tomorrow" }, 400, /date like/],
      ["pause", { periods: 1, extra: true }, 400, /./],
      ["switch/preview", { offeringId: foreign.id }, 404, /isn't available/],
      ["switch/preview", { offeringId: retired.id }, 409, /no longer offered/],
      ["switch/preview", { offeringId: weekly.id }, 409, /charged as often/],
      ["switch/preview", { offeringId: "not-a-uuid" }, 400, /Choose one/],
      ["switch", { offeringId: full.id, prorationDate: 1 }, 409, /out of date/],
      ["pause/end", {}, 409, /isn't paused/],
    ];
    for (const [action, body, status, message] of cases) {
      const response = await control(basic, sub, action, body);
      expect(response.status, `${action} ${JSON.stringify(body)}`).toBe(status);
      expect((await readApiError(response)).message).toMatch(message);
    }
    const subscription = await app.runtime.deps.stripe.subscriptions.retrieve(sub.subscriptionId);
    expect(subscription.pause_collection).toBeNull();
    expect(subscription.items.data[0]!.price.unit_amount).toBe(3000);
    expect((await invoicesOf(sub)).map((i) => i.amount_paid)).toEqual([3000]);
    const pauses = await app.runtime.deps.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.id, sub.subscriberId), eq(subscribers.offeringId, basic.id)));
    expect(pauses).toHaveLength(1);
  });
});
