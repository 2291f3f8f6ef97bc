import { RotateCw } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { cn } from "@/lib/cn";

/**
 * A load that failed says so and offers a retry, so a failure is never read as "empty", "zero"
 * or "not set up". `what` names what failed ("Your figures"); `detail` may say more.
 */
export function LoadError({
  what,
  detail,
  onRetry,
  isRetrying,
  className,
}: {
  what: string;
  detail?: string;
  onRetry: () => void;
  isRetrying: boolean;
  className?: string;
}) {
  return (
    <Alert tone="error" className={className}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {what} could not be loaded.{detail ? ` ${detail}` : null}
        </span>
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

/** The whole page depends on this load (who is signed in): the error and its retry fill it. */
export function FullPageLoadError(props: Parameters<typeof LoadError>[0]) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-gray-50 px-4">
      <LoadError {...props} className={cn("w-full max-w-md", props.className)} />
    </div>
  );
}
