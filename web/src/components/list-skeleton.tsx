import { cn } from "@/lib/cn";

/** Placeholder rows while a list loads, the height of real ones so nothing jumps. */
export function ListSkeleton({
  rows = 3,
  rowClassName = "py-3",
}: {
  rows?: number;
  rowClassName?: string;
}) {
  return (
    <ul aria-hidden className="divide-y divide-gray-100">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
        <li key={i} className={cn("flex items-center justify-between gap-3", rowClassName)}>
          <div className="space-y-2">
            <div className="h-3.5 w-40 animate-pulse rounded bg-gray-100" />
            <div className="h-3 w-56 animate-pulse rounded bg-gray-100" />
          </div>
          <div className="h-4 w-16 animate-pulse rounded bg-gray-100" />
        </li>
      ))}
    </ul>
  );
}
