import type { CancelSubscriberInput, SubscriberListItem } from "@contracts/subscribers";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-card";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { useCancelSubscriber } from "../api/cancel-subscriber";

type When = CancelSubscriberInput["when"];

interface CancelSubscriberDialogProps {
  subscriber: SubscriberListItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled: (subscriber: SubscriberListItem, when: When) => void;
}

/**
 * Ends a subscriber's subscription, at the end of what they have paid for or at once, after
 * naming who it is. Stripe is told first; the customer gets the "subscription cancelled" e-mail
 * saying the business cancelled it.
 */
export function CancelSubscriberDialog({
  subscriber,
  open,
  onOpenChange,
  onCancelled,
}: CancelSubscriberDialogProps) {
  const cancel = useCancelSubscriber();
  const groupName = useId();
  const isEnding = subscriber.endsAt !== null;
  const periodEnd = subscriber.nextBillingAt;
  const canWait = !isEnding && periodEnd !== null;
  const [choice, setChoice] = useState<When>(canWait ? "period_end" : "now");
  const when: When = canWait ? choice : "now";
  const isBusy = cancel.isPending;

  const choices: Array<{ value: When; label: string; hint: string }> = [
    ...(canWait && periodEnd
      ? [
          {
            value: "period_end" as const,
            label: "At the end of the current period",
            hint: `${subscriber.name} keeps the service until ${formatDate(periodEnd)} and isn't charged again.`,
          },
        ]
      : []),
    {
      value: "now",
      label: "Now",
      hint: "The subscription ends today. Nothing is refunded automatically.",
    },
  ];

  function changeOpen(next: boolean) {
    // Stay open while Stripe is being told, so the outcome is never hidden.
    if (isBusy) return;
    if (!next) cancel.reset();
    onOpenChange(next);
  }

  function confirm() {
    cancel.mutate(
      { id: subscriber.id, when },
      {
        onSuccess: ({ subscriber: updated }) => {
          onCancelled(updated, when);
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={`Cancel ${subscriber.name}'s subscription?`}
      description={`${subscriber.offeringTitle} · ${subscriber.email}`}
    >
      <div className="space-y-4">
        <fieldset className="space-y-3" disabled={isBusy}>
          <legend className="text-sm text-gray-800">When should it end?</legend>
          <ChoiceCards name={groupName} choices={choices} chosen={when} onChoose={setChoice} />
        </fieldset>
        <p className="text-sm text-gray-700">
          We'll e-mail {subscriber.name} that you cancelled. This can't be undone; they can
          subscribe again from your landing page.
        </p>

        {cancel.isError ? (
          <Alert tone="error">
            {errorMessage(cancel.error, "Could not cancel. Please try again.")}
          </Alert>
        ) : null}

        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={isBusy}>
            Keep subscription
          </Button>
          <Button variant="danger" onClick={confirm} disabled={isBusy}>
            {isBusy ? "Cancelling..." : when === "now" ? "Cancel now" : "Cancel at period end"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
