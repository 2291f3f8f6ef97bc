import { CheckCircle2 } from "lucide-react";
import { lazy, Suspense } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { publicConfig } from "@/config/boot-data";
import { useConnectStatus } from "../api/get-connect-status";
import { useRefreshConnectStatus } from "../api/refresh-connect-status";
import { HostedOnboardingFrame } from "./hosted-onboarding-frame";
import { OnboardingLoading } from "./onboarding-loading";

// Lazy: connect-js is only needed with real Stripe keys.
const StripeEmbeddedOnboarding = lazy(() => import("./stripe-embedded-onboarding"));

interface PaymentSetupModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Complete Payment Setup": hosts Stripe's onboarding (embedded, or hosted in a frame). */
export function PaymentSetupModal({ open, onOpenChange }: PaymentSetupModalProps) {
  const refresh = useRefreshConnectStatus();
  const status = useConnectStatus();
  const isComplete = Boolean(status.data?.account?.onboardingCompleted);

  // Closing, however it happens (buttons, Escape, the onboarding's own exit), re-reads the
  // status from Stripe: that is how the wizard and the dashboard learn the setup finished.
  function close() {
    onOpenChange(false);
    refresh.mutate();
  }

  let body: React.ReactNode = null;
  if (open && isComplete) {
    body = (
      <Alert tone="success">
        <span className="flex items-center gap-2">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden />
          Payment setup is complete. You can accept payments and receive daily payouts.
        </span>
      </Alert>
    );
  } else if (open && publicConfig.paymentMode === "stripe") {
    body = (
      <Suspense fallback={<OnboardingLoading />}>
        <StripeEmbeddedOnboarding onExit={close} />
      </Suspense>
    );
  } else if (open) {
    body = <HostedOnboardingFrame onExit={close} />;
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Complete Payment Setup"
      description="Fill out the required information to start accepting payments"
      // Important (!): the shared dialog's own max-w-lg would otherwise win in the stylesheet.
      className="max-w-3xl!"
    >
      {body}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
        <Button onClick={close}>Continue to Dashboard</Button>
      </div>
    </Dialog>
  );
}
