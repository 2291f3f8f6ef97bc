import type { SubscriberInfo } from "@contracts/subscribe";
import { useState } from "react";
import { errorMessage } from "@/lib/api-client";
import { startHostedCheckout } from "../../api/start-hosted-checkout";
import { type ServiceDetailsBody, waitlistReason } from "../../lib/service-details-body";

/** The secondary path for people who'd rather type their card on Stripe's own page. */
export function HostedCheckoutLink({
  customUrl,
  info,
  promoCode,
  details,
  onWaitlist,
  isDisabled,
}: {
  customUrl: string;
  /** Step 1's name and e-mail, which the Checkout page keeps. */
  info: SubscriberInfo;
  /** The code applied in step 1: Checkout starts with its discount. */
  promoCode?: string;
  /** Address, phone, answers and invitation: Checkout starts from them (issue 22). */
  details: ServiceDetailsBody;
  onWaitlist: (reason: string) => void;
  isDisabled: boolean;
}) {
  const [isRedirecting, setIsRedirecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function open() {
    setError(null);
    setIsRedirecting(true);
    try {
      await startHostedCheckout({
        customUrl,
        ...info,
        ...(promoCode ? { promoCode } : {}),
        ...details,
      });
      // Stay "redirecting": the browser is leaving this page.
    } catch (caught) {
      const reason = waitlistReason(caught);
      if (reason) return onWaitlist(reason);
      setError(errorMessage(caught, "Checkout is not available right now. Please try again."));
      setIsRedirecting(false);
    }
  }

  return (
    <div className="text-center sm:text-right">
      <button
        type="button"
        className="rounded px-1 font-medium text-brand-700 hover:underline disabled:text-gray-400 disabled:no-underline"
        onClick={open}
        disabled={isDisabled || isRedirecting}
      >
        {isRedirecting ? "Opening checkout..." : "Pay on a secure Stripe checkout page instead"}
      </button>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
