import { describe, expect, it } from "vitest";
import type { Analytics, Earnings, Overview } from "../../../contracts/dashboard";
import { asCreator } from "../../../tests/factories/creator-factory";
import { createOffering, type OnboardedCreator } from "../../../tests/factories/offering-factory";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { startCreatorAppPerFile } from "../../../tests/support/test-app-per-file";
import { getAnalytics } from "./dashboard-service";

let app: TestApp;
let creator: OnboardedCreator;

startCreatorAppPerFile((started) => {
  ({ app, creator } = started);
});

async function get<T>(path: string): Promise<T> {
  const response = await app.request(path, asCreator(creator));
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe("dashboard figures", () => {
  it("start at zero for a new creator", async () => {
    expect(await get<Overview>("/api/dashboard/overview")).toEqual({
      monthlyRevenueCents: 0,
      activeOfferingCount: 0,
      totalSubscribers: 0,
      firstOfferingCreatorName: null,
    });
    const earnings = await get<Earnings>("/api/dashboard/earnings");
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

    const overview = await get<Overview>("/api/dashboard/overview");
    // Monthly revenue is the sum of prices of active offerings (spec), not of payments.
    expect(overview).toMatchObject({
      monthlyRevenueCents: 6500,
      activeOfferingCount: 2,
      totalSubscribers: 3,
    });

    const analytics = await get<Analytics>("/api/dashboard/analytics");
    expect(analytics.projectedAnnualRevenueCents).toBe(6500 * 12);
    expect(analytics.newThisMonth).toBe(3);
    expect(analytics.recentSubscribers.map((s) => s.name)).toEqual(["C", "B", "A"]);
    const lawnPerf = analytics.offerings.find((o) => o.id === lawn.id);
    expect(lawnPerf).toMatchObject({ subscriberCount: 2, revenueCents: 5000 });
    expect(analytics.growth).toHaveLength(12);
    expect(analytics.growth.at(-1)).toMatchObject({
      newSubscribers: 3,
      totalSubscribers: 3,
      grossRevenueCents: 9000,
    });

    const earnings = await get<Earnings>("/api/dashboard/earnings");
    expect(earnings).toMatchObject({
      totalPayments: 3,
      totalNetEarningsCents: 2125 * 2 + 3400,
      totalPlatformFeesCents: 375 * 2 + 600,
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
});
