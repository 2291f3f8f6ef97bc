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

/** A list whose load failed: empty, and saying so (the retry sits in the banner above). */
export function UnavailableList() {
  return <p className="py-6 text-center text-sm text-gray-500">Not available right now.</p>;
}
