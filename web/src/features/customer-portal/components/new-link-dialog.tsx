import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/** The confirm step of "Get a New Link": it says the old link stops working before it does. */
export function NewLinkDialog({
  email,
  open,
  isReplacing,
  onOpenChange,
  onConfirm,
}: {
  email: string;
  open: boolean;
  isReplacing: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (isReplacing ? undefined : onOpenChange(next))}
      title="Get a new link?"
      description={`The address of this page stops working at once, wherever it was saved or shared. This page moves to the new address, and we e-mail the new link to ${email}.`}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isReplacing}>
          Keep This Link
        </Button>
        <Button onClick={onConfirm} disabled={isReplacing}>
          {isReplacing ? "Getting a new link..." : "Get a New Link"}
        </Button>
      </div>
    </Dialog>
  );
}
