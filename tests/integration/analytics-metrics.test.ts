import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Cadence } from "../../contracts/cadence";
import { type Analytics, analyticsSchema } from "../../contracts/dashboard";
import { type EarningKind, subscribers } from "../../server/db/schema/app";
import { getAnalytics, getOverview } from "../../server/modules/dashboard/dashboard-service";
import { sumMonthlyRevenue } from "../../server/modules/dashboard/metrics-repository";
import { asCreator } from "../factories/creator-factory";
import { insertDatedEarning, insertDatedSubscriber } from "../factories/dated-rows-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { advanceEmulatorClock } from "../factories/stripe-browser";
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

/** Makes the creator's offerings through the API, keeping each one's id by title. */
function offeringMaker(creator: OnboardedCreator, ids: Record<string, string>) {
  return async (title: string, priceCents: number, cadence: Cadence) => {
    const created = await createOffering(app, creator, { title, priceCents, cadence });
    ids[title] = created.id;
    return created;
  };
}

// Every money figure normalises each price to a month by the subscriber's cadence (docs/metrics.md):
// weekly × 52/12, every 2 weeks × 26/12, monthly × 1, every 3 months ÷ 3, yearly ÷ 12, summed
// unrounded and rounded once, half away from zero. Payments stay what was charged. In a year's
// worth of cents (price × charges a year), which the sums are exact in:
//
//   who   offering   price  cadence        yearly    a month          joined      cancelled
//   Wm    Walks       5200  month           62400    5200             2024-10-01
//   Wk    Walks       1200  week            62400    5200             2025-01-10
//   E1    Errands     1001  week            52052    4337.666…        2025-05-20
//   E2    Errands     1001  week            52052    4337.666…        2025-06-02
//   G     Groceries   4500  every 2 weeks  117000    9750             2025-03-05
//   L     Lawn        2500  month           30000    2500             2025-02-01
//   Q     Garden      9000  every 3 months  36000    3000 (past due)  2025-04-20
//   Y     Pool       30000  year            30000    2500             2024-11-11
//   Yx    Pool       30006  year            30006    2500.5           2024-08-01  2025-03-10
//
// Live at AS_OF: everyone but Yx, 441904 a year: MRR 36825.333… → 36825. Rounding each
// subscriber first would give 36826 (E1 and E2 at 4338 each).
describe("monthly revenue normalised by cadence, on a hand-computed fixture", () => {
  let creator: OnboardedCreator;
  let analytics: Analytics;
  const offeringIds: Record<string, string> = {};

  beforeAll(async () => {
    const db = app.runtime.deps.db;
    creator = await createOnboardedCreator(app);
    const offering = offeringMaker(creator, offeringIds);
    const walks = await offering("Walks", 1200, "week"); // was $52.00 a month for Wm
    const errands = await offering("Errands", 1001, "week");
    const groceries = await offering("Groceries", 4500, "two_weeks");
    const lawn = await offering("Lawn", 2500, "month");
    const garden = await offering("Garden", 9000, "three_months");
    const pool = await offering("Pool", 30_000, "year");
    const sub = (
      o: { id: string },
      name: string,
      priceCents: number,
      cadence: Cadence,
      joined: string,
      more: { cancelledAt?: Date; status?: "past_due" } = {},
    ) =>
      insertDatedSubscriber(db, o, { name, priceCents, cadence, createdAt: at(joined), ...more });

    await sub(walks, "Wm", 5200, "month", "2024-10-01T09:00:00Z");
    const wk = await sub(walks, "Wk", 1200, "week", "2025-01-10T09:00:00Z");
    await sub(errands, "E1", 1001, "week", "2025-05-20T09:00:00Z");
    await sub(errands, "E2", 1001, "week", "2025-06-02T09:00:00Z");
    const g = await sub(groceries, "G", 4500, "two_weeks", "2025-03-05T09:00:00Z");
    await sub(lawn, "L", 2500, "month", "2025-02-01T09:00:00Z");
    await sub(garden, "Q", 9000, "three_months", "2025-04-20T09:00:00Z", { status: "past_due" });
    await sub(pool, "Y", 30_000, "year", "2024-11-11T09:00:00Z");
    await sub(pool, "Yx", 30_006, "year", "2024-08-01T09:00:00Z", {
      cancelledAt: at("2025-03-10T09:00:00Z"),
    });

    // What was charged in June: Wk twice (weekly), G once. Not normalised.
    const paid = (s: { id: string; offeringId: string }, iso: string, grossCents: number) =>
      insertDatedEarning(db, s, { userId: creator.id, paidAt: at(iso), grossCents });
    await paid(wk, "2025-06-06T09:00:00Z", 1200);
    await paid(wk, "2025-06-13T09:00:00Z", 1200);
    await paid(g, "2025-06-04T09:00:00Z", 4500);

    analytics = analyticsSchema.parse(await getAnalytics(app.runtime.deps, creator.id, AS_OF));
  });

  const performanceOf = (title: string) =>
    analytics.offerings.find((o) => o.id === offeringIds[title]);

  it("counts each cadence at its monthly equivalent, one offering per cadence", () => {
    expect(performanceOf("Groceries")).toMatchObject({ cadence: "two_weeks", revenueCents: 9750 }); // 4500 × 26/12
    expect(performanceOf("Lawn")).toMatchObject({ cadence: "month", revenueCents: 2500 });
    expect(performanceOf("Garden")).toMatchObject({ cadence: "three_months", revenueCents: 3000 }); // 9000 / 3
    expect(performanceOf("Pool")).toMatchObject({ cadence: "year", revenueCents: 2500 }); // 30000 / 12; Yx gone
    // 1200 × 52/12 = 5200, beside a monthly $52.00 from before Walks went weekly: the same.
    expect(performanceOf("Walks")).toMatchObject({
      cadence: "week",
      priceCents: 1200,
      liveSubscriberCount: 2,
      revenueCents: 10_400,
      livePriceRange: { minCents: 5200, maxCents: 5200 },
    });
    // 2 × 1001 × 52/12 = 8675.333…; its price range is each one's, rounded: 4337.666… → 4338.
    expect(performanceOf("Errands")).toMatchObject({
      revenueCents: 8675,
      livePriceRange: { minCents: 4338, maxCents: 4338 },
    });
  });

  it("sums unrounded and rounds once: 5200 + 5200 + 2 × 4337.666… + 9750 + 2500 + 3000 + 2500", async () => {
    const { metrics } = analytics;
    expect(metrics.mrrCents).toBe(36_825); // 441904 / 12 = 36825.333…, not 36826
    expect(analytics.monthlyRevenueCents).toBe(36_825);
    expect(analytics.projectedAnnualRevenueCents).toBe(12 * 36_825); // the spec's 12 × the tile
    expect(await sumMonthlyRevenue(app.runtime.deps.db, creator.id, AS_OF)).toBe(36_825);
    expect((await getOverview(app.runtime.deps, creator.id, AS_OF)).monthlyRevenueCents).toBe(
      36_825,
    );
    // The offerings' amounts add up to the tile.
    expect(analytics.offerings.reduce((sum, o) => sum + o.revenueCents, 0)).toBe(36_825);
  });

  it("divides the unrounded MRR by live subscribers for ARPU", () => {
    expect(analytics.metrics).toMatchObject({
      liveSubscribers: 8,
      activeSubscribers: 7,
      pastDueSubscribers: 1, // Q, still in MRR
      arpuCents: 4603, // 441904 / 12 / 8 = 4603.166…
    });
  });

  it("normalises every month of the MRR history, rounding half away from zero", () => {
    expect(analytics.metrics.mrrHistory).toEqual([
      { month: "2024-07-01", mrrCents: 0 },
      { month: "2024-08-01", mrrCents: 2501 }, // Yx: 30006 / 12 = 2500.5 → 2501
      { month: "2024-09-01", mrrCents: 2501 },
      { month: "2024-10-01", mrrCents: 7701 }, // + Wm 5200: 7700.5
      { month: "2024-11-01", mrrCents: 10_201 }, // + Y 2500: 10200.5
      { month: "2024-12-01", mrrCents: 10_201 },
      { month: "2025-01-01", mrrCents: 15_401 }, // + Wk 1200 weekly = 5200: 15400.5
      { month: "2025-02-01", mrrCents: 17_901 }, // + L 2500: 17900.5
      { month: "2025-03-01", mrrCents: 25_150 }, // − Yx 2500.5 + G 9750
      { month: "2025-04-01", mrrCents: 28_150 }, // + Q 3000
      { month: "2025-05-01", mrrCents: 32_488 }, // + E1 4337.666…: 32487.666…
      { month: "2025-06-01", mrrCents: 36_825 }, // + E2: 36825.333…, the MRR tile
    ]);
  });

  it("leaves what was charged as charged: June's payments and the growth chart's revenue", () => {
    expect(analytics.metrics.thisMonth).toMatchObject({
      receivedCents: 6900, // 1200 + 1200 + 4500, not Wk's 5200 a month
      feesCents: 180 + 180 + 675,
      netRevenueCents: 6900 - 1035,
    });
    expect(analytics.growth.at(-1)).toMatchObject({ month: "2025-06-01", grossRevenueCents: 6900 });
  });
});

