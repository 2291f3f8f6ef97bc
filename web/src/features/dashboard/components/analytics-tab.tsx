import { formatCents } from "@contracts/money";
import { lazy, Suspense } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { useAnalytics } from "../api/dashboard-figures";
import { StatCard, StatSkeleton } from "./stat-card";
import { SubscriberStatusLabel } from "./subscriber-status-label";

const GrowthChart = lazy(() => import("./growth-chart").then((m) => ({ default: m.GrowthChart })));

export function AnalyticsTab() {
  const analytics = useAnalytics();
  if (analytics.isError) {
    return (
      <Alert tone="error">
        Analytics could not be loaded.{" "}
        <button type="button" className="font-medium underline" onClick={() => analytics.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  const data = analytics.data;
  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {data ? (
          <>
            <StatCard label="Monthly Revenue" value={formatCents(data.monthlyRevenueCents)} />
            <StatCard
              label="Projected Annual Revenue"
              value={formatCents(data.projectedAnnualRevenueCents)}
              hint="12 × monthly revenue"
            />
            <StatCard label="Total Subscribers" value={data.totalSubscribers} />
            <StatCard label="New This Month" value={data.newThisMonth} hint="Last 30 days" />
          </>
        ) : (
          [0, 1, 2, 3].map((i) => <StatSkeleton key={i} />)
        )}
      </div>
      <Card className="p-5">
        <h2 className="text-base font-semibold text-gray-950">Growth</h2>
        {data ? (
          <Suspense fallback={<div className="h-72 animate-pulse rounded-lg bg-gray-100" />}>
            <GrowthChart growth={data.growth} />
          </Suspense>
        ) : (
          <div className="mt-4 h-72 animate-pulse rounded-lg bg-gray-100" />
        )}
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card className="p-5">
          <h2 className="text-base font-semibold text-gray-950">Subscription performance</h2>
          {data && data.offerings.length === 0 ? (
            <p className="mt-3 text-sm text-gray-600">No subscriptions yet.</p>
          ) : null}
          <ul className="mt-3 divide-y divide-gray-100">
            {data?.offerings.map((o) => (
              <li key={o.id} className="flex items-center justify-between gap-3 py-3 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium text-gray-950">{o.title}</p>
                  <p className="text-gray-600">
                    {o.subscriberCount} {o.subscriberCount === 1 ? "subscriber" : "subscribers"} ·{" "}
                    {formatCents(o.priceCents)}/month
                    {o.isActive ? "" : " · Inactive"}
                  </p>
                </div>
                <p className="tabular shrink-0 font-semibold text-gray-950">
                  {formatCents(o.revenueCents)}
                </p>
              </li>
            ))}
          </ul>
        </Card>
        <Card className="p-5">
          <h2 className="text-base font-semibold text-gray-950">Recent Subscribers</h2>
          {data && data.recentSubscribers.length === 0 ? (
            <p className="mt-3 text-sm text-gray-600">
              No subscribers yet. Share your landing pages to get your first.
            </p>
          ) : null}
          <ul className="mt-3 divide-y divide-gray-100">
            {data?.recentSubscribers.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-3 py-3 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium text-gray-950">{s.name}</p>
                  <p className="truncate text-gray-600">
                    {s.email} · {s.offeringTitle}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <SubscriberStatusLabel status={s.paymentStatus} />
                  <p className="text-xs text-gray-500">
                    {new Date(s.createdAt).toLocaleDateString()}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
