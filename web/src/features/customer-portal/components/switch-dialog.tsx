import { formatCadencePrice } from "@contracts/cadence";
import { formatCents } from "@contracts/money";
import type { SwitchPreview } from "@contracts/subscription-control";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useDateFormat } from "../lib/portal-dates";

/** Says what a switch does, from Stripe's preview, before it is made. */
export function SwitchDialog({
  preview,
  isSwitching,
  onOpenChange,
  onConfirm,
}: {
  preview: SwitchPreview;
  isSwitching: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const dateOf = useDateFormat();
  const price = formatCadencePrice(preview.priceCents, preview.cadence);
  const description =
    preview.kind === "upgrade"
      ? `You'll be charged ${formatCents(preview.dueNowCents)} now for the rest of this period, then ${price} from ${dateOf(preview.nextChargeAt)}.`
      : `${preview.title} starts on ${dateOf(preview.effectiveAt)}. Nothing is charged now; from then you pay ${price}.`;
  return (
    <Dialog
      open
      onOpenChange={(next) => (isSwitching ? undefined : onOpenChange(next))}
      title={`Switch to ${preview.title}?`}
      description={<span className="tabular">{description}</span>}
    >
      {preview.endsDiscount ? (
        <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your promo code's discount ends with this switch.
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSwitching}>
          Keep current plan
        </Button>
        <Button onClick={onConfirm} disabled={isSwitching}>
          {isSwitching ? "Switching..." : "Switch plan"}
        </Button>
      </div>
    </Dialog>
  );
}
