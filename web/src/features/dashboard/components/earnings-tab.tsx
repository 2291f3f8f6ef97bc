import { formatCents } from "@contracts/money";
import { BarChart3, ExternalLink, FileText } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useEarnings, useOpenStripeDashboard } from "../api/dashboard-figures";
import { StatCard, StatSkeleton } from "./stat-card";

export function EarningsTab({ isPaymentSetupComplete }: { isPaymentSetupComplete: boolean }) {
  const earnings = useEarnings();
  const openDashboard = useOpenStripeDashboard();
  const data = earnings.data;
  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {data ? (
          <>
            <StatCard
              label="Available Balance"
              value={formatCents(data.availableBalanceCents)}
              hint={
                data.pendingBalanceCents
                  ? `${formatCents(data.pendingBalanceCents)} pending`
                  : "In your Stripe account"
              }
            />
            <StatCard
              label="Total Earnings"
              value={formatCents(data.totalNetEarningsCents)}
              hint="After platform fees"
            />
            <StatCard label="Total Payments" value={data.totalPayments} />
            <StatCard label="Platform Fees" value={formatCents(data.totalPlatformFeesCents)} />
          </>
        ) : (
          [0, 1, 2, 3].map((i) => <StatSkeleton key={i} />)
        )}
      </div>
      {earnings.isError ? <Alert tone="error">Earnings could not be loaded.</Alert> : null}

      <section aria-labelledby="earnings-actions">
        <h2 id="earnings-actions" className="text-sm font-semibold text-gray-950">
          Quick actions
        </h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            onClick={() => openDashboard.mutate()}
            disabled={!isPaymentSetupComplete || openDashboard.isPending}
          >
            <ExternalLink className="size-4" aria-hidden />{" "}
            {openDashboard.isPending ? "Opening..." : "Open Stripe Dashboard"}
          </Button>
          <Button
            variant="secondary"
            onClick={() => openDashboard.mutate()}
            disabled={!isPaymentSetupComplete || openDashboard.isPending}
          >
            <BarChart3 className="size-4" aria-hidden /> View Analytics
          </Button>
          <Button variant="secondary" disabled title="Coming soon">
            <FileText className="size-4" aria-hidden /> Tax Documents{" "}
            <span className="text-xs">(Coming soon)</span>
          </Button>
        </div>
        {openDashboard.isError ? (
          <Alert tone="error" className="mt-3">
            {errorMessage(openDashboard.error, "Failed to open Stripe dashboard")}
          </Alert>
        ) : null}
      </section>

      <div className="grid gap-6 xl:grid-cols-3">
        <Card className="p-5 xl:col-span-2">
          <h2 className="text-base font-semibold text-gray-950">Recent earnings</h2>
          {data && data.recent.length === 0 ? (
            <p className="mt-3 text-sm text-gray-600">No payments yet.</p>
          ) : null}
          <ul className="mt-3 divide-y divide-gray-100">
            {data?.recent.map((e) => (
              <li key={e.id} className="flex items-center justify-between gap-3 py-3 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium text-gray-950">{e.offeringTitle}</p>
                  <p className="truncate text-gray-600">
                    {e.subscriberName} · {new Date(e.paymentDate).toLocaleDateString()}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="tabular font-semibold text-gray-950">{formatCents(e.netCents)}</p>
                  <p className="tabular text-xs text-gray-500">
                    {formatCents(e.grossCents)} − {formatCents(e.feeCents)} fee
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </Card>
        <Card className="p-5">
          <h2 className="text-base font-semibold text-gray-950">Payout Information</h2>
          {isPaymentSetupComplete ? (
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-gray-600">Schedule</dt>
                <dd className="font-medium">Daily</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-gray-600">Your share</dt>
                <dd className="font-medium">85%</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-gray-600">Platform fee</dt>
                <dd className="font-medium">15%</dd>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="mt-2 w-full"
                onClick={() => openDashboard.mutate()}
              >
                Manage
              </Button>
            </dl>
          ) : (
            <div className="mt-3 space-y-3 text-sm text-gray-600">
              <p>Finish payment setup to receive daily payouts.</p>
              <Link
                to={paths.dashboard.getHref("settings")}
                className={buttonClasses("primary", "sm")}
              >
                Complete Setup
              </Link>
            </div>
          )}
        </Card>
      </div>
    </div>
  );
}
