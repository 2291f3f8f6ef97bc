import { CheckCircle2 } from "lucide-react";
import { Button } from "@/components/ui/button";

const chargeDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

/**
 * The card path's end: the subscription is live and the e-mail carries the management link.
 * After a free trial's sign-up nothing has been charged: it says when the first charge comes.
 */
export function SuccessStep({
  title,
  trial,
  onManage,
  onClose,
}: {
  title: string;
  /** Set when a free trial began: the first charge ("$25.00/week") and its day. */
  trial?: { firstCharge: string; firstChargeOn: Date } | null;
  onManage: () => void;
  onClose: () => void;
}) {
  return (
    <div className="space-y-4 text-center">
      <CheckCircle2 className="mx-auto size-12 text-brand-600" aria-hidden />
      {trial ? (
        <p className="break-words text-gray-800">
          Welcome to {title}! Your free trial has started.{" "}
          <span className="tabular">
            Your first charge of {trial.firstCharge} is on{" "}
            {chargeDateFormat.format(trial.firstChargeOn)}.
          </span>
        </p>
      ) : (
        <p className="break-words text-gray-800">
          Welcome to {title}! Your subscription is now active.
        </p>
      )}
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
