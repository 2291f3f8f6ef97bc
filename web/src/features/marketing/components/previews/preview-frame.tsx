import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * Product illustrations are decorative: the caption tells screen readers what is shown,
 * and the mock controls inside are hidden so nobody tries to use them.
 */
export function PreviewFrame({
  caption,
  className,
  children,
}: {
  caption: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <figure
      className={cn(
        "overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm ring-4 ring-gray-100",
        className,
      )}
    >
      <figcaption className="sr-only">{caption}</figcaption>
      <div aria-hidden="true">{children}</div>
    </figure>
  );
}

export function FakeButton({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-10 items-center justify-center rounded-lg bg-brand-700 text-sm font-medium text-white">
      {children}
    </div>
  );
}
