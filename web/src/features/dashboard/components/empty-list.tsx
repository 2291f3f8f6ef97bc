import type { ReactNode } from "react";

/** The quiet line a list shows when it has nothing yet. */
export function EmptyList({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-gray-600">
      <span className="text-gray-400">{icon}</span>
      <p className="max-w-xs">{children}</p>
    </div>
  );
}

/** Placeholder rows while a list loads, the height of real ones so nothing jumps. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul aria-hidden className="divide-y divide-gray-100">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
        <li key={i} className="flex items-center justify-between gap-3 py-3">
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

/** A list whose load failed: empty, and saying so (the retry sits in the banner above). */
export function UnavailableList() {
  return <p className="py-6 text-center text-sm text-gray-500">Not available right now.</p>;
}
