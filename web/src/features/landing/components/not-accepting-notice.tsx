import { NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE } from "@contracts/landing";
import { Clock } from "lucide-react";

/**
 * In place of a Subscribe button while Stripe hasn't enabled the creator's charges (ADR 024):
 * a button that could only fail would waste the visitor's typing.
 */
export function NotAcceptingNotice({ className }: { className?: string }) {
  return (
    <p
      role="status"
      className={`mx-auto flex max-w-md items-start gap-2 rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 text-left text-sm text-yellow-900 ${className ?? ""}`}
    >
      <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE}</span>
    </p>
  );
}