// A subscriber counts (live, new, churned) from joining, but adds revenue only from the end of
// a free trial, the discounted price while a promo code's discount lasts and the full price
// after it (docs/metrics.md, "Free trials and discounts"). A discounted charge: a percentage is
// rounded to the cent half away from zero, an amount off never goes below zero. In a year's
// worth of cents:
//
//   who  offering  price cadence  trial ends        discount                    joined      cancelled
//   T1   Lessons    2500 month    2025-06-19 (after AS_OF)                      2025-06-05
//   T2   Lessons    2500 month    2025-04-01T00:00                              2025-03-18
//   T3   Lessons    2500 month    2025-05-24        (cancelled in the trial)    2025-05-10  2025-05-20
//   T4   Lessons    2500 month    2025-02-15T00:00  (cancelled as it ends)      2025-02-01  2025-02-15T00:00
//   D1   Walks      1499 week     -                 20% until 2025-04-10T09:00  2025-01-10
//   D2   Walks      1499 week     -                 20% until 2025-01-05        2024-10-05  2024-12-20
//   A    Lessons    2500 month    -                 $30.00 off until 2025-08-01 2025-04-15
//   F    Boxes      1005 month    -                 10% forever                 2024-12-01
//   TD   Walks      1000 week     2025-05-04        50% until 2025-07-04        2025-04-20
//   TX   Lessons    2500 month    2025-06-08        $10.00 off until 2025-06-01 2025-05-25
//
// Yearly cents: 20% of 1499 is 299.8 → 300, so 1199 × 52 = 62348 (5195.666… a month), full
// 1499 × 52 = 77948 (6495.666…); 10% of 1005 is 100.5 → 101, so 904 × 12 = 10848; A's $30.00
// off a $25.00 charge is 0, not −500; TD 500 × 52 = 26000; TX's discount ended in its trial, so
// it pays in full, 30000. At AS_OF: T1 0 (trialing, yet live), T2 30000, D1 77948, A 0,
// F 10848, TD 26000, TX 30000 = 174796 → 14566.333… → 14566, over 7 live subscribers.
describe("monthly revenue with free trials and discounts, on a hand-computed fixture", () => {
  let creator: OnboardedCreator;
  let analytics: Analytics;
  const offeringIds: Record<string, string> = {};

  beforeAll(async () => {
    const db = app.runtime.deps.db;
    creator = await createOnboardedCreator(app);
    const offering = offeringMaker(creator, offeringIds);
    const lessons = await offering("Lessons", 2500, "month");
    const walks = await offering("Walks", 1499, "week");
    const boxes = await offering("Boxes", 1005, "month");
    const sub = (
      o: { id: string },
      name: string,
      joined: string,
      more: Omit<Parameters<typeof insertDatedSubscriber>[2], "createdAt" | "name">,
    ) => insertDatedSubscriber(db, o, { name, createdAt: at(joined), ...more });
    const monthly = { priceCents: 2500, cadence: "month" } as const;
    const weekly = { priceCents: 1499, cadence: "week" } as const;

    await sub(lessons, "T1", "2025-06-05T09:00:00Z", {
      ...monthly,
      trialEndsAt: at("2025-06-19T09:00:00Z"),
    });
    await sub(lessons, "T2", "2025-03-18T09:00:00Z", {
      ...monthly,
      trialEndsAt: at("2025-04-01T00:00:00Z"),
    });
    await sub(lessons, "T3", "2025-05-10T09:00:00Z", {
      ...monthly,
      trialEndsAt: at("2025-05-24T09:00:00Z"),
      cancelledAt: at("2025-05-20T09:00:00Z"),
    });
    await sub(lessons, "T4", "2025-02-01T09:00:00Z", {
      ...monthly,
      trialEndsAt: at("2025-02-15T00:00:00Z"),
      cancelledAt: at("2025-02-15T00:00:00Z"),
    });
    await sub(walks, "D1", "2025-01-10T09:00:00Z", {
      ...weekly,
      discountPercentOff: 20,
      discountEndsAt: at("2025-04-10T09:00:00Z"),
    });
    await sub(walks, "D2", "2024-10-05T09:00:00Z", {
      ...weekly,
      discountPercentOff: 20,
      discountEndsAt: at("2025-01-05T09:00:00Z"),
      cancelledAt: at("2024-12-20T09:00:00Z"),
    });
    await sub(lessons, "A", "2025-04-15T09:00:00Z", {
      ...monthly,
      discountAmountOffCents: 3000,
      discountEndsAt: at("2025-08-01T00:00:00Z"),
    });
    await sub(boxes, "F", "2024-12-01T09:00:00Z", {
      priceCents: 1005,
      cadence: "month",
      discountPercentOff: 10,
    });
    await sub(walks, "TD", "2025-04-20T09:00:00Z", {
      priceCents: 1000,
      cadence: "week",
      trialEndsAt: at("2025-05-04T09:00:00Z"),
      discountPercentOff: 50,
      discountEndsAt: at("2025-07-04T09:00:00Z"),
    });
    await sub(lessons, "TX", "2025-05-25T09:00:00Z", {
      ...monthly,
      trialEndsAt: at("2025-06-08T09:00:00Z"),
      discountAmountOffCents: 1000,
      discountEndsAt: at("2025-06-01T00:00:00Z"),
    });

    analytics = analyticsSchema.parse(await getAnalytics(app.runtime.deps, creator.id, AS_OF));
  });

  const performanceOf = (title: string) =>
    analytics.offerings.find((o) => o.id === offeringIds[title]);

  it("counts a trialing subscriber as live and new, adding nothing: MRR 174796 / 12", async () => {
    expect(analytics.metrics).toMatchObject({
      mrrCents: 14_566,
      liveSubscribers: 7, // T1, T2, D1, A, F, TD, TX
      activeSubscribers: 7,
    });
    expect(analytics.metrics.thisMonth).toMatchObject({
      liveAtStart: 6,
      newSubscribers: 1, // T1, in its trial
      churnedSubscribers: 0,
    });
    expect(analytics.monthlyRevenueCents).toBe(14_566);
    expect(analytics.projectedAnnualRevenueCents).toBe(12 * 14_566);
    expect(await sumMonthlyRevenue(app.runtime.deps.db, creator.id, AS_OF)).toBe(14_566);
    expect((await getOverview(app.runtime.deps, creator.id, AS_OF)).monthlyRevenueCents).toBe(
      14_566,
    );
    expect(analytics.totalSubscribers).toBe(10);
  });

  it("divides MRR by every live subscriber for ARPU, trialing ones included", () => {
    expect(analytics.metrics.arpuCents).toBe(2081); // 174796 / 12 / 7 = 2080.904…
  });

  it("adds each from its trial's end, at the discounted price until the discount ends", () => {
    expect(analytics.metrics.mrrHistory).toEqual([
      { month: "2024-07-01", mrrCents: 0 },
      { month: "2024-08-01", mrrCents: 0 },
      { month: "2024-09-01", mrrCents: 0 },
      { month: "2024-10-01", mrrCents: 5196 }, // D2 at 20% off: 62348 / 12 = 5195.666…
      { month: "2024-11-01", mrrCents: 5196 },
      { month: "2024-12-01", mrrCents: 904 }, // − D2 (cancelled in its discount) + F 10848
      { month: "2025-01-01", mrrCents: 6100 }, // + D1 at 20% off: 73196 / 12 = 6099.666…
      { month: "2025-02-01", mrrCents: 6100 }, // T4 cancelled as its trial ended: never adds
      { month: "2025-03-01", mrrCents: 6100 }, // T2 joined, in its trial
      { month: "2025-04-01", mrrCents: 9900 }, // D1 in full 77948, T2 30000, A 0, TD trialing: 118796
      { month: "2025-05-01", mrrCents: 12_066 }, // + TD 26000; T3 never; TX trialing: 144796
      { month: "2025-06-01", mrrCents: 14_566 }, // + TX 30000; T1 trialing: 174796, the tile
    ]);
  });

  it("prices each offering at what its live subscribers add now", () => {
    expect(performanceOf("Lessons")).toMatchObject({
      liveSubscriberCount: 4, // T1 0, T2 2500, A 0, TX 2500
      revenueCents: 5000,
      livePriceRange: { minCents: 0, maxCents: 2500 },
    });
    expect(performanceOf("Walks")).toMatchObject({
      liveSubscriberCount: 2, // D1 77948, TD 26000: 103948 / 12 = 8662.333…
      revenueCents: 8662,
      livePriceRange: { minCents: 2167, maxCents: 6496 },
    });
    expect(performanceOf("Boxes")).toMatchObject({
      liveSubscriberCount: 1,
      revenueCents: 904,
      livePriceRange: { minCents: 904, maxCents: 904 },
    });
    expect(analytics.offerings.reduce((sum, o) => sum + o.revenueCents, 0)).toBe(14_566);
  });

  it("steps at the very instant a discount ends, in the tile and the Overview alike", async () => {
    const before = at("2025-04-10T08:59:59Z"); // D1 62348 + F 10848 + T2 30000 + A 0 = 103196
    const atEnd = at("2025-04-10T09:00:00Z"); // D1 in full: 118796
    const db = app.runtime.deps.db;
    expect(await sumMonthlyRevenue(db, creator.id, before)).toBe(8600); // 8599.666…
    expect(await sumMonthlyRevenue(db, creator.id, atEnd)).toBe(9900); // 9899.666…
    for (const [asOf, cents] of [
      [before, 8600],
      [atEnd, 9900],
    ] as const) {
      const { metrics } = await getAnalytics(app.runtime.deps, creator.id, asOf);
      expect(metrics.mrrCents).toBe(cents);
      expect(metrics.mrrHistory.at(-1)?.mrrCents).toBe(cents);
    }
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
  async function metricsOf(creator: OnboardedCreator) {
    const response = await app.request("/api/dashboard/analytics", asCreator(creator));
    expect(response.status).toBe(200);
    return analyticsSchema.parse(await response.json()).metrics;
  }

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
    // Set to end at the period's end: paid until then, so still live and in MRR.
    const ending = await metricsOf(creator);
    expect(ending).toMatchObject({ mrrCents: 6500, activeSubscribers: 2, liveSubscribers: 2 });
    expect(ending.thisMonth.churnedSubscribers).toBe(0);
    // The business ends it now.
    const endedNow = await app.request(
      `/api/subscribers/${leaving.subscriberId}/cancel`,
      asCreator(creator, jsonRequest("POST", { when: "now" })),
    );
    expect(endedNow.status).toBe(200);
    await app.flushWebhooks();

    const metrics = await metricsOf(creator);
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

// Last in the file: it moves Stripe's clock, which dates every later payment.
describe("a customer's cancellation is dated when its period ends", () => {
  it("not when asked: the subscriber is live until Stripe ends it at the period's end", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator);
    const { subscriberId, manageKey, subscriptionId } = await subscribeWithCard(app, offering);
    const response = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: offering.customUrl, manageKey }),
    );
    expect(response.status).toBe(200);
    await app.flushWebhooks();
    expect(await cancellationOf(subscriberId)).toEqual({ status: "active", cancelledAt: null });

    const before = Date.now();
    await advanceEmulatorClock(app, 32);
    await app.flushWebhooks();
    const ended = await app.runtime.deps.stripe.subscriptions.retrieve(subscriptionId);
    const { status, cancelledAt } = await cancellationOf(subscriberId);
    expect(status).toBe("cancelled");
    // Stripe's clock runs ahead of the database's here: its ended_at, no later than now.
    expect(ended.ended_at).toBe(ended.items.data[0]!.current_period_end);
    expect(cancelledAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(cancelledAt!.getTime()).toBeLessThanOrEqual(
      Math.min(Date.now(), ended.ended_at! * 1000),
    );
  });

  async function cancellationOf(subscriberId: string) {
    const [row] = await app.runtime.deps.db
      .select({ status: subscribers.paymentStatus, cancelledAt: subscribers.cancelledAt })
      .from(subscribers)
      .where(eq(subscribers.id, subscriberId));
    return row!;
  }
});
