import { formatCents } from "@contracts/money";
import type { Offering } from "@contracts/offerings";
import { BarChart3, DollarSign, Layers, Plus, Settings, Users } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { useOverview } from "../api/get-overview";
import { CreateOfferingDialog } from "./create-offering-dialog";
import { EditOfferingDialog } from "./edit-offering-dialog";
import type { OfferingActions } from "./offering-card";
import { OfferingsGrid } from "./offerings-grid";
import { StatCard } from "./stat-card";

interface OverviewTabProps {
  isPaymentSetupComplete: boolean;
  isCheckingPaymentSetup: boolean;
  onShowAnalytics: () => void;
  onShowAccount: () => void;
  /** More buttons on each offering's card, from other features (the waitlist's). */
  offeringActions?: OfferingActions | undefined;
}

export function OverviewTab({
  isPaymentSetupComplete,
  isCheckingPaymentSetup,
  onShowAnalytics,
  onShowAccount,
  offeringActions,
}: OverviewTabProps) {
  const overview = useOverview();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [editing, setEditing] = useState<Offering | null>(null);
  const figures = overview.data;
  // On a failed load the cards show a dash rather than a skeleton that never resolves.
  const figure = (value: string | number | undefined) => (overview.isError ? "—" : value);

  return (
    <div className="space-y-8">
      {overview.isError ? (
        <LoadError
          what="Your figures"
          onRetry={() => overview.refetch()}
          isRetrying={overview.isFetching}
        />
      ) : null}
      <div className="grid gap-4 md:grid-cols-3">
        <StatCard
          label="Monthly Revenue"
          value={figure(figures && formatCents(figures.monthlyRevenueCents))}
          hint="What your live subscribers pay each month"
          icon={<DollarSign className="size-4" aria-hidden />}
        />
        <StatCard
          label="Active Subscription Plans"
          value={figure(figures?.activeOfferingCount)}
          icon={<Layers className="size-4" aria-hidden />}
        />
        <StatCard
          label="Total Subscribers"
          value={figure(figures?.totalSubscribers)}
          icon={<Users className="size-4" aria-hidden />}
        />
      </div>

      <section aria-labelledby="overview-quick-actions">
        <h2 id="overview-quick-actions" className="text-sm font-semibold text-gray-950">
          Quick Actions
        </h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => setIsCreateOpen(true)}>
            <Plus className="size-4" aria-hidden /> Create Subscription
          </Button>
          <Button variant="secondary" onClick={onShowAnalytics}>
            <BarChart3 className="size-4" aria-hidden /> View Analytics
          </Button>
          <Button variant="secondary" onClick={onShowAccount}>
            <Settings className="size-4" aria-hidden /> Update Account
          </Button>
        </div>
      </section>

      <section aria-labelledby="overview-subscriptions" className="space-y-4">
        <h2 id="overview-subscriptions" className="text-lg font-semibold text-gray-950">
          Your Subscriptions
        </h2>
        <OfferingsGrid
          onCreate={() => setIsCreateOpen(true)}
          onEdit={setEditing}
          actions={offeringActions}
        />
      </section>

      <CreateOfferingDialog
        open={isCreateOpen}
        onOpenChange={setIsCreateOpen}
        isPaymentSetupComplete={isPaymentSetupComplete}
        isCheckingPaymentSetup={isCheckingPaymentSetup}
      />
      {editing ? (
        <EditOfferingDialog key={editing.id} offering={editing} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
