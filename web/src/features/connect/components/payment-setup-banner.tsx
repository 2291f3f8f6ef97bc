import type { ConnectAccount } from "@contracts/connect";
import { RefreshCw } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useConnectStatus } from "../api/get-connect-status";
import { useRefreshConnectStatus } from "../api/refresh-connect-status";
import { humanizeRequirement } from "./humanize-requirement";

const PREVIEW_COUNT = 3;

/** "Business profile url, External account and 2 more": what Stripe still asks for. */
function listDue(currentlyDue: string[]): string {
  const shown = currentlyDue.slice(0, PREVIEW_COUNT).map(humanizeRequirement);
  const rest = currentlyDue.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} and ${rest} more`;
  if (shown.length < 2) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

/** What is pending, in words a creator can act on. */
function pendingLines(account: ConnectAccount): string[] {
  const lines: string[] = [];
  if (!account.chargesEnabled) {
    lines.push(
      "Stripe hasn't enabled payments on your account yet, so your landing pages can't take subscriptions.",
    );
  } else if (!account.payoutsEnabled) {
    lines.push(
      "Your landing pages take subscriptions, but Stripe hasn't enabled payouts yet: your earnings wait in your Stripe balance.",
    );
  }
  if (account.currentlyDue.length > 0) {
    lines.push(`Stripe still needs: ${listDue(account.currentlyDue)}.`);
  } else if (account.detailsSubmitted) {
    lines.push("Stripe is checking the details you sent; this can take a few days.");
  }
  return lines;
}

interface PaymentSetupBannerProps {
  /** Opens Stripe's onboarding where the creator left it (the dashboard's setup modal). */
  onContinueSetup: () => void;
  /** The Account tab's Payment Setup section, where an account is first created. */
  onShowPaymentSetup: () => void;
}

/**
 * Tells a creator who left onboarding before Stripe finished (ADR 024) what is still pending,
 * with a way to resume; gone once Stripe has enabled everything. A status that failed to load
 * says so: it is never read as "not set up".
 */
export function PaymentSetupBanner({
  onContinueSetup,
  onShowPaymentSetup,
}: PaymentSetupBannerProps) {
  const status = useConnectStatus();
  const refresh = useRefreshConnectStatus();

  if (status.isPending) return null;
  if (status.isError && !status.data) {
    return (
      <LoadError
        what="Your payment setup status"
        detail="We couldn't reach Stripe to check it."
        onRetry={() => status.refetch()}
        isRetrying={status.isFetching}
      />
    );
  }
  const account = status.data?.account ?? null;
  if (account?.onboardingCompleted) return null;

  return (
    <Alert tone="warning">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">
            {account ? "Payment setup isn't finished yet" : "Payments aren't set up yet"}
          </p>
          {account ? (
            pendingLines(account).map((line) => <p key={line}>{line}</p>)
          ) : (
            <p>
              Your landing pages can't take subscriptions until you connect a Stripe account. It
              takes under 5 minutes.
            </p>
          )}
          {refresh.isError ? (
            <p className="text-red-800">
              {errorMessage(
                refresh.error,
                "Could not check your payment status. Please try again.",
              )}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {account ? (
            <>
              <Button size="sm" onClick={onContinueSetup}>
                Resume Setup
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => refresh.mutate()}
                disabled={refresh.isPending}
              >
                <RefreshCw
                  className={refresh.isPending ? "size-4 animate-spin" : "size-4"}
                  aria-hidden
                />
                {refresh.isPending ? "Checking..." : "Check Status"}
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={onShowPaymentSetup}>
              Set Up Payments
            </Button>
          )}
        </div>
      </div>
    </Alert>
  );
}
