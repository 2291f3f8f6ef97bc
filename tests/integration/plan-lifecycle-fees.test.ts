import { and, asc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creatorPlanSchema } from "../../contracts/plan-billing";
import { applicationFeeCents, type PlanId, subscriptionFeePercent } from "../../contracts/plans";
import { switchPreviewSchema } from "../../contracts/subscription-control";
import { creatorEarnings, emailOutbox } from "../../server/db/schema/app";
import { queueDueRepricing } from "../../server/modules/plans/fee-repricing";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { buyPlan, changePlanTo, planRequest, readPlan } from "../factories/plan-factory";
import {
  advanceEmulatorClock,
  createPaymentMethod,
  emulatorNow,
  testCards,
} from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { jsonRequest, type TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";
import { startTestAppPerFile } from "../support/test-app-per-file";

// Issue 23's "done means", through the real purchase: the creator buys, changes and loses a
// plan on the platform's Stripe account, and each renewal of their customers' subscriptions
// carries the fee of the plan in force when it was made, to the cent, in Stripe and in earnings.

let app: TestApp;
startTestAppPerFile((started) => {
  app = started;
});

const DAY = 86_400_000;
const PRICE = 5000;

/** A creator with three $50 monthly subscriptions begun three days apart, on Free. */
async function creatorWithThreeSubscriptions() {
  const creator = await createOnboardedCreator(app);
  const offering = await createOffering(app, creator, { title: "Lawn Care", priceCents: PRICE });
  const subscriptions: string[] = [];
  for (const name of ["Ann", "Ben", "Cy"]) {
    subscriptions.push((await subscribeWithCard(app, offering, { name })).subscriptionId);
    await advanceEmulatorClock(app, 3);
  }
  await app.flushWebhooks();
  return { creator, subscriptions };
}

/** The minute's sweep, run now: the begun periods' jobs, until every percentage is right. */
async function repriced(subscriptions: string[], percent: number) {
  await queueDueRepricing(app.runtime.deps);
  const { stripe } = app.runtime.deps;
  await expect
    .poll(
      () =>
        Promise.all(
          subscriptions.map(
            async (id) => (await stripe.subscriptions.retrieve(id)).application_fee_percent,
          ),
        ),
      { timeout: 15_000 },
    )
    .toEqual(subscriptions.map(() => percent));
}

/** Each payment of the creator, oldest first: its plan and the fee Stripe took. */
async function paymentsOf(userId: string) {
  await app.flushWebhooks();
  const rows = await app.runtime.deps.db
    .select()
    .from(creatorEarnings)
    .where(and(eq(creatorEarnings.userId, userId), eq(creatorEarnings.kind, "payment")))
    .orderBy(asc(creatorEarnings.paymentDate));
  return rows.map((row) => ({
    plan: row.plan,
    fee: row.platformFeeCents,
    gross: row.grossAmountCents,
  }));
}

/** The card on the creator's plan subscription starts failing when charged. */
async function useFailingCard(userId: string) {
  const { stripe } = app.runtime.deps;
  const planSubscription = (
    await stripe.subscriptions.list({ status: "active", limit: 100 })
  ).data.find((s) => s.metadata.regulars_user_id === userId)!;
  const badCard = await createPaymentMethod(app, testCards.failsWhenCharged);
  await stripe.paymentMethods.attach(badCard, { customer: planSubscription.customer as string });
  await stripe.subscriptions.update(planSubscription.id, { default_payment_method: badCard });
}

const paid = (plan: PlanId) => ({ plan, fee: applicationFeeCents(plan, PRICE), gross: PRICE });

async function daysUntil(at: string) {
  return (new Date(at).getTime() - (await emulatorNow(app))) / DAY;
}

describe("fees follow the plan the creator buys, changes and loses", () => {
  it("buying Premium mid-month: each subscription's next renewal is charged 5%", async () => {
    const { creator, subscriptions } = await creatorWithThreeSubscriptions();
    await advanceEmulatorClock(app, 5);
    expect((await buyPlan(app, creator, "premium")).status).toBe(200);
    await repriced(subscriptions, 5);

    await advanceEmulatorClock(app, 25);
    expect(await paymentsOf(creator.id)).toEqual([
      paid("free"),
      paid("free"),
      paid("free"),
      paid("premium"),
      paid("premium"),
      paid("premium"),
    ]);
  });

  it("a downgrade switches fees at the renewal after the paid month ends, not before", async () => {
    const { creator, subscriptions } = await creatorWithThreeSubscriptions();
    expect((await buyPlan(app, creator, "professional")).status).toBe(200);
    await repriced(subscriptions, 3.5);

    const downgrade = await changePlanTo(app, creator, "premium");
    const { scheduledChange } = await readJson(downgrade, creatorPlanSchema);
    const at = scheduledChange!.at;
    // To a minute past the paid month: every renewal so far was made under Professional.
    await advanceEmulatorClock(app, (await daysUntil(at)) + 1 / 1440);
    await repriced(subscriptions, 5);
    await advanceEmulatorClock(app, 30);

    const payments = await paymentsOf(creator.id);
    expect(payments.map((p) => p.plan)).toEqual([
      "free",
      "free",
      "free",
      "professional",
      "professional",
      "professional",
      "premium",
      "premium",
      "premium",
    ]);
    expect(payments.slice(3, 6)).toEqual([
      paid("professional"),
      paid("professional"),
      paid("professional"),
    ]);
    expect(payments.slice(6)).toEqual([paid("premium"), paid("premium"), paid("premium")]);
    expect((await readPlan(app, creator)).plan).toBe("premium");
  });

  it("a failed plan payment retries, e-mailing each time, then ends in Free with 15% fees", async () => {
    const { creator, subscriptions } = await creatorWithThreeSubscriptions();
    expect((await buyPlan(app, creator, "premium")).status).toBe(200);
    await repriced(subscriptions, 5);

    // The creator's card starts failing before the plan's first renewal.
    await useFailingCard(creator.id);
    const plan = await readPlan(app, creator);
    await advanceEmulatorClock(app, (await daysUntil(plan.nextCharge!.at)) + 1);
    await app.flushWebhooks();
    const pastDue = await readPlan(app, creator);
    expect(pastDue).toMatchObject({ plan: "premium", status: "past_due" });
    expect(pastDue.paymentProblem?.nextAttemptAt).not.toBeNull();

    // Stripe's retries over the following two weeks all fail: the plan ends, Free from then.
    await advanceEmulatorClock(app, 16);
    await app.flushWebhooks();
    expect(await readPlan(app, creator)).toMatchObject({ plan: "free", status: "none" });
    await repriced(subscriptions, 15);
    await advanceEmulatorClock(app, 31);

    const plans = (await paymentsOf(creator.id)).map((p) => p.plan);
    // First payments on Free; renewals during the retries still on Premium; then Free again.
    expect(plans.slice(0, 3)).toEqual(["free", "free", "free"]);
    expect(plans.slice(-3)).toEqual(["free", "free", "free"]);
    expect(plans.filter((p) => p === "premium").length).toBeGreaterThanOrEqual(3);

    const mail = await app.runtime.deps.db
      .select({ kind: emailOutbox.kind, subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, creator.id), like(emailOutbox.kind, "plan_%")))
      .orderBy(asc(emailOutbox.createdAt));
    expect(mail).toEqual([
      ...Array.from({ length: 4 }, () => ({
        kind: "plan_payment_failed",
        subject: "Payment failed for your Premium plan",
      })),
      { kind: "plan_ended", subject: "Your Premium plan has ended" },
    ]);
  });

  it("a creator whose plan payment failed replaces the card on Stripe's page and keeps the plan", async () => {
    const creator = await createOnboardedCreator(app);
    expect((await buyPlan(app, creator, "premium")).status).toBe(200);
    await useFailingCard(creator.id);
    const plan = await readPlan(app, creator);
    await advanceEmulatorClock(app, (await daysUntil(plan.nextCharge!.at)) + 1);
    await app.flushWebhooks();
    expect((await readPlan(app, creator)).status).toBe("past_due");

    const opened = await app.request("/api/plan/card", planRequest(creator, "POST", {}));
    expect(opened.status).toBe(200);
    const { url } = (await opened.json()) as { url: string };
    const form = new URLSearchParams({
      card_number: testCards.success,
      exp_month: "12",
      exp_year: String(new Date().getFullYear() + 2),
      cvc: "123",
    });
    const updated = await fetch(`${url}/card`, { method: "POST", body: form });
    expect(updated.status).toBe(200);

    // Stripe's next retry uses the new card: paid, the plan kept, no "ended" e-mail.
    await advanceEmulatorClock(app, 4);
    await app.flushWebhooks();
    expect(await readPlan(app, creator)).toMatchObject({
      plan: "premium",
      status: "active",
      paymentProblem: null,
      card: { last4: "4242" },
    });
  });

  it("a customer's switch on Professional takes the new price's share, on its proration and after", async () => {
    const creator = await createOnboardedCreator(app);
    expect((await buyPlan(app, creator, "professional")).status).toBe(200);
    const basic = await createOffering(app, creator, { title: "Basic Lawn", priceCents: 3000 });
    const full = await createOffering(app, creator, { title: "Full Lawn", priceCents: 4550 });
    const sub = await subscribeWithCard(app, basic, { name: "Ann" });
    const { stripe } = app.runtime.deps;
    expect((await stripe.subscriptions.retrieve(sub.subscriptionId)).application_fee_percent).toBe(
      subscriptionFeePercent("professional", 3000),
    );
    await advanceEmulatorClock(app, 10);
    const link = `/api/public/customers/${basic.customUrl}/${sub.manageKey}`;
    const preview = await readJson(
      await app.request(`${link}/switch/preview`, jsonRequest("POST", { offeringId: full.id })),
      switchPreviewSchema,
    );
    const switched = await app.request(
      `${link}/switch`,
      jsonRequest("POST", { offeringId: full.id, prorationDate: preview.prorationDate }),
    );
    expect(switched.status, await switched.clone().text()).toBe(200);
    expect((await stripe.subscriptions.retrieve(sub.subscriptionId)).application_fee_percent).toBe(
      subscriptionFeePercent("professional", 4550),
    );
    await advanceEmulatorClock(app, 25);
    // First charge, the upgrade's proration, the first renewal at the new price: each fee is
    // the subscription's share of it, to the cent, as the reconciliation expects.
    const payments = await paymentsOf(creator.id);
    expect(payments.map((p) => p.gross)).toEqual([3000, preview.dueNowCents, 4550]);
    expect(payments.map((p) => p.fee)).toEqual([
      applicationFeeCents("professional", 3000),
      applicationFeeCents("professional", preview.dueNowCents, 4550),
      applicationFeeCents("professional", 4550),
    ]);
  });
});
