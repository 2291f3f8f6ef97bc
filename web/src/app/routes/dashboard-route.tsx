import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { FullPageSpinner } from "@/components/ui/spinner";
import { TestModeBadge } from "@/components/ui/test-mode-badge";
import { paths } from "@/config/paths";
import { AccountTab } from "@/features/account/components/account-tab";
import { meQueryKey, useMe } from "@/features/auth/api/get-me";
import { useConnectStatus } from "@/features/connect/api/connect-status";
import { PaymentSetupModal } from "@/features/connect/components/payment-setup-modal";
import { PaymentSetupPanel } from "@/features/connect/components/payment-setup-panel";
import { useOverview } from "@/features/dashboard/api/dashboard-figures";
import { AnalyticsTab } from "@/features/dashboard/components/analytics-tab";
import { EarningsTab } from "@/features/dashboard/components/earnings-tab";
import { OverviewTab } from "@/features/dashboard/components/overview-tab";
import { authClient } from "@/lib/auth-client";
import { cn } from "@/lib/cn";

const tabs = [
  { value: "overview", label: "Overview" },
  { value: "analytics", label: "Analytics" },
  { value: "earnings", label: "Earnings" },
  { value: "settings", label: "Account" },
] as const;
type TabValue = (typeof tabs)[number]["value"];

/** Spec: first subscription's creator name, else the user's name, else the e-mail prefix. */
function firstNameOf(candidates: Array<string | null | undefined>): string | null {
  for (const candidate of candidates) {
    const first = candidate?.trim().split(/\s+/)[0];
    if (first) return first;
  }
  return null;
}

export default function DashboardRoute() {
  const me = useMe({ enabled: true });
  const overview = useOverview();
  const connect = useConnectStatus();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [isSetupModalOpen, setIsSetupModalOpen] = useState(false);
  const requested = searchParams.get("tab");
  const tab: TabValue = tabs.some((t) => t.value === requested)
    ? (requested as TabValue)
    : "overview";

  // Returning from Stripe onboarding: show the Payment Setup modal and tidy the address.
  useEffect(() => {
    if (searchParams.get("connect_setup") === "complete") {
      setIsSetupModalOpen(true);
      const next = new URLSearchParams(searchParams);
      next.delete("connect_setup");
      setSearchParams(next, { replace: true });
    }
  }, [searchParams, setSearchParams]);

  if (!me.data) return <FullPageSpinner />;
  const user = me.data.user;
  const firstName = firstNameOf([
    overview.data?.firstOfferingCreatorName,
    user.name,
    user.email.split("@")[0],
  ]);
  const isPaymentSetupComplete = Boolean(connect.data?.account?.onboardingCompleted);

  function selectTab(value: string) {
    setSearchParams(value === "overview" ? {} : { tab: value });
  }

  async function signOut() {
    await authClient.signOut();
    queryClient.clear();
    navigate(paths.home.getHref(), { replace: true });
  }

  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-6 py-4">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-xl font-semibold tracking-tight text-gray-950">
              {firstName ? `${firstName}'s Dashboard` : "Your Dashboard"}
            </h1>
            <TestModeBadge />
          </div>
          <Button variant="secondary" size="sm" onClick={signOut}>
            <LogOut className="size-4" aria-hidden /> Sign Out
          </Button>
        </div>
      </header>
      <Tabs.Root value={tab} onValueChange={selectTab} className="mx-auto max-w-7xl px-6 py-6">
        <Tabs.List aria-label="Dashboard sections" className="flex gap-1 border-b border-gray-200">
          {tabs.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className={cn(
                "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
                tab === t.value
                  ? "border-brand-700 text-gray-950"
                  : "border-transparent text-gray-600 hover:text-gray-950",
              )}
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="pt-6 focus:outline-none">
          <OverviewTab
            isPaymentSetupComplete={isPaymentSetupComplete}
            isCheckingPaymentSetup={connect.isPending}
            onShowAnalytics={() => selectTab("analytics")}
            onShowAccount={() => selectTab("settings")}
          />
        </Tabs.Content>
        <Tabs.Content value="analytics" className="pt-6 focus:outline-none">
          <AnalyticsTab />
        </Tabs.Content>
        <Tabs.Content value="earnings" className="pt-6 focus:outline-none">
          <EarningsTab isPaymentSetupComplete={isPaymentSetupComplete} />
        </Tabs.Content>
        <Tabs.Content value="settings" className="pt-6 focus:outline-none">
          <AccountTab
            me={me.data}
            paymentSetup={<PaymentSetupPanel />}
            onSecurityChanged={() => queryClient.invalidateQueries({ queryKey: meQueryKey })}
            onDeleted={async () => {
              await authClient.signOut().catch(() => undefined);
              queryClient.clear();
              navigate(paths.home.getHref(), { replace: true });
            }}
          />
        </Tabs.Content>
      </Tabs.Root>
      <PaymentSetupModal open={isSetupModalOpen} onOpenChange={setIsSetupModalOpen} />
    </div>
  );
}
