import type Stripe from "stripe";
import type { Analytics, Earnings, Overview } from "../../../contracts/dashboard";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { findConnectAccountByUserId } from "../connect/connect-repository";
import { countWaitlists } from "../seats/seat-repository";
import {
  countActiveOfferings,
  countSubscribers,
  getEarningsTotals,
  getNewestOfferingCreatorName,
  listOfferingsNewestFirst,
  listRecentEarnings,
  listRecentSubscribers,
  sumGrossByMonth,
} from "./dashboard-repository";
import { buildGrowthSeries, lastMonths } from "./growth-series";
import { sumMonthlyRevenue, summarizeSubscribers, sumNetRevenue } from "./metrics-repository";
import { splitMonthlyRevenue } from "./split-monthly-revenue";

export interface DashboardDeps {
  db: Db;
  stripe: Stripe;
  logger: Logger;
}

const RECENT_LIMIT = 10;
const NEW_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
const GROWTH_MONTHS = 12;

/**
 * Monthly revenue here and on Analytics is what live subscribers pay (ADR 025), each price
 * normalised to a month by its cadence, not the spec's sum of active offerings' prices, which
 * shows money with nobody subscribed.
 */
export async function getOverview(
  deps: DashboardDeps,
  userId: string,
  now = new Date(),
): Promise<Overview> {
  const [monthlyRevenueCents, activeOfferingCount, totalSubscribers, firstOfferingCreatorName] =
    await Promise.all([
      sumMonthlyRevenue(deps.db, userId, now),
      countActiveOfferings(deps.db, userId),
      countSubscribers(deps.db, userId),
      getNewestOfferingCreatorName(deps.db, userId),
    ]);
  return { monthlyRevenueCents, activeOfferingCount, totalSubscribers, firstOfferingCreatorName };
}

export async function getAnalytics(
  deps: DashboardDeps,
  userId: string,
  now = new Date(),
): Promise<Analytics> {
  const months = lastMonths(now, GROWTH_MONTHS);
  const seriesEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    .toISOString()
    .slice(0, 10);
  const seriesStart = new Date(`${months[0]}T00:00:00Z`);
  const monthStart = new Date(`${months.at(-1)}T00:00:00Z`);
  const [offeringList, subscriberSummary, recent, grossByMonth, netRevenue] = await Promise.all([
    listOfferingsNewestFirst(deps.db, userId),
    summarizeSubscribers(deps.db, userId, {
      months,
      seriesEnd,
      newSince: new Date(now.getTime() - NEW_WINDOW_MS),
      asOf: now,
    }),
    listRecentSubscribers(deps.db, userId, RECENT_LIMIT),
    sumGrossByMonth(deps.db, userId, seriesStart),
    sumNetRevenue(deps.db, userId, { asOf: now, monthStart }),
  ]);
  const waitlists = await countWaitlists(
    deps.db,
    offeringList.map((o) => o.id),
  );
  const recurring = subscriberSummary.metrics;
  const byOffering = new Map<string, (typeof subscriberSummary.spec)[number]>();
  const byBucket = new Map<number, number>();
  let overall = { subscribers: 0, newSubscribers: 0 };
  for (const row of subscriberSummary.spec) {
    if (row.offeringId !== null) byOffering.set(row.offeringId, row);
    else if (row.bucket !== null) byBucket.set(row.bucket, row.subscribers);
    else overall = row;
  }
  // Each offering's share of the rounded MRR, so the amounts add up to the tile.
  const revenueByOffering = splitMonthlyRevenue(
    offeringList.map((o) => byOffering.get(o.id)?.liveYearlyCents ?? 0),
    recurring.mrrCents,
  );
  return {
    // One definition of monthly revenue everywhere: the MRR tile's (ADR 025).
    monthlyRevenueCents: recurring.mrrCents,
    projectedAnnualRevenueCents: recurring.mrrCents * 12,
    totalSubscribers: overall.subscribers,
    newThisMonth: overall.newSubscribers,
    offerings: offeringList.map((o, i) => {
      const summary = byOffering.get(o.id);
      // What live subscribers actually pay (each keeps their sign-up price and cadence), not
      // count × price; the range of their monthly equivalents lets the line say "N × $p" only
      // when that product is true.
      const hasLive = Boolean(summary && summary.liveSubscribers > 0);
      return {
        ...o,
        liveSubscriberCount: summary?.liveSubscribers ?? 0,
        // People waiting for a seat (issue 22): the creator's sign of demand past capacity.
        waitlistCount: waitlists.get(o.id) ?? 0,
        revenueCents: revenueByOffering[i] ?? 0,
        livePriceRange: hasLive
          ? { minCents: summary!.liveMinPriceCents ?? 0, maxCents: summary!.liveMaxPriceCents ?? 0 }
          : null,
      };
    }),
    recentSubscribers: recent.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
    growth: buildGrowthSeries({
      months,
      subscribersBefore: byBucket.get(0) ?? 0,
      newByMonth: months.map((month, i) => ({ month, n: byBucket.get(i + 1) ?? 0 })),
      grossByMonth,
    }),
    metrics: {
      asOf: now.toISOString(),
      mrrCents: recurring.mrrCents,
      activeSubscribers: recurring.activeSubscribers,
      pastDueSubscribers: recurring.pastDueSubscribers,
      pausedSubscribers: recurring.pausedSubscribers,
      liveSubscribers: recurring.liveSubscribers,
      arpuCents: recurring.arpuCents,
      thisMonth: {
        month: months.at(-1)!,
        liveAtStart: recurring.liveAtMonthStart,
        newSubscribers: recurring.newThisMonth,
        churnedSubscribers: recurring.churnedThisMonth,
        churnedOfLiveAtStart: recurring.churnedOfLiveAtMonthStart,
        churnRatePercent: recurring.churnRatePercent,
        receivedCents: netRevenue.receivedCents,
        feesCents: netRevenue.feesCents,
        refundedCents: netRevenue.refundedCents,
        netRevenueCents: netRevenue.netCents,
      },
      mrrHistory: recurring.mrrHistory,
    },
  };
}

async function getBalance(deps: DashboardDeps, userId: string) {
  const account = await findConnectAccountByUserId(deps.db, userId);
  if (!account) return { available: 0, pending: 0 };
  try {
    const balance = await deps.stripe.balance.retrieve(
      {},
      { stripeAccount: account.stripeAccountId },
    );
    const usd = (entries: Stripe.Balance.Available[] | Stripe.Balance.Pending[]) =>
      entries.filter((e) => e.currency === "usd").reduce((acc, e) => acc + e.amount, 0);
    return { available: usd(balance.available), pending: usd(balance.pending) };
  } catch (error) {
    // Spec: data loads are only logged; the figure stays at zero.
    deps.logger.warn({ err: error, userId }, "could not load the connected account balance");
    return { available: 0, pending: 0 };
  }
}

export async function getEarnings(deps: DashboardDeps, userId: string): Promise<Earnings> {
  const [balance, totals, recent] = await Promise.all([
    getBalance(deps, userId),
    getEarningsTotals(deps.db, userId),
    listRecentEarnings(deps.db, userId, RECENT_LIMIT),
  ]);
  return {
    availableBalanceCents: balance.available,
    pendingBalanceCents: balance.pending,
    ...totals,
    recent: recent.map((e) => ({ ...e, paymentDate: e.paymentDate.toISOString() })),
  };
}
