import { useIsMutating } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useConnectStatus } from "../api/get-connect-status";
import { refreshConnectStatusMutationKey } from "../api/refresh-connect-status";
import { PROVIDER_NOT_CONFIGURED } from "./connect-errors";
import { PaymentSetupModal } from "./payment-setup-modal";
import { useAccountCreation } from "./use-account-creation";

interface PaymentSetupButtonProps {
  /** The signed-in creator's e-mail; Stripe needs one to create the account. */
  userEmail: string | null;
}

/** The onboarding wizard's step-3 control, with every label the spec gives it. */
export function PaymentSetupButton({ userEmail }: PaymentSetupButtonProps) {
  const status = useConnectStatus();
  const isRefreshing = useIsMutating({ mutationKey: refreshConnectStatusMutationKey }) > 0;
  const creation = useAccountCreation("onboarding");
  const [isModalOpen, setIsModalOpen] = useState(false);
  const account = status.data?.account ?? null;
  const isComplete = Boolean(account?.onboardingCompleted);
  // A status that failed to load is unknown, not "not set up": no "Complete Setup" on it; the
  // error below has the retry.
  const isChecking = status.isPending || isRefreshing || (status.isError && !status.data);

  // Order matters: the spec's most specific state wins.
  const label = creation.isCreating
    ? "Setting up..."
    : isModalOpen
      ? "Setup in Progress..."
      : isChecking
        ? "Checking..."
        : isComplete
          ? "Payment Setup Complete ✓"
          : "Complete Setup (Setup Payments)";

  async function start() {
    if (!userEmail) return;
    // An existing account goes straight to onboarding; the server would return it anyway.
    if (account || (await creation.create())) setIsModalOpen(true);
  }

  const isBusy = creation.isCreating || isChecking || isModalOpen;
  return (
    <div className="space-y-3">
      {isComplete && !isBusy ? (
        // Not the shared "success" variant: white on brand-600 falls short of WCAG AA.
        <button
          type="button"
          disabled
          className="inline-flex h-12 w-full items-center justify-center rounded-lg bg-brand-700 px-6 text-base font-medium text-white"
        >
          {label}
        </button>
      ) : (
        <Button
          size="lg"
          className="w-full"
          onClick={start}
          disabled={isBusy || !userEmail || !creation.hasPaymentClient}
          aria-describedby={account && !isComplete ? "payment-setup-progress" : undefined}
        >
          {label}
        </Button>
      )}
      {creation.hasPaymentClient ? null : <Alert tone="error">{PROVIDER_NOT_CONFIGURED}</Alert>}
      {userEmail ? null : (
        <Alert tone="error">Your account has no e-mail address, which Stripe requires.</Alert>
      )}
      {status.isError ? (
        <Alert tone="error">
          <span className="flex flex-wrap items-center justify-between gap-2">
            {errorMessage(status.error, "Could not check your payment setup.")}
            <Button variant="secondary" size="sm" onClick={() => status.refetch()}>
              Try again
            </Button>
          </span>
        </Alert>
      ) : null}
      {account && !isComplete ? (
        <div id="payment-setup-progress">
          <Alert tone="warning">
            Payment setup is in progress. Complete the setup to start accepting payments.
          </Alert>
        </div>
      ) : null}
      {creation.error ? <Alert tone="error">{creation.error}</Alert> : null}
      <PaymentSetupModal open={isModalOpen} onOpenChange={setIsModalOpen} />
    </div>
  );
}
