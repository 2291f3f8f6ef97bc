import { lazy, Suspense, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { publicConfig } from "@/config/boot-data";
import { errorMessage } from "@/lib/api-client";
import { createAccountLink } from "../api/connect-links";
import { useConnectStatus, useRefreshConnectStatus } from "../api/get-connect-status";

const StripeEmbeddedOnboarding = lazy(() => import("./stripe-embedded-onboarding"));

/** Emulator mode: Stripe's hosted onboarding (the emulator's) in a frame inside our modal. */
function HostedOnboardingFrame({ onExit }: { onExit: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    createAccountLink("embedded").then(
      (link) => isCurrent && setUrl(link.url),
      (e: unknown) =>
        isCurrent && setError(errorMessage(e, "Could not start payment setup. Please try again.")),
    );
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string } | null;
      if (
        event.origin === window.location.origin &&
        data?.type === "regulars:connect-onboarding-exit"
      )
        onExit();
    };
    window.addEventListener("message", onMessage);
    return () => {
      isCurrent = false;
      window.removeEventListener("message", onMessage);
    };
  }, [onExit]);
  if (error) return <Alert tone="error">{error}</Alert>;
  if (!url) return <LoadingFrame />;
  return (
    <iframe
      title="Stripe account onboarding"
      src={url}
      className="h-[560px] w-full rounded-lg border border-gray-200"
    />
  );
}

function LoadingFrame() {
  return (
    <div
      className="flex h-[560px] items-center justify-center gap-3 text-sm text-gray-600"
      role="status"
    >
      <Spinner /> Loading secure onboarding...
    </div>
  );
}

export function PaymentSetupModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const refresh = useRefreshConnectStatus();
  const status = useConnectStatus();
  const isComplete = Boolean(status.data?.account?.onboardingCompleted);
  // Closing, however it happens, refreshes the status from Stripe (spec).
  const close = () => {
    onOpenChange(false);
    refresh.mutate();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Complete Payment Setup"
      description="Fill out the required information to start accepting payments"
      className="max-w-3xl"
    >
      {open && isComplete ? (
        <Alert tone="success">
          Payment setup is complete. You can accept payments and receive daily payouts.
        </Alert>
      ) : open ? (
        publicConfig.paymentMode === "stripe" ? (
          <Suspense fallback={<LoadingFrame />}>
            <StripeEmbeddedOnboarding onExit={close} />
          </Suspense>
        ) : (
          <HostedOnboardingFrame onExit={close} />
        )
      ) : null}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
        <Button onClick={close}>Continue to Dashboard</Button>
      </div>
    </Dialog>
  );
}
