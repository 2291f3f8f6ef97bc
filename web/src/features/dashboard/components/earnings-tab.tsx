import { formatCents } from "@contracts/money";
import { BarChart3, DollarSign, ExternalLink, FileText, Hash, Percent, Wallet } from "lucide-react";
import { ListSkeleton } from "@/components/list-skeleton";
import { LoadError } from "@/components/load-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useOpenStripeDashboard } from "../api/create-login-link";
import { useEarnings } from "../api/get-earnings";
import { UnavailableList } from "./empty-list";
import { PayoutInformation } from "./payout-information";
import { RecentEarningsList } from "./recent-earnings-list";
import { StatCard } from "./stat-card";

interface EarningsTabProps {
  isPaymentSetupComplete: boolean;
  isCheckingPaymentSetup: boolean;
}

export function EarningsTab({ isPaymentSetupComplete, isCheckingPaymentSetup }: EarningsTabProps) {
  const earnings = useEarnings();
  const openDashboard = useOpenStripeDashboard();
  const data = earnings.data;
  const figure = (value: string | number | undefined) => (earnings.isError ? "—" : value);
  // Spec: only a completed account may open the provider dashboard.
  const canOpenDashboard = isPaymentSetupComplete && !openDashboard.isPending;
  const openStripe = () => openDashboard.mutate();

  return (
    <div className="space-y-8">
      {earnings.isError ? (
        <LoadError
          what="Earnings"
          onRetry={() => earnings.refetch()}
          isRetrying={earnings.isFetching}
        />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Available Balance"
          value={figure(data && formatCents(data.availableBalanceCents))}
          hint={
            data && data.pendingBalanceCents > 0
              ? `${formatCents(data.pendingBalanceCents)} pending`
              : isPaymentSetupComplete
                ? "Ready for your next payout"
                : "Paid out once payment setup is complete"
          }
          icon={<Wallet className="size-4" aria-hidden />}
        />
        <StatCard
          label="Total Earnings"
          value={figure(data && formatCents(data.totalNetEarningsCents))}
          hint="After platform fees"
          icon={<DollarSign className="size-4" aria-hidden />}
        />
        <StatCard
          label="Total Payments"
          value={figure(data?.totalPayments)}
          icon={<Hash className="size-4" aria-hidden />}
        />
        <StatCard
          label="Platform Fees"
          value={figure(data && formatCents(data.totalPlatformFeesCents))}
          // The fee is a share of what was charged, so a code's discount lowers it too.
          hint={
            data && data.totalDiscountCents > 0
              ? `Promo codes took ${formatCents(data.totalDiscountCents)} off payments`
              : undefined
          }
          icon={<Percent className="size-4" aria-hidden />}
        />
      </div>

      <section aria-labelledby="earnings-quick-actions">
        <h2 id="earnings-quick-actions" className="text-sm font-semibold text-gray-950">
          Quick Actions
        </h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={openStripe} disabled={!canOpenDashboard}>
            <ExternalLink className="size-4" aria-hidden />
            {openDashboard.isPending ? "Opening..." : "Open Stripe Dashboard"}
          </Button>
          {/* Spec: opens the provider's own overview, which is the same Express dashboard. */}
          <Button
            variant="secondary"
            onClick={openStripe}
            disabled={!canOpenDashboard}
            aria-label="View Analytics in your Stripe dashboard (opens in a new tab)"
          >
            <BarChart3 className="size-4" aria-hidden /> View Analytics
          </Button>
          <Button variant="secondary" disabled>
            <FileText className="size-4" aria-hidden /> Tax Documents
            <span className="rounded bg-gray-100 px-1.5 py-0.5 text-xs font-normal text-gray-600">
              Coming soon
            </span>
          </Button>
        </div>
        {!isPaymentSetupComplete && !isCheckingPaymentSetup ? (
          <p className="mt-2 text-sm text-gray-600">
            The Stripe dashboard opens once your payment setup is complete.
          </p>
        ) : null}
        {openDashboard.isError ? (
          <Alert tone="error" className="mt-3">
            {errorMessage(openDashboard.error, "Failed to open Stripe dashboard")}
          </Alert>
        ) : null}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-5 lg:col-span-2">
          <h2 className="text-base font-semibold text-gray-950">Recent Earnings</h2>
          <div className="mt-2">
            {data ? (
              <RecentEarningsList earnings={data.recent} />
            ) : earnings.isError ? (
              <UnavailableList />
            ) : (
              <ListSkeleton />
            )}
          </div>
        </Card>
        <PayoutInformation
          isPaymentSetupComplete={isPaymentSetupComplete}
          isCheckingPaymentSetup={isCheckingPaymentSetup}
          isOpening={openDashboard.isPending}
          onManage={openStripe}
        />
      </div>
    </div>
  );
}
