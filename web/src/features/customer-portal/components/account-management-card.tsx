import type { CustomerPortal } from "@contracts/customer-portal";
import { isFreePrice } from "@contracts/offerings";
import { CreditCard } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useHydrated } from "@/lib/use-hydrated";
import { useDateFormat } from "../lib/portal-dates";
import { EmailEditor } from "./email-editor";

export function AccountManagementCard({
  subscriber,
  endsAt,
  isSavingEmail,
  isResuming,
  isOpeningBillingPortal,
  onSaveEmail,
  onUpdatePaymentMethod,
  onCancelSubscription,
  onResume,
}: {
  subscriber: CustomerPortal["subscriber"];
  /** Set while the subscription is set to end at its period's end. */
  endsAt: string | null;
  isSavingEmail: boolean;
  isResuming: boolean;
  isOpeningBillingPortal: boolean;
  onSaveEmail: (email: string) => Promise<boolean>;
  onUpdatePaymentMethod: () => void;
  onCancelSubscription: () => void;
  onResume: () => void;
}) {
  // Cancelling is one-way: nothing is left to change afterwards.
  const isCancelled = subscriber.paymentStatus === "cancelled";
  // The server draws this page (ADR 019): until React has taken it over, a click would do nothing.
  const hydrated = useHydrated();
  const dateOf = useDateFormat();
  return (
    <section aria-labelledby="account-heading">
      <Card className="space-y-5 p-5">
        <h2 id="account-heading" className="text-base font-semibold text-gray-950">
          Account Management
        </h2>
        <div>
          <p className="text-sm font-medium text-gray-600">Email</p>
          {/* Keyed by the stored value so a refetch resets the editor's draft. */}
          <EmailEditor
            key={subscriber.email}
            email={subscriber.email}
            canEdit={!isCancelled}
            isSaving={isSavingEmail}
            onSave={onSaveEmail}
          />
          {subscriber.pendingEmail && !isCancelled ? (
            <p className="mt-1.5 text-sm text-gray-600 [overflow-wrap:anywhere]">
              We've sent a confirmation link to{" "}
              <span className="font-medium text-gray-950">{subscriber.pendingEmail}</span>. Your
              e-mail changes once you open it.
            </p>
          ) : null}
        </div>
        <div>
          <p className="text-sm font-medium text-gray-600">Full Name</p>
          <p className="mt-1 break-words text-gray-950">{subscriber.name}</p>
        </div>
        {endsAt && !isCancelled ? (
          <div className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm font-medium text-amber-900">
              Your subscription ends on <time dateTime={endsAt}>{dateOf(endsAt)}</time>
            </p>
            <Button
              size="lg"
              className="shrink-0 sm:h-10 sm:text-sm"
              onClick={onResume}
              disabled={isResuming || !hydrated}
            >
              {isResuming ? "Resuming..." : "Resume subscription"}
            </Button>
          </div>
        ) : null}
        {isCancelled ? null : (
          <div className="flex flex-col gap-2 border-t border-gray-100 pt-5 sm:flex-row sm:justify-between">
            {/* A free subscription has no card to update. */}
            {isFreePrice(subscriber.priceCents) ? null : (
              <Button
                variant="secondary"
                size="lg"
                className="sm:h-10 sm:text-sm"
                onClick={onUpdatePaymentMethod}
                disabled={isOpeningBillingPortal || !hydrated}
              >
                <CreditCard className="size-4" aria-hidden />
                {isOpeningBillingPortal ? "Opening..." : "Update Payment Method"}
              </Button>
            )}
            {/* Set to end already: resuming is the one way back, above. */}
            {endsAt ? null : (
              <Button
                variant="ghost"
                size="lg"
                className="text-red-700 hover:bg-red-50 sm:h-10 sm:text-sm"
                onClick={onCancelSubscription}
                disabled={!hydrated}
              >
                Cancel Subscription
              </Button>
            )}
          </div>
        )}
      </Card>
    </section>
  );
}
