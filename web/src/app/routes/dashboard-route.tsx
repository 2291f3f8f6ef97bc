import { type PaidPlanId, paidPlanIds } from "@contracts/plan-billing";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { Tabs } from "radix-ui";
import { useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { FullPageLoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { FullPageSpinner } from "@/components/ui/spinner";
// Shown only when publicConfig.paymentMode is "emulator".
import { TestModeBadge } from "@/components/ui/test-mode-badge";
import { paths } from "@/config/paths";
import { AccountTab } from "@/features/account/components/account-tab";
import { useConnectStatus } from "@/features/connect/api/get-connect-status";
import { PaymentSetupBanner } from "@/features/connect/components/payment-setup-banner";
import { PaymentSetupModal } from "@/features/connect/components/payment-setup-modal";
import { PaymentSetupPanel } from "@/features/connect/components/payment-setup-panel";
import { useOverview } from "@/features/dashboard/api/get-overview";
import { AnalyticsTab } from "@/features/dashboard/components/analytics-tab";
import { DashboardProviders } from "@/features/dashboard/components/dashboard-providers";
import { EarningsTab } from "@/features/dashboard/components/earnings-tab";
import { OverviewTab } from "@/features/dashboard/components/overview-tab";
import { VerifyEmailBanner } from "@/features/dashboard/components/verify-email-banner";
import { PromotionsTab } from "@/features/promotions/components/promotions-tab";
import { SubscribersTab } from "@/features/subscribers/components/subscribers-tab";
import { WaitlistButton } from "@/features/waitlist/components/waitlist-sheet";
import { authClient } from "@/lib/auth-client";
import { cn } from "@/lib/cn";
import { useMe } from "@/lib/shared-queries";

const tabs = [
  { value: "overview", label: "Overview" },
  { value: "subscribers", label: "Subscribers" },
  { value: "analytics", label: "Analytics" },
  { value: "earnings", label: "Earnings" },
  // The spec's address for the Account tab is ?tab=settings.
  { value: "settings", label: "Account" },
  // Issue 20's promo codes, after the spec's tabs.
  { value: "promotions", label: "Promotions" },
] as const;
type TabValue = (typeof tabs)[number]["value"];

const isTabValue = (value: string | null): value is TabValue =>
  tabs.some((tab) => tab.value === value);

const isPaidPlanId = (value: string | null): value is PaidPlanId =>
  paidPlanIds.some((plan) => plan === value);

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

/**
 * The business name from onboarding (and the Account tab) comes first, whole: it is also the
 * creator name on every offering, and its first word alone ("Blue") would mean nothing.
 */
function dashboardTitleOf(businessName: string | null | undefined, firstName: string | null) {
  const name = businessName?.trim() || firstName;
  if (!name) return "Your Dashboard";
  return /s$/i.test(name) ? `${name}' Dashboard` : `${name}'s Dashboard`;
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
  // The pricing page's "Choose Premium": the Account tab opens the plan's dialog (issue 23).
  const [requestedPlan, setRequestedPlan] = useState<PaidPlanId | null>(null);
  const clearRequestedPlan = useCallback(() => setRequestedPlan(null), []);
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

  // From the pricing page's plan buttons: the Account tab with that plan's dialog; the address
  // is tidied the same way, so a reload doesn't open the dialog again.
  useEffect(() => {
    const plan = searchParams.get("plan");
    if (plan === null) return;
    const next = new URLSearchParams(searchParams);
    next.delete("plan");
    if (isPaidPlanId(plan)) {
      setRequestedPlan(plan);
      next.set("tab", "settings");
    }
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);

  if (me.isError && !me.data) {
    return (
      <FullPageLoadError
        what="Your account"
        onRetry={() => me.refetch()}
        isRetrying={me.isFetching}
      />
    );
  }
  if (!me.data) return <FullPageSpinner />;
  const user = me.data.user;
  const businessName = me.data.profile?.businessName;
  // Until the overview answers, the creator name it carries is unknown: don't flash another.
  const isTitlePending = !businessName && overview.isPending;
  const title = dashboardTitleOf(
    businessName,
    firstNameOf([overview.data?.firstOfferingCreatorName, user.name, user.email.split("@")[0]]),
  );
  const isPaymentSetupComplete = Boolean(connect.data?.account?.onboardingCompleted);
  // A status that failed to load is unknown, not "not set up": nothing may say "complete your
  // payment setup" on its account (the banner says it couldn't be checked, with a retry).
  const isCheckingPaymentSetup = connect.isPending || (connect.isError && !connect.data);

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
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
            <div className="flex flex-wrap items-center gap-3">
              {isTitlePending ? (
                <div className="h-7 w-56 animate-pulse rounded bg-gray-100" aria-hidden />
              ) : (
                <h1 className="text-xl font-semibold tracking-tight text-gray-950">{title}</h1>
              )}
              <TestModeBadge />
            </div>
            <Button variant="secondary" size="sm" onClick={signOut} disabled={isSigningOut}>
              <LogOut className="size-4" aria-hidden />
              {isSigningOut ? "Signing out..." : "Sign Out"}
            </Button>
          </div>
        </header>
        <VerifyEmailBanner />
        {/* The Account tab's Payment Setup section says the same at length. */}
        {tab === "settings" ? null : (
          <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
            <PaymentSetupBanner
              onContinueSetup={() => setIsSetupModalOpen(true)}
              onShowPaymentSetup={() => selectTab("settings")}
            />
          </div>
        )}

        <main>
          <Tabs.Root
            value={tab}
            onValueChange={selectTab}
            className="mx-auto max-w-7xl px-4 py-6 sm:px-6"
          >
            {/* On a phone the six tabs don't fit one row: they wrap as pills, all in sight, so
              none hides off the edge. From sm up, one row of underlined tabs; the rule under
              them is an inset shadow, so the active tab's underline isn't clipped by the
              scroll box that catches a very long row. Arrow keys move between tabs either way. */}
            <Tabs.List
              aria-label="Dashboard sections"
              className="flex flex-wrap gap-2 sm:flex-nowrap sm:gap-1 sm:overflow-x-auto sm:shadow-[inset_0_-1px_0_var(--color-gray-200)] sm:[scrollbar-width:thin]"
            >
              {tabs.map((t) => (
                <Tabs.Trigger
                  key={t.value}
                  value={t.value}
                  className={cn(
                    "shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
                    // Inset focus ring from sm up, so the list's bottom rule doesn't cut it.
                    "sm:rounded-none sm:rounded-t-md sm:border-0 sm:border-b-2 sm:px-4 sm:py-2 sm:focus-visible:outline-offset-[-2px]",
                    tab === t.value
                      ? "border-brand-700 bg-brand-50 text-brand-800 sm:bg-transparent sm:text-gray-950"
                      : "border-gray-200 bg-white text-gray-600 hover:text-gray-950 sm:border-transparent sm:bg-transparent",
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
                offeringActions={(offering) => <WaitlistButton offering={offering} />}
              />
            </Tabs.Content>
            <Tabs.Content value="subscribers" className="pt-6 focus-visible:outline-none">
              <SubscribersTab />
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
              <AccountTab
                me={me.data}
                paymentSetup={<PaymentSetupPanel />}
                requestedPlan={requestedPlan}
                onRequestedPlanSeen={clearRequestedPlan}
              />
            </Tabs.Content>
            <Tabs.Content value="promotions" className="pt-6 focus-visible:outline-none">
              <PromotionsTab />
            </Tabs.Content>
          </Tabs.Root>
        </main>

        <PaymentSetupModal open={isSetupModalOpen} onOpenChange={setIsSetupModalOpen} />
      </div>
    </DashboardProviders>
  );
}
