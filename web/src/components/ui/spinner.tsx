import { cn } from "@/lib/cn";

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block size-5 animate-spin rounded-full border-2 border-gray-300 border-t-brand-700",
        className,
      )}
    />
  );
}

export function FullPageSpinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-screen flex-col items-center justify-center gap-3">
      <Spinner className="size-8" />
      <p className="text-sm text-gray-600">{label}</p>
    </div>
  );
}
