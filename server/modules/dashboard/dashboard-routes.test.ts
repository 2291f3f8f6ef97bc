import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { analyticsSchema, earningsSchema, overviewSchema } from "../../../contracts/dashboard";
import { asCreator } from "../../../tests/factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../../../tests/factories/offering-factory";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { readJson } from "../../../tests/support/read-json";
import { startCreatorAppPerFile } from "../../../tests/support/test-app-per-file";
import { getAnalytics } from "./dashboard-service";

let app: TestApp;
let creator: OnboardedCreator;

startCreatorAppPerFile((started) => {
  ({ app, creator } = started);
});

async function get<Schema extends z.ZodType>(path: string, schema: Schema) {
  const response = await app.request(path, asCreator(creator));
  expect(response.status).toBe(200);
  return readJson(response, schema);
}

describe("dashboard figures", () => {
  it("start at zero for a new creator", async () => {
    expect(await get("/api/dashboard/overview", overviewSchema)).toEqual({
      monthlyRevenueCents: 0,
      activeOfferingCount: 0,
      totalSubscribers: 0,
      firstOfferingCreatorName: null,
    });
    const earnings = await get("/api/dashboard/earnings", earningsSchema);
    expect(earnings).toMatchObject({ totalPayments: 0, totalNetEarningsCents: 0, recent: [] });
  });

  it("follow the spec's definitions once subscribers pay", async () => {
    const lawn = await createOffering(app, creator, { title: "Lawn", priceCents: 2500 });
    const dogs = await createOffering(app, creator, { title: "Dogs", priceCents: 4000 });
    const paused = await createOffering(app, creator, { title: "Paused", priceCents: 9900 });
    await app.request(
      `/api/offerings/${paused.id}/status`,
      asCreator(creator, jsonRequest("PATCH", { isActive: false })),
    );
    await subscribeWithCard(app, lawn, { name: "A" });
    await subscribeWithCard(app, lawn, { name: "B" });
    await subscribeWithCard(app, dogs, { name: "C" });

    const overview = await get("/api/dashboard/overview", overviewSchema);
    // Monthly revenue is what live subscribers pay (ADR 025), not the prices of active
    // offerings (the spec's wording: 2500 + 4000, whoever subscribed).
    expect(overview).toMatchObject({
      monthlyRevenueCents: 2500 * 2 + 4000,
      activeOfferingCount: 2,
      totalSubscribers: 3,
    });

    const analytics = await get("/api/dashboard/analytics", analyticsSchema);
    expect(analytics.monthlyRevenueCents).toBe(9000);
    expect(analytics.metrics.mrrCents).toBe(9000);
    expect(analytics.projectedAnnualRevenueCents).toBe(9000 * 12);
    expect(analytics.newThisMonth).toBe(3);
    expect(analytics.recentSubscribers.map((s) => s.name)).toEqual(["C", "B", "A"]);
    const lawnPerf = analytics.offerings.find((o) => o.id === lawn.id);
    expect(lawnPerf).toMatchObject({
      liveSubscriberCount: 2,
      revenueCents: 5000,
      livePriceRange: { minCents: 2500, maxCents: 2500 },
    });
    expect(analytics.offerings.find((o) => o.id === paused.id)).toMatchObject({
      liveSubscriberCount: 0,
      revenueCents: 0,
      livePriceRange: null,
    });
    expect(analytics.growth).toHaveLength(12);
    expect(analytics.growth.at(-1)).toMatchObject({
      newSubscribers: 3,
      totalSubscribers: 3,
      grossRevenueCents: 9000,
    });

    const earnings = await get("/api/dashboard/earnings", earningsSchema);
    expect(earnings).toMatchObject({
      totalPayments: 3,
      totalNetEarningsCents: 2125 * 2 + 3400,
      totalPlatformFeesCents: 375 * 2 + 600,
      totalDiscountCents: 0,
    });
    expect(earnings.recent[0]).toMatchObject({
      offeringTitle: "Dogs",
      subscriberName: "C",
      grossCents: 4000,
      feeCents: 600,
      netCents: 3400,
    });
    // Destination charges credit the creator's Stripe balance with gross − fee.
    expect(earnings.availableBalanceCents + earnings.pendingBalanceCents).toBe(2125 * 2 + 3400);
  });

  it("count each subscriber in the month they joined, wherever the series ends", async () => {
    const joined = new Date();
    const monthsOn = (n: number) =>
      new Date(Date.UTC(joined.getUTCFullYear(), joined.getUTCMonth() + n, 15));

    const threeMonthsOn = await getAnalytics(app.runtime.deps, creator.id, monthsOn(3));
    expect(threeMonthsOn.growth.map((p) => p.newSubscribers)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0,
    ]);
    expect(threeMonthsOn.growth[8]).toMatchObject({ totalSubscribers: 3, grossRevenueCents: 9000 });
    expect(threeMonthsOn).toMatchObject({ totalSubscribers: 3, newThisMonth: 0 });

    const yearOn = await getAnalytics(app.runtime.deps, creator.id, monthsOn(12));
    expect(yearOn.growth.every((p) => p.newSubscribers === 0 && p.totalSubscribers === 3)).toBe(
      true,
    );

    // Joins after the series' last month belong to no month and to no running total.
    const monthBefore = await getAnalytics(app.runtime.deps, creator.id, monthsOn(-1));
    expect(monthBefore.growth.every((p) => p.totalSubscribers === 0)).toBe(true);
    expect(monthBefore.totalSubscribers).toBe(3);
  });

  it("give one monthly revenue everywhere: what live subscribers pay, at their own prices", async () => {
    const other = await createOnboardedCreator(app);
    const revenueOf = async () => {
      const [overview, analytics] = await Promise.all([
        app.request("/api/dashboard/overview", asCreator(other)),
        app.request("/api/dashboard/analytics", asCreator(other)),
      ]);
      const o = await readJson(overview, overviewSchema);
      const a = await readJson(analytics, analyticsSchema);
      // Overview tile, Analytics tile, MRR tile and the per-offering amounts all agree.
      expect(a.monthlyRevenueCents).toBe(o.monthlyRevenueCents);
      expect(a.metrics.mrrCents).toBe(o.monthlyRevenueCents);
      expect(a.projectedAnnualRevenueCents).toBe(12 * o.monthlyRevenueCents);
      expect(a.offerings.reduce((sum, x) => sum + x.revenueCents, 0)).toBe(o.monthlyRevenueCents);
      return { cents: o.monthlyRevenueCents, offerings: a.offerings };
    };

    // Two active offerings and nobody subscribed: no money.
    const tutoring = await createOffering(app, other, { title: "Tutoring", priceCents: 3000 });
    await createOffering(app, other, { title: "Coaching", priceCents: 7000 });
    expect((await revenueOf()).cents).toBe(0);

    await subscribeWithCard(app, tutoring, { name: "First" });
    const cancelling = await subscribeWithCard(app, tutoring, { name: "Leaving" });
    expect((await revenueOf()).cents).toBe(6000);

    // A price edit leaves existing subscribers on their price; a new one pays the new price.
    const edited = await app.request(
      `/api/offerings/${tutoring.id}`,
      asCreator(
        other,
        jsonRequest("PATCH", {
          title: tutoring.title,
          description: tutoring.description,
          priceCents: 4500,
        }),
      ),
    );
    expect(edited.status).toBe(200);
    expect((await revenueOf()).cents).toBe(6000);
    await subscribeWithCard(app, tutoring, { name: "Later" });
    expect((await revenueOf()).cents).toBe(3000 * 2 + 4500);

    // Cancelled (here in Stripe, as from its dashboard): out of every figure at once.
    await app.runtime.deps.stripe.subscriptions.cancel(cancelling.subscriptionId);
    await app.flushWebhooks();
    const after = await revenueOf();
    expect(after.cents).toBe(3000 + 4500);
    expect(after.offerings.find((x) => x.id === tutoring.id)).toMatchObject({
      priceCents: 4500,
      liveSubscriberCount: 2,
      revenueCents: 7500,
      livePriceRange: { minCents: 3000, maxCents: 4500 },
    });
  });
});
