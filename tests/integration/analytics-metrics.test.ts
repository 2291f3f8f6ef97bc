import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Analytics, analyticsSchema } from "../../contracts/dashboard";
import { type EarningKind, subscribers } from "../../server/db/schema/app";
import { getAnalytics } from "../../server/modules/dashboard/dashboard-service";
import { sumMonthlyRevenue } from "../../server/modules/dashboard/metrics-repository";
import { asCreator } from "../factories/creator-factory";
import { insertDatedEarning, insertDatedSubscriber } from "../factories/dated-rows-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { jsonRequest, type TestApp } from "../setup/test-app";
import { startTestAppPerFile } from "../support/test-app-per-file";

// Every figure of docs/metrics.md against rows at known dates and prices, with the expected
// values worked out by hand below (not by the code under test).

let app: TestApp;

startTestAppPerFile((started) => {
  app = started;
});

const at = (iso: string) => new Date(iso);
const AS_OF = at("2025-06-15T12:00:00Z"); // the month is June 2025, from 2025-06-01T00:00:00Z

describe("business metrics on a hand-computed fixture", () => {
  let creator: OnboardedCreator;
  let metrics: Analytics["metrics"];
  let analytics: Analytics;

  beforeAll(async () => {
    const db = app.runtime.deps.db;
    creator = await createOnboardedCreator(app);
    const lawn = await createOffering(app, creator, { title: "Lawn", priceCents: 2500 });
    const dogs = await createOffering(app, creator, { title: "Dogs", priceCents: 4000 });
    const sub = (offering: { id: string }, o: Parameters<typeof insertDatedSubscriber>[2]) =>
      insertDatedSubscriber(db, offering, o);

    //                                      price  joined                         cancelled
    const s1 = await sub(lawn, {
      name: "S1",
      priceCents: 2500,
      createdAt: at("2024-03-10T09:00:00Z"),
    });
    await sub(dogs, {
      name: "S2",
      priceCents: 4000,
      createdAt: at("2024-09-05T09:00:00Z"),
      cancelledAt: at("2025-02-20T09:00:00Z"),
    });
    // Signed up at an older price of the same offering, and now past due: still live.
    const s3 = await sub(lawn, {
      name: "S3",
      priceCents: 2000,
      createdAt: at("2024-12-31T23:59:59Z"),
      status: "past_due",
    });
    // Joined at the very first instant of June: new this month, not live at its start.
    const s4 = await sub(dogs, {
      name: "S4",
      priceCents: 4000,
      createdAt: at("2025-06-01T00:00:00Z"),
    });
    // Cancelled at the very first instant of June: live at the start, churned in June.
    await sub(lawn, {
      name: "S5",
      priceCents: 2500,
      createdAt: at("2025-04-10T09:00:00Z"),
      cancelledAt: at("2025-06-01T00:00:00Z"),
    });
    // Joined and left within June: new and churned, but not in the churn rate.
    await sub(dogs, {
      name: "S6",
      priceCents: 4000,
      createdAt: at("2025-06-03T09:00:00Z"),
      cancelledAt: at("2025-06-10T09:00:00Z"),
    });
    const s7 = await sub(lawn, {
      name: "S7",
      priceCents: 2500,
      createdAt: at("2025-05-31T23:59:59Z"),
    });
    await sub(dogs, {
      name: "S8",
      priceCents: 4000,
      createdAt: at("2025-01-15T09:00:00Z"),
      cancelledAt: at("2025-06-14T09:00:00Z"),
    });
    // After AS_OF: counts nowhere yet.
    await sub(lawn, { name: "S9", priceCents: 2500, createdAt: at("2025-06-16T09:00:00Z") });
    // Joined before the twelve months shown, gone in the first of them.
    await sub(dogs, {
      name: "S10",
      priceCents: 3000,
      createdAt: at("2024-06-20T09:00:00Z"),
      cancelledAt: at("2024-07-05T09:00:00Z"),
    });
    await sub(lawn, { name: "S11", priceCents: 1999, createdAt: at("2025-02-28T10:00:00Z") });

    const paid = (
      s: { id: string; offeringId: string },
      iso: string,
      grossCents: number,
      feeCents: number,
      kind: EarningKind = "payment",
    ) =>
      insertDatedEarning(db, s, {
        userId: creator.id,
        paidAt: at(iso),
        grossCents,
        feeCents,
        kind,
      });
    await paid(s1, "2025-06-10T09:00:00Z", 2500, 375);
    await paid(s3, "2025-06-01T00:00:00Z", 2000, 300); // first instant of June: in
    await paid(s7, "2025-05-31T23:59:59Z", 2500, 375); // May: out
    await paid(s4, "2025-06-01T09:00:00Z", 4000, 600);
    await paid(s1, "2025-06-12T09:00:00Z", -1000, -150, "refund"); // partial, fee returned
    await paid(s3, "2025-06-14T09:00:00Z", -2000, -300, "dispute"); // withdrawn…
    await paid(s3, "2025-06-14T12:00:00Z", 0, 0, "dispute_lost"); // …and lost
    await paid(s4, "2025-06-05T09:00:00Z", -4000, -600, "dispute"); // withdrawn…
    await paid(s4, "2025-06-09T09:00:00Z", 4000, 600, "dispute_won"); // …and given back
    await paid(s1, "2025-06-20T09:00:00Z", 2500, 375); // after AS_OF: out

    // Another creator's subscriber and payment in the same month count for them only.
    const other = await createOnboardedCreator(app);
    const otherOffering = await createOffering(app, other, { priceCents: 9900 });
    const stranger = await sub(otherOffering, {
      priceCents: 9900,
      createdAt: at("2025-03-01T09:00:00Z"),
    });
    await insertDatedEarning(db, stranger, {
      userId: other.id,
      paidAt: at("2025-06-02T09:00:00Z"),
      grossCents: 9900,
      feeCents: 1485,
    });

    analytics = analyticsSchema.parse(await getAnalytics(app.runtime.deps, creator.id, AS_OF));
    metrics = analytics.metrics;
  });

  it("MRR sums what live subscribers pay: S1 2500 + S3 2000 + S4 4000 + S7 2500 + S11 1999", () => {
    expect(metrics.mrrCents).toBe(12_999);
    expect(metrics.asOf).toBe("2025-06-15T12:00:00.000Z");
  });

  it("counts active (S1, S4, S7, S11) and past due (S3) apart; both are live", () => {
    expect(metrics.activeSubscribers).toBe(4);
    expect(metrics.pastDueSubscribers).toBe(1);
    expect(metrics.liveSubscribers).toBe(5);
  });

  it("counts June's new (S4, S6) and churned (S5, S6, S8)", () => {
    expect(metrics.thisMonth).toMatchObject({
      month: "2025-06-01",
      newSubscribers: 2,
      churnedSubscribers: 3,
    });
  });

  it("rates churn as those live on June 1 (S1, S3, S5, S7, S8, S11) who left since (S5, S8)", () => {
    expect(metrics.thisMonth).toMatchObject({
      liveAtStart: 6,
      churnedOfLiveAtStart: 2,
      churnRatePercent: 33.33, // 2 / 6 = 33.333…%
    });
    // The month adds up: live now = live at the start + new − churned.
    const m = metrics.thisMonth;
    expect(metrics.liveSubscribers).toBe(m.liveAtStart + m.newSubscribers - m.churnedSubscribers);
  });

  it("divides MRR by live subscribers for ARPU, to the nearest cent", () => {
    expect(metrics.arpuCents).toBe(2600); // 12,999 / 5 = 2,599.8
  });

  it("nets June's payments, fees, refunds and disputes, each adjustment a row of its own", () => {
    expect(metrics.thisMonth).toMatchObject({
      receivedCents: 8500, // payments: 2500 + 2000 + 4000 (a won dispute's return isn't one)
      refundedCents: 3000, // 1000 + 2000 + 0 + 4000 − 4000
      feesCents: 825, // 375 + 300 + 600 − 150 − 300 + 0 − 600 + 600
      netRevenueCents: 4675, // 2125 + 1700 + 3400 − 850 − 1700 + 0 − 3400 + 3400
    });
    const m = metrics.thisMonth;
    expect(m.netRevenueCents).toBe(m.receivedCents - m.refundedCents - m.feesCents);
  });

  it("gives MRR at each month's end for twelve months, ending at MRR now", () => {
    expect(metrics.mrrHistory).toEqual([
      { month: "2024-07-01", mrrCents: 2500 }, // S1 (S10 joined in June, left July 5)
      { month: "2024-08-01", mrrCents: 2500 },
      { month: "2024-09-01", mrrCents: 6500 }, // + S2
      { month: "2024-10-01", mrrCents: 6500 },
      { month: "2024-11-01", mrrCents: 6500 },
      { month: "2024-12-01", mrrCents: 8500 }, // + S3 (Dec 31, 23:59:59)
      { month: "2025-01-01", mrrCents: 12_500 }, // + S8
      { month: "2025-02-01", mrrCents: 10_499 }, // − S2 + S11
      { month: "2025-03-01", mrrCents: 10_499 },
      { month: "2025-04-01", mrrCents: 12_999 }, // + S5
      { month: "2025-05-01", mrrCents: 15_499 }, // + S7 (May 31, 23:59:59)
      { month: "2025-06-01", mrrCents: 12_999 }, // + S4 − S5 ± S6 − S8, at AS_OF
    ]);
  });

  it("gives Monthly Revenue one definition, MRR's, in the tiles and per offering (ADR 025)", async () => {
    // Not the spec's sum of active offerings' prices (6500 here, whoever pays it).
    expect(analytics.monthlyRevenueCents).toBe(12_999);
    expect(analytics.projectedAnnualRevenueCents).toBe(12 * 12_999);
    const perOffering = analytics.offerings.reduce((sum, o) => sum + o.revenueCents, 0);
    expect(perOffering).toBe(12_999);
    expect(analytics.offerings.reduce((n, o) => n + o.liveSubscriberCount, 0)).toBe(5);
    expect(await sumMonthlyRevenue(app.runtime.deps.db, creator.id, AS_OF)).toBe(12_999);
    expect(analytics.totalSubscribers).toBe(11); // every subscriber, cancelled or not
  });

  it("is zero, not a division by zero, for a creator with nobody", async () => {
    const empty = await createOnboardedCreator(app);
    const { metrics: none } = await getAnalytics(app.runtime.deps, empty.id, AS_OF);
    expect(none).toMatchObject({ mrrCents: 0, liveSubscribers: 0, arpuCents: null });
    expect(none.thisMonth).toMatchObject({
      liveAtStart: 0,
      churnRatePercent: null,
      netRevenueCents: 0,
    });
    expect(none.mrrHistory).toHaveLength(12);
    expect(none.mrrHistory.every((point) => point.mrrCents === 0)).toBe(true);
  });
});

