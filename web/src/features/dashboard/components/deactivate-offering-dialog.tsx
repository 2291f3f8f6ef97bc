import type { LiveSubscriberAction, Offering } from "@contracts/offerings";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-card";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useLiveSubscriberCount } from "../api/get-live-subscriber-count";
import { useSetOfferingStatus } from "../api/set-offering-status";
import { useToast } from "./dashboard-toasts";

interface DeactivateOfferingDialogProps {
  offering: Offering;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const choices: Array<{ value: LiveSubscriberAction; label: string; hint: string }> = [
  {
    value: "keep_billing",
    label: "Keep billing them",
    hint: "They stay subscribed and keep their self-service page, where they can cancel anytime.",
  },
  {
    value: "cancel_at_period_end",
    label: "Cancel them at the end of their current period",
    hint: "Each subscription ends when the period they've paid for runs out, and they won't be charged again. This can't be undone by reactivating.",
  },
];

const subscribersPhrase = (count: number) =>
  count === 1 ? "1 subscriber is" : `${count} subscribers are`;

/**
 * Deactivating hides the landing page and stops new sign-ups. When people still pay for the
 * offering, the creator says what happens to them, in the same request.
 */
export function DeactivateOfferingDialog({
  offering,
  open,
  onOpenChange,
}: DeactivateOfferingDialogProps) {
  const count = useLiveSubscriberCount(offering.id, { enabled: open });
  const setStatus = useSetOfferingStatus();
  const notify = useToast();
  const [choice, setChoice] = useState<LiveSubscriberAction>("keep_billing");
  const groupName = useId();
  const liveCount = count.data?.liveSubscriberCount ?? 0;
  const hasLiveSubscribers = liveCount > 0;
  const isBusy = setStatus.isPending;

  function changeOpen(next: boolean) {
    // Stay open while Stripe is being told, so the outcome is never hidden.
    if (isBusy) return;
    if (!next) {
      setChoice("keep_billing");
      setStatus.reset();
    }
    onOpenChange(next);
  }

  function deactivate() {
    const liveSubscribers = hasLiveSubscribers ? choice : "keep_billing";
    setStatus.mutate(
      { id: offering.id, isActive: false, liveSubscribers },
      {
        onSuccess: () => {
          notify(
            "success",
            liveSubscribers === "cancel_at_period_end"
              ? `“${offering.title}” is inactive. Its subscribers won't be charged after their current period.`
              : `“${offering.title}” is inactive. Its landing page is hidden.`,
          );
          setChoice("keep_billing");
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={`Deactivate “${offering.title}”?`}
      description="Its landing page will be hidden and nobody new can subscribe."
    >
      <div className="space-y-4">
        {count.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
            <Spinner className="size-4" /> Checking for subscribers...
          </p>
        ) : count.isError ? (
          <Alert tone="error" className="flex items-start justify-between gap-3">
            <span>{errorMessage(count.error, "Could not check for subscribers.")}</span>
            <button
              type="button"
              className="shrink-0 rounded font-medium underline underline-offset-4"
              onClick={() => count.refetch()}
            >
              Try again
            </button>
          </Alert>
        ) : hasLiveSubscribers ? (
          <fieldset className="space-y-3" disabled={isBusy}>
            <legend className="text-sm text-gray-800">
              <span className="tabular font-semibold">{subscribersPhrase(liveCount)}</span> still
              subscribed. What should happen to them?
            </legend>
            <ChoiceCards name={groupName} choices={choices} chosen={choice} onChoose={setChoice} />
          </fieldset>
        ) : (
          <p className="text-sm text-gray-700">
            Nobody is subscribed right now. You can reactivate it at any time.
          </p>
        )}

        {setStatus.isError ? (
          <Alert tone="error">
            {errorMessage(setStatus.error, "Could not deactivate. Please try again.")}
          </Alert>
        ) : null}

        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={isBusy}>
            Keep Active
          </Button>
          <Button
            variant={hasLiveSubscribers && choice === "cancel_at_period_end" ? "danger" : "primary"}
            onClick={deactivate}
            disabled={isBusy || count.isPending || count.isError}
          >
            {isBusy
              ? "Deactivating..."
              : hasLiveSubscribers && choice === "cancel_at_period_end"
                ? "Deactivate and cancel subscribers"
                : "Deactivate"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
