import type { WaitlistEntry } from "@contracts/waitlist";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-client";
import { useRemoveWaitlistEntry } from "../api/remove-waitlist-entry";

interface RemoveEntryDialogProps {
  offeringId: string;
  /** The entry being removed; null: closed. */
  entry: WaitlistEntry | null;
  onClose: () => void;
  onRemoved: (entry: WaitlistEntry) => void;
}

/** Asks before taking someone off the list: their place can't be given back. */
export function RemoveEntryDialog({
  offeringId,
  entry,
  onClose,
  onRemoved,
}: RemoveEntryDialogProps) {
  const remove = useRemoveWaitlistEntry();
  const isBusy = remove.isPending;

  function changeOpen(open: boolean) {
    // Stay open while the server answers, so the outcome is never hidden.
    if (open || isBusy) return;
    remove.reset();
    onClose();
  }

  function confirm() {
    if (!entry) return;
    remove.mutate(
      { offeringId, entryId: entry.id },
      {
        onSuccess: () => {
          onRemoved(entry);
          remove.reset();
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open={entry !== null}
      onOpenChange={changeOpen}
      title={entry ? `Remove ${entry.name} from the waitlist?` : "Remove from the waitlist?"}
      description={entry?.email}
    >
      <div className="space-y-4">
        <p className="text-sm text-gray-700">
          {entry?.status === "invited"
            ? "Their invitation stops working and the seat it held goes to the next person waiting. "
            : ""}
          They lose their place. They can join again from your landing page, at the end of the line.
        </p>
        {remove.isError ? (
          <Alert tone="error">
            {errorMessage(remove.error, "Could not remove them. Please try again.")}
          </Alert>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={isBusy}>
            Keep on the waitlist
          </Button>
          <Button variant="danger" onClick={confirm} disabled={isBusy}>
            {isBusy ? "Removing..." : "Remove"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
