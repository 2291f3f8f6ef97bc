import { RotateCw } from "lucide-react";
import { Alert } from "@/components/ui/alert";

/** A failed load says so and offers a retry; the list under it stays empty (spec section 8). */
export function LoadError({
  what,
  onRetry,
  isRetrying,
  className,
}: {
  what: string;
  onRetry: () => void;
  isRetrying: boolean;
  className?: string;
}) {
  return (
    <Alert tone="error" className={className}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>{what} could not be loaded.</span>
        <button
          type="button"
          onClick={onRetry}
          disabled={isRetrying}
          className="inline-flex items-center gap-1 rounded font-medium underline underline-offset-2 disabled:no-underline disabled:opacity-70"
        >
          <RotateCw className={isRetrying ? "size-3.5 animate-spin" : "size-3.5"} aria-hidden />
          {isRetrying ? "Retrying..." : "Try again"}
        </button>
      </div>
    </Alert>
  );
}
