import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applicationFeeCents, type PlanId } from "../../contracts/plans";
import { creatorEarnings } from "../../server/db/schema/app";
import { planInForceAt, writePlanPeriod } from "../../server/modules/plans/plan-period-repository";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import type { TestApp } from "../setup/test-app";
import { startTestAppPerFile } from "../support/test-app-per-file";

// Issue 23, ADR 037: the plan is a run of periods; a new subscription carries the plan in force
// on the billing clock, and each payment records the fee Stripe actually took beside its plan.

let app: TestApp;
startTestAppPerFile((started) => {
  app = started;
});

const HOUR = 3600_000;

/** Puts the creator on `plan` from now on the billing clock (the purchase flow's last step). */
async function putOnPlan(userId: string, plan: PlanId) {
  await writePlanPeriod(app.runtime.deps.db, {
    userId,
    plan,
    effectiveAt: await app.runtime.deps.clock.now(),
    stripeSubscriptionId: plan === "free" ? null : `sub_plan_${plan}`,
  });
}

async function paymentOf(subscriberId: string) {
  await app.flushWebhooks();
  const rows = await app.runtime.deps.db
    .select()
    .from(creatorEarnings)
    .where(eq(creatorEarnings.subscriberId, subscriberId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe("the plan in force", () => {
  it("is Free before any period, then the latest period begun, to the second", async () => {
    const { db } = app.runtime.deps;
    const creator = await createOnboardedCreator(app);
    const start = new Date("2027-03-14T12:00:00Z");
    expect(await planInForceAt(db, creator.id, start)).toBe("free");

    await writePlanPeriod(db, {
      userId: creator.id,
      plan: "premium",
      effectiveAt: start,
      stripeSubscriptionId: "sub_plan_1",
    });
    const downgradeAt = new Date(start.getTime() + 30 * 24 * HOUR);
    await writePlanPeriod(db, {
      userId: creator.id,
      plan: "free",
      effectiveAt: downgradeAt,
      stripeSubscriptionId: null,
    });
    expect(await planInForceAt(db, creator.id, new Date(start.getTime() - 1000))).toBe("free");
    expect(await planInForceAt(db, creator.id, start)).toBe("premium");
    expect(await planInForceAt(db, creator.id, new Date(downgradeAt.getTime() - 1000))).toBe(
      "premium",
    );
    expect(await planInForceAt(db, creator.id, downgradeAt)).toBe("free");

    // A second decision for the same moment replaces the first (a webhook repeating a request).
    await writePlanPeriod(db, {
      userId: creator.id,
      plan: "professional",
      effectiveAt: downgradeAt,
      stripeSubscriptionId: "sub_plan_2",
    });
    expect(await planInForceAt(db, creator.id, downgradeAt)).toBe("professional");
  });

  it("belongs to its creator alone", async () => {
    const { db } = app.runtime.deps;
    const premium = await createOnboardedCreator(app);
    const other = await createOnboardedCreator(app);
    await putOnPlan(premium.id, "premium");
    const now = await app.runtime.deps.clock.now();
    expect(await planInForceAt(db, premium.id, now)).toBe("premium");
    expect(await planInForceAt(db, other.id, now)).toBe("free");
  });
});

describe("a new subscription follows the creator's plan", () => {
  it.each([
    { plan: "free", percent: 15, feeCents: 750, recordedPercent: 15 },
    { plan: "premium", percent: 5, feeCents: 250, recordedPercent: 5 },
    // Professional: no platform share; 2.9% + 30¢ of processing passed through, as a percentage.
    { plan: "professional", percent: 3.5, feeCents: 175, recordedPercent: 0 },
  ] as const)(
    "on $plan: $percent percent on the subscription, $feeCents¢ taken of 5,000¢ and recorded",
    async ({ plan, percent, feeCents, recordedPercent }) => {
      const creator = await createOnboardedCreator(app);
      if (plan !== "free") await putOnPlan(creator.id, plan);
      const offering = await createOffering(app, creator, { title: "Lawn Care", priceCents: 5000 });
      const { subscriberId, subscriptionId } = await subscribeWithCard(app, offering);

      const subscription = await app.runtime.deps.stripe.subscriptions.retrieve(subscriptionId);
      expect(subscription.application_fee_percent).toBe(percent);
      const payment = await paymentOf(subscriberId);
      expect(payment).toMatchObject({
        grossAmountCents: 5000,
        platformFeeCents: feeCents,
        netAmountCents: 5000 - feeCents,
        platformFeePercent: recordedPercent,
        plan,
      });
      expect(payment.platformFeeCents).toBe(applicationFeeCents(plan, 5000));
    },
  );

  it("records the fee Stripe took, not one worked out again from the plan", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { title: "Dog Walks", priceCents: 2000 });
    const { subscriberId, subscriptionId } = await subscribeWithCard(app, offering);
    const { stripe } = app.runtime.deps;
    const invoices = await stripe.invoices.list({
      subscription: subscriptionId,
      expand: ["data.payments"],
    });
    const intent = invoices.data[0]?.payments?.data[0]?.payment?.payment_intent;
    const taken = await stripe.paymentIntents.retrieve(intent as string);
    expect(taken.application_fee_amount).toBe(300);
    expect((await paymentOf(subscriberId)).platformFeeCents).toBe(taken.application_fee_amount);
  });
});