describe("a cancellation is dated where it happens", () => {
  async function cancelledAtOf(subscriberId: string) {
    const [row] = await app.runtime.deps.db
      .select({ createdAt: subscribers.createdAt, cancelledAt: subscribers.cancelledAt })
      .from(subscribers)
      .where(eq(subscribers.id, subscriberId));
    return row!;
  }

  it("by the customer's cancel, at that moment", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator);
    const { subscriberId, manageKey } = await subscribeWithCard(app, offering);
    expect((await cancelledAtOf(subscriberId)).cancelledAt).toBeNull();
    const before = Date.now();
    const response = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: offering.customUrl, manageKey }),
    );
    expect(response.status).toBe(200);
    await app.flushWebhooks(); // Stripe's deleted event then finds it cancelled and keeps the date
    const { cancelledAt } = await cancelledAtOf(subscriberId);
    expect(cancelledAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(cancelledAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("by Stripe's word (a cancel outside the app), at Stripe's ended_at", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator);
    const { subscriberId } = await subscribeWithCard(app, offering);
    const [row] = await app.runtime.deps.db
      .select({ stripeSubscriptionId: subscribers.stripeSubscriptionId })
      .from(subscribers)
      .where(eq(subscribers.id, subscriberId));
    const ended = await app.runtime.deps.stripe.subscriptions.cancel(row!.stripeSubscriptionId!);
    await app.flushWebhooks();
    const { createdAt, cancelledAt } = await cancelledAtOf(subscriberId);
    // Stripe counts whole seconds; a subscription ended in the second it began ends at its start.
    expect(cancelledAt!.getTime()).toBe(Math.max(createdAt.getTime(), ended.ended_at! * 1000));
  });

  it("by the database when a writer forgets (the release before this one does)", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator);
    const { subscriberId } = await subscribeWithCard(app, offering);
    await app.runtime.deps.db
      .update(subscribers)
      .set({ paymentStatus: "cancelled" })
      .where(eq(subscribers.id, subscriberId));
    expect((await cancelledAtOf(subscriberId)).cancelledAt).toBeInstanceOf(Date);
    // And a date without the status is refused.
    const other = await subscribeWithCard(app, offering);
    await expect(
      app.runtime.deps.db
        .update(subscribers)
        .set({ cancelledAt: new Date() })
        .where(eq(subscribers.id, other.subscriberId)),
    ).rejects.toThrow();
  });
});

