import { CheckCircle2, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useConnectStatus } from "../api/get-connect-status";
import { useRefreshConnectStatus } from "../api/refresh-connect-status";
import { AccountStatusBadges } from "./account-status-badges";
import { PROVIDER_NOT_CONFIGURED } from "./connect-errors";
import { PaymentSetupModal } from "./payment-setup-modal";
import { RequiredInfoList } from "./required-info-list";
import { useAccountCreation } from "./use-account-creation";

function PanelSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading payment setup">
      <div className="h-4 w-3/4 animate-pulse rounded bg-gray-100" />
      <div className="h-4 w-1/2 animate-pulse rounded bg-gray-100" />
      <div className="h-8 w-40 animate-pulse rounded-lg bg-gray-100" />
    </div>
  );
}

/** The Account tab's Payment Setup section, in the spec's states. */
export function PaymentSetupPanel() {
  const status = useConnectStatus();
  const refresh = useRefreshConnectStatus();
  const creation = useAccountCreation("dashboard");
  const [isModalOpen, setIsModalOpen] = useState(false);
  const account = status.data?.account ?? null;

  async function setUp() {
    if (await creation.create()) setIsModalOpen(true);
  }

  const refreshButton = (label: "Refresh Status" | "Check Status") => (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => refresh.mutate()}
      disabled={refresh.isPending}
    >
      <RefreshCw className={refresh.isPending ? "size-4 animate-spin" : "size-4"} aria-hidden />
      {refresh.isPending ? "Checking..." : label}
    </Button>
  );

  let body: React.ReactNode;
  if (status.isPending) {
    body = <PanelSkeleton />;
  } else if (status.isError && !status.data) {
    // Not "no account": a failed load must not invite a creator to set up again.
    body = (
      <div className="space-y-3">
        <Alert tone="error">
          {errorMessage(status.error, "Could not load your payment setup.")}
        </Alert>
        <Button variant="secondary" size="sm" onClick={() => status.refetch()}>
          <RefreshCw className="size-4" aria-hidden /> Try again
        </Button>
      </div>
    );
  } else if (!account) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-gray-600">
          Connect a Stripe account to accept card payments and receive daily payouts. It takes under
          5 minutes.
        </p>
        {creation.hasPaymentClient ? null : <Alert tone="error">{PROVIDER_NOT_CONFIGURED}</Alert>}
        <Button onClick={setUp} disabled={creation.isCreating || !creation.hasPaymentClient}>
          {creation.isCreating ? "Setting up..." : "Set Up Payment Account"}
        </Button>
      </div>
    );
  } else if (account.onboardingCompleted) {
    body = (
      <div className="space-y-4">
        <Alert tone="success">
          <span className="flex items-center gap-2 font-medium">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden />
            Payment setup complete. You can accept payments.
          </span>
        </Alert>
        <AccountStatusBadges account={account} />
        {refreshButton("Refresh Status")}
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <Alert tone="warning">
          Payment setup is in progress. Complete the setup to start accepting payments.
        </Alert>
        <AccountStatusBadges account={account} />
        <RequiredInfoList currentlyDue={account.currentlyDue} />
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setIsModalOpen(true)}>
            Continue Setup
          </Button>
          {refreshButton("Check Status")}
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="payment-setup-heading" className="space-y-4">
      <h2 id="payment-setup-heading" className="text-base font-semibold text-gray-950">
        Payment Setup
      </h2>
      {body}
      {refresh.isError ? (
        <Alert tone="error">
          {errorMessage(refresh.error, "Could not check your payment status. Please try again.")}
        </Alert>
      ) : null}
      {creation.error ? <Alert tone="error">{creation.error}</Alert> : null}
      <PaymentSetupModal open={isModalOpen} onOpenChange={setIsModalOpen} />
    </section>
  );
}
