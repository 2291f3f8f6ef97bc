import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creatorEarnings } from "../../server/db/schema/app";
import { writePlanPeriod } from "../../server/modules/plans/plan-period-repository";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { advanceEmulatorClock } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, type TestApp } from "../setup/test-app";

// ADR 037's first mechanism, alone: Stripe keeps a renewal a draft for an hour after
// invoice.created, and our handler sets its fee from the plan in force when it was made. This
// app runs no jobs, so no subscription is re-priced: the draft's fee is all there is.

const HOUR = 1 / 24;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, { runsJobs: false });
  await setDraftSeconds(3600);
});
afterAll(() => app?.close());

async function setDraftSeconds(seconds: number) {
  const response = await fetch(`${app.runtime.emulator!.url}/_emulator/settings`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ renewalDraftSeconds: seconds }),
  });
  expect(response.status).toBe(200);
}

describe("a renewal's fee set on its draft", () => {
  it("charges the plan in force when the renewal was made, whatever the subscription's percentage", async () => {
    const { db, stripe, clock } = app.runtime.deps;
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { title: "Lawn Care", priceCents: 5000 });
    const { subscriberId, subscriptionId } = await subscribeWithCard(app, offering);
    await app.flushWebhooks();
    await writePlanPeriod(db, {
      userId: creator.id,
      plan: "premium",
      effectiveAt: new Date((await clock.now()).getTime() + 1000),
      stripeSubscriptionId: "sub_plan_draft_test",
    });

    // A minute past the period's end: the renewal is a draft, and invoice.created is answered.
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const periodEnd = subscription.items.data[0]!.current_period_end;
    const untilEnd = (periodEnd * 1000 - (await clock.now()).getTime()) / 86_400_000;
    await advanceEmulatorClock(app, untilEnd + 1 / 1440);
    await app.flushWebhooks();
    const [renewal] = (await stripe.invoices.list({ subscription: subscriptionId, limit: 1 })).data;
    expect(renewal).toMatchObject({ status: "draft", billing_reason: "subscription_cycle" });

    // The hour passes: finalized and charged with Premium's 5%, the subscription still at 15%.
    await advanceEmulatorClock(app, HOUR);
    await app.flushWebhooks();
    const paid = await stripe.invoices.retrieve(renewal!.id!, { expand: ["payments"] });
    expect(paid.status).toBe("paid");
    const intent = await stripe.paymentIntents.retrieve(
      paid.payments!.data[0]!.payment.payment_intent as string,
    );
    expect(intent.application_fee_amount).toBe(250);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).application_fee_percent).toBe(15);
    const rows = await db
      .select()
      .from(creatorEarnings)
      .where(eq(creatorEarnings.subscriberId, subscriberId))
      .orderBy(creatorEarnings.paymentDate);
    expect(rows.map((row) => [row.plan, row.platformFeeCents, row.netAmountCents])).toEqual([
      ["free", 750, 4250],
      ["premium", 250, 4750],
    ]);
  });

  it("can't change the fee of an invoice once it is finalized", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { priceCents: 2000 });
    const { subscriptionId } = await subscribeWithCard(app, offering);
    const { stripe } = app.runtime.deps;
    const [first] = (await stripe.invoices.list({ subscription: subscriptionId })).data;
    await expect(
      stripe.invoices.update(first!.id!, { application_fee_amount: 1 }),
    ).rejects.toMatchObject({ code: "invoice_not_editable" });
  });
});
