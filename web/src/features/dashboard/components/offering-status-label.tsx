import { cn } from "@/lib/cn";

/** Active/Inactive as a dot and a word: status is never told by colour alone. */
export function OfferingStatusLabel({ isActive }: { isActive: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium",
        isActive ? "bg-brand-50 text-brand-800" : "bg-gray-100 text-gray-700",
      )}
    >
      <span
        aria-hidden
        className={cn("size-1.5 rounded-full", isActive ? "bg-brand-600" : "bg-gray-400")}
      />
      {isActive ? "Active" : "Inactive"}
    </span>
  );
}
