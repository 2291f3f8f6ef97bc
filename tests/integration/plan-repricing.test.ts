import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applicationFeeCents, type PlanId } from "../../contracts/plans";
import { creatorEarnings } from "../../server/db/schema/app";
import {
  queueDueRepricing,
  repriceSubscription,
  startFeeRepricingJobs,
} from "../../server/modules/plans/fee-repricing";
import { writePlanPeriod } from "../../server/modules/plans/plan-period-repository";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { advanceEmulatorClock } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, type TestApp } from "../setup/test-app";
import { startTestAppPerFile } from "../support/test-app-per-file";

// Issue 23, ADR 037: when a creator's plan changes, every live subscription carries the new fee
// from its next charge. The jobs are the real queue's; the clock is the emulator's.

const DAY = 86_400_000;

let app: TestApp;
startTestAppPerFile((started) => {
  app = started;
});

/** A creator with three $50 subscriptions begun on different days, all on Free. */
async function creatorWithThreeSubscriptions(target = app) {
  const creator = await createOnboardedCreator(target);
  const offering = await createOffering(target, creator, { title: "Lawn Care", priceCents: 5000 });
  const subscriptions: string[] = [];
  for (const name of ["Ann", "Ben", "Cy"]) {
    const { subscriptionId } = await subscribeWithCard(target, offering, { name });
    subscriptions.push(subscriptionId);
    await advanceEmulatorClock(target, 3);
  }
  await target.flushWebhooks();
  return { creator, subscriptions };
}

async function changePlan(
  target: TestApp,
  userId: string,
  plan: PlanId,
  effectiveAt?: Date,
): Promise<string> {
  return writePlanPeriod(target.runtime.deps.db, {
    userId,
    plan,
    effectiveAt: effectiveAt ?? (await target.runtime.deps.clock.now()),
    stripeSubscriptionId: plan === "free" ? null : "sub_plan_test",
  });
}

async function feePercentsOf(target: TestApp, subscriptions: string[]) {
  const { stripe } = target.runtime.deps;
  return Promise.all(
    subscriptions.map(
      async (id) => (await stripe.subscriptions.retrieve(id)).application_fee_percent,
    ),
  );
}

/** Every renewal recorded so far (the first payments left out), oldest first. */
async function renewalsOf(target: TestApp, userId: string) {
  const rows = await target.runtime.deps.db
    .select()
    .from(creatorEarnings)
    .where(eq(creatorEarnings.userId, userId))
    .orderBy(creatorEarnings.paymentDate);
  const firsts = new Set<string>();
  return rows.filter((row) => {
    if (!firsts.has(row.subscriberId)) {
      firsts.add(row.subscriberId);
      return false;
    }
    return true;
  });
}

/** How many times Stripe changed each subscription's fee, from its events. */
async function feeChangesOf(target: TestApp, subscriptions: string[]) {
  const events = await target.runtime.deps.stripe.events.list({
    type: "customer.subscription.updated",
    limit: 100,
  });
  return subscriptions.map(
    (id) =>
      events.data.filter(
        (event) =>
          (event.data.object as { id: string }).id === id &&
          event.data.previous_attributes !== undefined &&
          "application_fee_percent" in event.data.previous_attributes,
      ).length,
  );
}

