import { OFFERING_FULL_MESSAGE } from "@contracts/landing";
import { Users } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/use-hydrated";

/**
 * In place of Subscribe while every seat is taken or held (issue 22): the page says so and
 * offers the waitlist. It never says how many are waiting.
 */
export function FullOfferingNotice({
  onJoin,
  className,
  buttonProps,
}: {
  onJoin: () => void;
  className?: string;
  /** The page's prefetch handlers, so the form's code is on its way before the tap. */
  buttonProps?: ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  // Drawn by the server too (ADR 007): the button works once React has taken the page over.
  const hydrated = useHydrated();
  return (
    <div className={`mx-auto max-w-md space-y-4 ${className ?? ""}`}>
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 text-left text-sm text-yellow-900"
      >
        <Users className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{OFFERING_FULL_MESSAGE}</span>
      </p>
      <Button
        size="lg"
        className="w-full sm:w-auto sm:min-w-48"
        onClick={onJoin}
        disabled={!hydrated}
        {...buttonProps}
      >
        Join the waitlist
      </Button>
    </div>
  );
}