describe("GET /api/dashboard/analytics", () => {
  it("serves the metrics for the signed-in creator's live data", async () => {
    const creator = await createOnboardedCreator(app);
    const lawn = await createOffering(app, creator, { priceCents: 2500 });
    const dogs = await createOffering(app, creator, { priceCents: 4000 });
    await subscribeWithCard(app, lawn, { name: "Stays" });
    const leaving = await subscribeWithCard(app, dogs, { name: "Leaves" });
    const cancelled = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: dogs.customUrl, manageKey: leaving.manageKey }),
    );
    expect(cancelled.status).toBe(200);
    await app.flushWebhooks();

    const response = await app.request("/api/dashboard/analytics", asCreator(creator));
    expect(response.status).toBe(200);
    const { metrics } = analyticsSchema.parse(await response.json());
    expect(metrics).toMatchObject({
      mrrCents: 2500,
      activeSubscribers: 1,
      pastDueSubscribers: 0,
      liveSubscribers: 1,
      arpuCents: 2500,
    });
    expect(metrics.thisMonth).toMatchObject({
      liveAtStart: 0,
      newSubscribers: 2,
      churnedSubscribers: 1,
      churnRatePercent: null,
      receivedCents: 6500,
      feesCents: 375 + 600,
      refundedCents: 0,
      netRevenueCents: 2125 + 3400,
    });
    expect(metrics.mrrHistory.at(-1)).toEqual({ month: metrics.thisMonth.month, mrrCents: 2500 });
  });

  it("is for creators only", async () => {
    const response = await app.request("/api/dashboard/analytics");
    expect(response.status).toBe(401);
  });
});