describe("fees follow the plan on subscriptions already running", () => {
  it("an upgrade mid-month charges 5% at each subscription's next renewal, to the cent", async () => {
    const { creator, subscriptions } = await creatorWithThreeSubscriptions();
    expect(await feePercentsOf(app, subscriptions)).toEqual([15, 15, 15]);

    await advanceEmulatorClock(app, 10);
    await changePlan(app, creator.id, "premium");
    expect((await queueDueRepricing(app.runtime.deps)).jobs).toBe(3);
    await expect
      .poll(() => feePercentsOf(app, subscriptions), { timeout: 15_000 })
      .toEqual([5, 5, 5]);

    // A month on: each of the three renewed once, at 5% of $50 under Premium.
    await advanceEmulatorClock(app, 25);
    await app.flushWebhooks();
    const renewals = await renewalsOf(app, creator.id);
    expect(renewals).toHaveLength(3);
    for (const renewal of renewals) {
      expect(renewal).toMatchObject({
        grossAmountCents: 5000,
        platformFeeCents: applicationFeeCents("premium", 5000),
        netAmountCents: 4750,
        platformFeePercent: 5,
        plan: "premium",
      });
    }
    // The sweep has nothing left to queue.
    expect((await queueDueRepricing(app.runtime.deps)).jobs).toBe(0);
  });

  it("a downgrade at the paid period's end keeps 5% until then and takes 15% after", async () => {
    const { creator, subscriptions } = await creatorWithThreeSubscriptions();
    await changePlan(app, creator.id, "premium");
    await queueDueRepricing(app.runtime.deps);
    await expect
      .poll(() => feePercentsOf(app, subscriptions), { timeout: 15_000 })
      .toEqual([5, 5, 5]);

    // Downgraded now, effective a day after Ann's renewal: nothing is re-priced before then.
    const { stripe, clock } = app.runtime.deps;
    const ann = await stripe.subscriptions.retrieve(subscriptions[0]!);
    const endOfPaid = new Date((ann.items.data[0]!.current_period_end + 86_400) * 1000);
    await changePlan(app, creator.id, "free", endOfPaid);
    expect((await queueDueRepricing(app.runtime.deps)).jobs).toBe(0);
    expect(await feePercentsOf(app, subscriptions)).toEqual([5, 5, 5]);

    // An hour past the period's end: Ann has renewed under Premium; Ben and Cy not yet.
    const untilEnd = (endOfPaid.getTime() - (await clock.now()).getTime()) / DAY;
    await advanceEmulatorClock(app, untilEnd + 1 / 24);
    await app.flushWebhooks();
    expect((await queueDueRepricing(app.runtime.deps)).jobs).toBe(3);
    await expect
      .poll(() => feePercentsOf(app, subscriptions), { timeout: 15_000 })
      .toEqual([15, 15, 15]);
    await advanceEmulatorClock(app, 7);
    await app.flushWebhooks();
    const renewals = await renewalsOf(app, creator.id);
    expect(renewals.map((row) => [row.plan, row.platformFeePercent, row.platformFeeCents])).toEqual(
      [
        ["premium", 5, 250],
        ["free", 15, 750],
        ["free", 15, 750],
      ],
    );
  });
});

describe("a crash half-way through re-pricing", () => {
  it("is resumed with no subscription skipped or updated twice", async () => {
    // An instance that queues but runs no jobs: the process that "dies" half-way.
    const crashed = await createTestApp({}, { runsJobs: false });
    try {
      const { creator, subscriptions } = await creatorWithThreeSubscriptions(crashed);
      const deps = crashed.runtime.deps;
      await changePlan(crashed, creator.id, "professional");
      expect((await queueDueRepricing(deps)).jobs).toBe(3);
      // The first job's Stripe call went through; the process died before its job was marked
      // done, so all three jobs are still queued.
      const first = { stripeSubscriptionId: subscriptions[0]!, userId: creator.id };
      expect(await repriceSubscription(deps, first)).toBe("updated");
      expect(await feePercentsOf(crashed, subscriptions)).toEqual([3.5, 15, 15]);

      // The process comes back and works the queue.
      await startFeeRepricingJobs({ ...deps, queue: deps.queue });
      await expect
        .poll(() => feePercentsOf(crashed, subscriptions), { timeout: 15_000 })
        .toEqual([3.5, 3.5, 3.5]);
      await crashed.flushWebhooks();
      expect(await feeChangesOf(crashed, subscriptions)).toEqual([1, 1, 1]);
      // A repeat of any job now changes nothing.
      expect(await repriceSubscription(deps, first)).toBe("unchanged");
    } finally {
      await crashed.close();
    }
  });
});
