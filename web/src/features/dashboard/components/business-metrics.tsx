import type { BusinessMetrics } from "@contracts/dashboard";
import { formatCents } from "@contracts/money";
import {
  CalendarMinus,
  CalendarPlus,
  CirclePause,
  Percent,
  Receipt,
  Repeat,
  UserCheck,
  UserRound,
} from "lucide-react";
import { lazy, Suspense } from "react";
import { Card } from "@/components/ui/card";
import { EmptyList, UnavailableList } from "./empty-list";
import { StatCard } from "./stat-card";

// Recharts loads with the growth chart's chunk only when Analytics is opened.
const MrrHistoryChart = lazy(() =>
  import("./mrr-history-chart").then((m) => ({ default: m.MrrHistoryChart })),
);

const chartPlaceholder = <div className="h-64 animate-pulse rounded-lg bg-gray-100" aria-hidden />;

/** "June", from the month's first day (YYYY-MM-01), in UTC like every month boundary here. */
function monthName(month: string) {
  return new Date(`${month}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    timeZone: "UTC",
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The figures a creator runs the business by, beside the spec's tiles. Each card's hint is its
 * one-line definition, the same as in docs/metrics.md; every figure comes computed from the
 * server. `metrics` is undefined while loading; `isError` shows dashes.
 */
export function BusinessMetricsSection({
  metrics,
  isError,
}: {
  metrics: BusinessMetrics | undefined;
  isError: boolean;
}) {
  const figure = (value: string | number | undefined) => (isError ? "—" : value);
  // Before the figures arrive (or when they can't), the labels name this month by the clock here.
  const month = monthName(metrics?.thisMonth.month ?? `${new Date().toISOString().slice(0, 7)}-01`);
  const monthStart = `${month} 1`;
  const m = metrics?.thisMonth;
  const hasHistory = Boolean(metrics?.mrrHistory.some((point) => point.mrrCents !== 0));

  return (
    <section aria-labelledby="business-metrics-heading" className="space-y-4">
      <div>
        <h2 id="business-metrics-heading" className="text-base font-semibold text-gray-950">
          Recurring revenue
        </h2>
        <p className="text-sm text-gray-600">
          Live subscribers are active, past due (their card is being retried) or paused. Months are
          calendar months in UTC.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="MRR"
          value={figure(metrics && formatCents(metrics.mrrCents))}
          hint="What live subscribers pay each month, each at their own price"
          icon={<Repeat className="size-4" aria-hidden />}
        />
        <StatCard
          label="Active Subscribers"
          value={figure(metrics?.activeSubscribers)}
          hint={
            metrics && metrics.pastDueSubscribers > 0
              ? `Paying normally; ${metrics.pastDueSubscribers} past due not counted`
              : "Paying normally; none past due"
          }
          icon={<UserCheck className="size-4" aria-hidden />}
        />
        <StatCard
          label="Paused"
          value={figure(metrics?.pausedSubscribers)}
          hint="Pausing now: still subscribers, not in monthly revenue"
          icon={<CirclePause className="size-4" aria-hidden />}
        />
        <StatCard
          label="ARPU"
          value={figure(
            metrics && (metrics.arpuCents === null ? "—" : formatCents(metrics.arpuCents)),
          )}
          hint={
            metrics
              ? `MRR ÷ ${plural(metrics.liveSubscribers, "live subscriber", "live subscribers")}`
              : "MRR ÷ live subscribers"
          }
          icon={<UserRound className="size-4" aria-hidden />}
        />
      </div>

      <h3 className="pt-2 text-sm font-semibold text-gray-950">{month} so far</h3>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label={`New in ${month}`}
          value={figure(m?.newSubscribers)}
          hint={`Subscribers who joined since ${monthStart}`}
          icon={<CalendarPlus className="size-4" aria-hidden />}
        />
        <StatCard
          label={`Churned in ${month}`}
          value={figure(m?.churnedSubscribers)}
          hint={`Subscribers cancelled since ${monthStart}`}
          icon={<CalendarMinus className="size-4" aria-hidden />}
        />
        <StatCard
          label="Churn Rate"
          value={figure(
            m && (m.churnRatePercent === null ? "—" : `${m.churnRatePercent.toFixed(2)}%`),
          )}
          hint={
            m && m.liveAtStart > 0
              ? `Of the ${plural(m.liveAtStart, "subscriber", "subscribers")} live on ${monthStart}, ${m.churnedOfLiveAtStart} cancelled since`
              : `Share of those live on ${monthStart} who cancelled since${m ? " (nobody was live)" : ""}`
          }
          icon={<Percent className="size-4" aria-hidden />}
        />
        <StatCard
          label={`Net Revenue in ${month}`}
          value={figure(m && formatCents(m.netRevenueCents))}
          hint={
            m
              ? `${formatCents(m.receivedCents)} paid − ${formatCents(m.feesCents)} fees − ${formatCents(m.refundedCents)} refunds and disputes`
              : "Payments − platform fees − refunds and disputes"
          }
          icon={<Receipt className="size-4" aria-hidden />}
        />
      </div>

      <Card className="p-5">
        <h3 className="text-base font-semibold text-gray-950">MRR History</h3>
        <div className="mt-4">
          {!metrics ? (
            isError ? (
              <UnavailableList />
            ) : (
              chartPlaceholder
            )
          ) : hasHistory ? (
            <Suspense fallback={chartPlaceholder}>
              <MrrHistoryChart history={metrics.mrrHistory} />
            </Suspense>
          ) : (
            <EmptyList icon={<Repeat className="size-6" aria-hidden />}>
              Your MRR history fills in as subscribers join.
            </EmptyList>
          )}
        </div>
      </Card>
    </section>
  );
}
