import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { FullPageSpinner } from "@/components/ui/spinner";
// Shown only when publicConfig.paymentMode is "emulator".
import { TestModeBadge } from "@/components/ui/test-mode-badge";
import { paths } from "@/config/paths";
import { AccountTab } from "@/features/account/components/account-tab";
import { useMe } from "@/features/auth/api/get-me";
import { useConnectStatus } from "@/features/connect/api/get-connect-status";
import { PaymentSetupModal } from "@/features/connect/components/payment-setup-modal";
import { PaymentSetupPanel } from "@/features/connect/components/payment-setup-panel";
import { useOverview } from "@/features/dashboard/api/get-overview";
import { AnalyticsTab } from "@/features/dashboard/components/analytics-tab";
import { DashboardProviders } from "@/features/dashboard/components/dashboard-providers";
import { EarningsTab } from "@/features/dashboard/components/earnings-tab";
import { OverviewTab } from "@/features/dashboard/components/overview-tab";
import { authClient } from "@/lib/auth-client";
import { cn } from "@/lib/cn";

const tabs = [
  { value: "overview", label: "Overview" },
  { value: "analytics", label: "Analytics" },
  { value: "earnings", label: "Earnings" },
  // The spec's address for the Account tab is ?tab=settings.
  { value: "settings", label: "Account" },
] as const;
type TabValue = (typeof tabs)[number]["value"];

const isTabValue = (value: string | null): value is TabValue =>
  tabs.some((tab) => tab.value === value);

/**
 * Spec: the first subscription's creator name, else the user's full name, else the e-mail
 * prefix; the first word of whichever exists first.
 */
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
  const [isSigningOut, setIsSigningOut] = useState(false);
  const requestedTab = searchParams.get("tab");
  const tab: TabValue = isTabValue(requestedTab) ? requestedTab : "overview";

  // Back from Stripe's hosted onboarding: show where setup stands, then tidy the address so a
  // reload or a shared link doesn't open the modal again.
  useEffect(() => {
    if (searchParams.get("connect_setup") !== "complete") return;
    setIsSetupModalOpen(true);
    const next = new URLSearchParams(searchParams);
    next.delete("connect_setup");
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);

  if (!me.data) return <FullPageSpinner />;
  const user = me.data.user;
  // Until the overview answers, the creator name it carries is unknown: don't flash another.
  const isTitlePending = overview.isPending;
  const firstName = firstNameOf([
    overview.data?.firstOfferingCreatorName,
    user.name,
    user.email.split("@")[0],
  ]);
  const isPaymentSetupComplete = Boolean(connect.data?.account?.onboardingCompleted);
  const isCheckingPaymentSetup = connect.isPending;

  function selectTab(value: string) {
    const next = new URLSearchParams(searchParams);
    if (value === "overview") next.delete("tab");
    else next.set("tab", value);
    setSearchParams(next);
  }

  async function signOut() {
    setIsSigningOut(true);
    try {
      await authClient.signOut();
    } finally {
      // Another creator may sign in on this browser next: nothing of this one may linger.
      queryClient.clear();
      navigate(paths.home.getHref(), { replace: true });
    }
  }

  return (
    <DashboardProviders>
      <div className="min-h-screen bg-gray-50">
        <header className="border-b border-gray-200 bg-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-6 py-4">
            <div className="flex flex-wrap items-center gap-3">
              {isTitlePending ? (
                <div className="h-7 w-56 animate-pulse rounded bg-gray-100" aria-hidden />
              ) : (
                <h1 className="text-xl font-semibold tracking-tight text-gray-950">
                  {firstName ? `${firstName}'s Dashboard` : "Your Dashboard"}
                </h1>
              )}
              <TestModeBadge />
            </div>
            <Button variant="secondary" size="sm" onClick={signOut} disabled={isSigningOut}>
              <LogOut className="size-4" aria-hidden />
              {isSigningOut ? "Signing out..." : "Sign Out"}
            </Button>
          </div>
        </header>

        <Tabs.Root value={tab} onValueChange={selectTab} className="mx-auto max-w-7xl px-6 py-6">
          <Tabs.List
            aria-label="Dashboard sections"
            className="flex gap-1 border-b border-gray-200"
          >
            {tabs.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className={cn(
                  // Inset focus ring, so the list's bottom border doesn't cut it.
                  "-mb-px shrink-0 rounded-t-md border-b-2 px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-offset-[-2px]",
                  tab === t.value
                    ? "border-brand-700 text-gray-950"
                    : "border-transparent text-gray-600 hover:text-gray-950",
                )}
              >
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="overview" className="pt-6 focus-visible:outline-none">
            <OverviewTab
              isPaymentSetupComplete={isPaymentSetupComplete}
              isCheckingPaymentSetup={isCheckingPaymentSetup}
              onShowAnalytics={() => selectTab("analytics")}
              onShowAccount={() => selectTab("settings")}
            />
          </Tabs.Content>
          <Tabs.Content value="analytics" className="pt-6 focus-visible:outline-none">
            <AnalyticsTab />
          </Tabs.Content>
          <Tabs.Content value="earnings" className="pt-6 focus-visible:outline-none">
            <EarningsTab
              isPaymentSetupComplete={isPaymentSetupComplete}
              isCheckingPaymentSetup={isCheckingPaymentSetup}
            />
          </Tabs.Content>
          <Tabs.Content value="settings" className="pt-6 focus-visible:outline-none">
            <AccountTab me={me.data} paymentSetup={<PaymentSetupPanel />} />
          </Tabs.Content>
        </Tabs.Root>

        <PaymentSetupModal open={isSetupModalOpen} onOpenChange={setIsSetupModalOpen} />
      </div>
    </DashboardProviders>
  );
}
