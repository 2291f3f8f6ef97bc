import { formatCents } from "@contracts/money";
import type { Offering } from "@contracts/offerings";
import { BarChart3, DollarSign, Layers, Plus, Settings, Users } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useOverview } from "../api/dashboard-figures";
import { useOfferings } from "../api/offerings";
import { CreateOfferingDialog } from "./create-offering-dialog";
import type { CustomServiceTypes } from "./custom-service-type-dialog";
import { EditOfferingDialog } from "./edit-offering-dialog";
import { OfferingCard } from "./offering-card";
import { StatCard, StatSkeleton } from "./stat-card";

interface OverviewTabProps {
  isPaymentSetupComplete: boolean;
  isCheckingPaymentSetup: boolean;
  onShowAnalytics: () => void;
  onShowAccount: () => void;
}

export function OverviewTab({
  isPaymentSetupComplete,
  isCheckingPaymentSetup,
  onShowAnalytics,
  onShowAccount,
}: OverviewTabProps) {
  const overview = useOverview();
  const offerings = useOfferings();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [editing, setEditing] = useState<Offering | null>(null);
  const [customServiceTypes, setCustomServiceTypes] = useState<CustomServiceTypes>({});
  const [notice, setNotice] = useState<string | null>(null);
  const list = offerings.data?.offerings ?? [];

  return (
    <div className="space-y-8">
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <div className="grid gap-4 md:grid-cols-3">
        {overview.data ? (
          <>
            <StatCard
              label="Monthly Revenue"
              value={formatCents(overview.data.monthlyRevenueCents)}
              hint="Sum of your active subscriptions' prices"
              icon={<DollarSign className="size-4" aria-hidden />}
            />
            <StatCard
              label="Active Subscription Plans"
              value={overview.data.activeOfferingCount}
              icon={<Layers className="size-4" aria-hidden />}
            />
            <StatCard
              label="Total Subscribers"
              value={overview.data.totalSubscribers}
              icon={<Users className="size-4" aria-hidden />}
            />
          </>
        ) : (
          [0, 1, 2].map((i) => <StatSkeleton key={i} />)
        )}
      </div>

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="text-sm font-semibold text-gray-950">
          Quick actions
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
        {!isPaymentSetupComplete && !isCheckingPaymentSetup ? (
          <Alert tone="warning" className="mt-3">
            Complete your payment setup in the Account tab before creating a subscription.
          </Alert>
        ) : null}
      </section>

      <section aria-labelledby="your-subscriptions">
        <h2 id="your-subscriptions" className="text-lg font-semibold text-gray-950">
          Your subscriptions
        </h2>
        {offerings.isPending ? (
          <div className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <div
                key={i}
                className="h-72 animate-pulse rounded-xl border border-gray-200 bg-gray-100"
                aria-hidden
              />
            ))}
          </div>
        ) : offerings.isError ? (
          <Alert tone="error" className="mt-4">
            Your subscriptions could not be loaded.{" "}
            <button
              type="button"
              className="font-medium underline"
              onClick={() => offerings.refetch()}
            >
              Try again
            </button>
          </Alert>
        ) : list.length === 0 ? (
          <Card className="mt-4 flex flex-col items-center gap-3 p-10 text-center">
            <Layers className="size-8 text-gray-400" aria-hidden />
            <p className="font-medium text-gray-950">No subscriptions yet</p>
            <p className="max-w-sm text-sm text-gray-600">
              Create a monthly plan, then share its landing page with your customers.
            </p>
            <Button onClick={() => setIsCreateOpen(true)}>Create Your First Subscription</Button>
          </Card>
        ) : (
          <div className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {list.map((offering) => (
              <OfferingCard
                key={offering.id}
                offering={offering}
                onEdit={() => setEditing(offering)}
              />
            ))}
          </div>
        )}
      </section>

      <CreateOfferingDialog
        open={isCreateOpen}
        onOpenChange={setIsCreateOpen}
        isPaymentSetupComplete={isPaymentSetupComplete}
        isCheckingPaymentSetup={isCheckingPaymentSetup}
        customServiceTypes={customServiceTypes}
        onCustomServiceTypesChange={setCustomServiceTypes}
        onCreated={(title) =>
          setNotice(`“${title}” is live. Share its public URL with your customers.`)
        }
      />
      {editing ? (
        <EditOfferingDialog
          offering={editing}
          onClose={() => setEditing(null)}
          onSaved={() => setNotice("Subscription updated.")}
        />
      ) : null}
    </div>
  );
}
