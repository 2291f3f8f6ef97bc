import type { PromoCode } from "@contracts/promotions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import { useDeactivatePromoCode } from "../api/deactivate-promo-code";

interface DeactivatePromoCodeDialogProps {
  /** The code asked about; null when the dialog is closed. */
  promoCode: PromoCode | null;
  onOpenChange: (open: boolean) => void;
  onDeactivated: (promoCode: PromoCode) => void;
}

/** Deactivating can't be undone: the code's coupon is deleted at Stripe. */
export function DeactivatePromoCodeDialog({
  promoCode,
  onOpenChange,
  onDeactivated,
}: DeactivatePromoCodeDialogProps) {
  const deactivate = useDeactivatePromoCode();
  const isBusy = deactivate.isPending;

  function changeOpen(next: boolean) {
    // Stay open while Stripe is being told, so the outcome is never hidden.
    if (isBusy) return;
    if (!next) deactivate.reset();
    onOpenChange(next);
  }

  function confirm() {
    if (!promoCode) return;
    deactivate.mutate(promoCode.id, {
      onSuccess: ({ promoCode: updated }) => {
        onDeactivated(updated);
        deactivate.reset();
        onOpenChange(false);
      },
    });
  }

  return (
    <Dialog
      open={promoCode !== null}
      onOpenChange={changeOpen}
      title={`Deactivate ${promoCode?.code ?? "code"}?`}
      description="Nobody new can use it, and it can't be turned back on. Subscribers who already used it keep their discount."
    >
      <div className="space-y-4">
        {deactivate.isError ? (
          <Alert tone="error">
            {errorMessage(deactivate.error, "Could not deactivate. Please try again.")}
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={isBusy}>
            Keep Active
          </Button>
          <Button variant="danger" onClick={confirm} disabled={isBusy}>
            {isBusy ? "Deactivating..." : "Deactivate"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
