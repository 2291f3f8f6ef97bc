import type { PublicOffering } from "@contracts/landing";
import { Dialog } from "@/components/ui/dialog";
import { WaitlistForm } from "./waitlist-form";

/** The landing page's "Join the waitlist": its own dialog, loaded when first opened. */
function WaitlistDialog({
  offering,
  notice,
  open,
  onOpenChange,
}: {
  offering: PublicOffering;
  notice?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Join the waitlist"
      description={`${offering.title}: we'll e-mail you when a spot opens.`}
    >
      <WaitlistForm offering={offering} notice={notice} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

// Lazy-loaded by the landing page (React.lazy takes the default export).
export default WaitlistDialog;
