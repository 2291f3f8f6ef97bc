import { PAYMENT_UNCONFIRMED_MESSAGE } from "@contracts/subscribe";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * The card was charged but we could not record it yet. A step of its own, not a state of the
 * card form, so closing and reopening the dialog can't bring the Pay button back.
 */
export function UnconfirmedStep({ onClose }: { onClose: () => void }) {
  return (
    <div className="space-y-4">
      <Alert tone="warning">{PAYMENT_UNCONFIRMED_MESSAGE}</Alert>
      <Button size="lg" variant="secondary" className="w-full" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
