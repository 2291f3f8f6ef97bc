import { useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { createAccountLink } from "../api/create-account-link";
import { OnboardingLoading } from "./onboarding-loading";

/** What /connect-complete.html posts to its parent when the hosted onboarding returns. */
const ONBOARDING_EXIT_MESSAGE = "regulars:connect-onboarding-exit";

/**
 * Emulator mode: Stripe's hosted onboarding (the emulator's) in a frame inside our modal.
 * On submit it returns to /connect-complete.html, which tells us through postMessage.
 */
export function HostedOnboardingFrame({ onExit }: { onExit: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The parent passes a new callback on every render; reading it through a ref keeps the link
  // (and whatever the creator already typed in the frame) from being recreated each time.
  const onExitRef = useRef(onExit);
  onExitRef.current = onExit;
  const isMounted = useRef(true);

  // Account links are single-use and expire within minutes: fetch one per opening.
  const loadLink = useCallback(() => {
    setError(null);
    setUrl(null);
    createAccountLink("embedded").then(
      (link) => {
        if (isMounted.current) setUrl(link.url);
      },
      (e: unknown) => {
        if (isMounted.current)
          setError(errorMessage(e, "Could not start payment setup. Please try again."));
      },
    );
  }, []);

  useEffect(() => {
    isMounted.current = true;
    loadLink();
    return () => {
      isMounted.current = false;
    };
  }, [loadLink]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only our own completion page may close the modal; the frame itself is another origin.
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown } | null;
      if (data?.type === ONBOARDING_EXIT_MESSAGE) onExitRef.current();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  if (error) {
    return (
      <div className="space-y-3">
        <Alert tone="error">{error}</Alert>
        <Button variant="secondary" onClick={loadLink}>
          Try again
        </Button>
      </div>
    );
  }
  if (!url) return <OnboardingLoading />;
  // 560 px tall, but never taller than the dialog (92vh) less its title and buttons, which
  // stack on phones: the Close buttons stay on screen and only the frame scrolls.
  return (
    <iframe
      title="Stripe account onboarding"
      src={url}
      className="h-[min(560px,calc(92vh-18rem))] sm:h-[min(560px,calc(92vh-13rem))] w-full rounded-lg border border-gray-200"
    />
  );
}
