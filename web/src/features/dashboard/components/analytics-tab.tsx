import { formatCents } from "@contracts/money";
import { CalendarPlus, DollarSign, LineChart, TrendingUp, Users } from "lucide-react";
import { lazy, Suspense } from "react";
import { ListSkeleton } from "@/components/list-skeleton";
import { LoadError } from "@/components/load-error";
import { Card } from "@/components/ui/card";
import { useAnalytics } from "../api/get-analytics";
import { BusinessMetricsSection } from "./business-metrics";
import { EmptyList, UnavailableList } from "./empty-list";
import { OfferingPerformanceList } from "./offering-performance-list";
import { RecentSubscribersList } from "./recent-subscribers-list";
import { StatCard } from "./stat-card";

// Recharts is the heaviest thing on the dashboard; load it only when Analytics is opened.
const GrowthChart = lazy(() => import("./growth-chart").then((m) => ({ default: m.GrowthChart })));

const chartPlaceholder = <div className="h-72 animate-pulse rounded-lg bg-gray-100" aria-hidden />;

export function AnalyticsTab() {
  const analytics = useAnalytics();
  const data = analytics.data;
  const figure = (value: string | number | undefined) => (analytics.isError ? "—" : value);
  const hasGrowth = Boolean(
    data?.growth.some((point) => point.totalSubscribers > 0 || point.grossRevenueCents > 0),
  );

  return (
    <div className="space-y-8">
      {analytics.isError ? (
        <LoadError
          what="Analytics"
          onRetry={() => analytics.refetch()}
          isRetrying={analytics.isFetching}
        />
      ) : null}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Monthly Revenue"
          value={figure(data && formatCents(data.monthlyRevenueCents))}
          hint="What your live subscribers pay each month"
          icon={<DollarSign className="size-4" aria-hidden />}
        />
        <StatCard
          label="Projected Annual Revenue"
          value={figure(data && formatCents(data.projectedAnnualRevenueCents))}
          hint="12 × monthly revenue"
          icon={<TrendingUp className="size-4" aria-hidden />}
        />
        <StatCard
          label="Total Subscribers"
          value={figure(data?.totalSubscribers)}
          icon={<Users className="size-4" aria-hidden />}
        />
        <StatCard
          label="New This Month"
          value={figure(data?.newThisMonth)}
          hint="Last 30 days"
          icon={<CalendarPlus className="size-4" aria-hidden />}
        />
      </div>

      <BusinessMetricsSection metrics={data?.metrics} isError={analytics.isError} />

      <Card className="p-5">
        <h2 className="text-base font-semibold text-gray-950">Growth</h2>
        <div className="mt-4">
          {!data ? (
            analytics.isError ? (
              <UnavailableList />
            ) : (
              chartPlaceholder
            )
          ) : hasGrowth ? (
            <Suspense fallback={chartPlaceholder}>
              <GrowthChart growth={data.growth} />
            </Suspense>
          ) : (
            <EmptyList icon={<LineChart className="size-6" aria-hidden />}>
              Your growth chart fills in as subscribers join and pay.
            </EmptyList>
          )}
        </div>
      </Card>

      {/* grid-cols-1 is minmax(0, 1fr): a long e-mail truncates instead of widening the page. */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Card className="p-5">
          <h2 className="text-base font-semibold text-gray-950">Subscription Performance</h2>
          <div className="mt-2">
            {data ? (
              <OfferingPerformanceList offerings={data.offerings} />
            ) : analytics.isError ? (
              <UnavailableList />
            ) : (
              <ListSkeleton />
            )}
          </div>
        </Card>
        <Card className="p-5">
          <h2 className="text-base font-semibold text-gray-950">Recent Subscribers</h2>
          <div className="mt-2">
            {data ? (
              <RecentSubscribersList subscribers={data.recentSubscribers} />
            ) : analytics.isError ? (
              <UnavailableList />
            ) : (
              <ListSkeleton />
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}
