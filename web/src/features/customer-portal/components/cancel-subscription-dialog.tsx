import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

export function CancelSubscriptionDialog({
  title,
  endsOn,
  open,
  isCancelling,
  onOpenChange,
  onConfirm,
}: {
  title: string;
  /** The paid period's last day, as the page words dates; null: it ends at once. */
  endsOn: string | null;
  open: boolean;
  isCancelling: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      // Stay open while Stripe is being told, so the outcome is never hidden.
      onOpenChange={(next) => (isCancelling ? undefined : onOpenChange(next))}
      title="Are you sure?"
      description={
        endsOn
          ? `You keep ${title} until ${endsOn} and will not be charged again.`
          : `You will lose access to ${title} and will not be charged again.`
      }
    >
      {/* The safe choice comes first, on top on a phone, where a thumb lands. */}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isCancelling}>
          Keep Subscription
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={isCancelling}>
          {isCancelling ? "Cancelling..." : "Cancel Subscription"}
        </Button>
      </div>
    </Dialog>
  );
}
