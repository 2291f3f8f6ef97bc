import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { publicConfig } from "@/config/boot-data";
import { useConnectStatus, useCreateConnectAccount } from "../api/get-connect-status";
import { describeAccountCreationError, PROVIDER_NOT_CONFIGURED } from "./connect-errors";
import { PaymentSetupModal } from "./payment-setup-modal";

/** The onboarding wizard's step-3 button, with every label the spec gives it. */
export function PaymentSetupButton({ userEmail }: { userEmail: string | null }) {
  const status = useConnectStatus();
  const createAccount = useCreateConnectAccount();
  const [isModalOpen, setIsModalOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const account = status.data?.account ?? null;
  const isComplete = Boolean(account?.onboardingCompleted);
  const hasPaymentClient = Boolean(publicConfig.stripePublishableKey);

  const label = createAccount.isPending
    ? "Setting up..."
    : status.isPending
      ? "Checking..."
      : isModalOpen
        ? "Setup in Progress..."
        : isComplete
          ? "Payment Setup Complete ✓"
          : "Complete Setup (Setup Payments)";

  async function start() {
    setError(null);
    if (!hasPaymentClient || !userEmail) {
      setError(PROVIDER_NOT_CONFIGURED);
      return;
    }
    try {
      if (!account) await createAccount.mutateAsync();
      setIsModalOpen(true);
    } catch (e) {
      setError(describeAccountCreationError(e, "Failed to create payment account", "onboarding"));
    }
  }

  const isBusy = createAccount.isPending || status.isPending || isModalOpen;
  return (
    <div className="space-y-3">
      <Button
        size="lg"
        variant={isComplete ? "success" : "primary"}
        className="w-full"
        onClick={start}
        disabled={isBusy || isComplete || !userEmail || !hasPaymentClient}
      >
        {label}
      </Button>
      {!hasPaymentClient ? <Alert tone="error">{PROVIDER_NOT_CONFIGURED}</Alert> : null}
      {account && !isComplete ? (
        <Alert tone="warning">
          Payment setup is in progress. Complete the setup to start accepting payments.
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <PaymentSetupModal open={isModalOpen} onOpenChange={setIsModalOpen} />
    </div>
  );
}
