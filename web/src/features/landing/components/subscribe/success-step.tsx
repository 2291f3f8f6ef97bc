import { CheckCircle2 } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The card path's end: the subscription is live and the e-mail carries the management link. */
export function SuccessStep({
  title,
  onManage,
  onClose,
}: {
  title: string;
  onManage: () => void;
  onClose: () => void;
}) {
  return (
    <div className="space-y-4 text-center">
      <CheckCircle2 className="mx-auto size-12 text-brand-600" aria-hidden />
      <p className="break-words text-gray-800">
        Welcome to {title}! Your subscription is now active.
      </p>
      <p className="text-sm text-gray-600">
        Check your e-mail for your confirmation and the link to manage your subscription.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button size="lg" onClick={onManage}>
          Manage My Subscription
        </Button>
        <Button size="lg" variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
