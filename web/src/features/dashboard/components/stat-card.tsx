import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

interface StatCardProps {
  label: string;
  /** Undefined while loading: the card keeps its size and shows a placeholder bar. */
  value: ReactNode | undefined;
  hint?: ReactNode;
  icon?: ReactNode;
}

/** One figure with its label; the label names the group for screen readers. */
export function StatCard({ label, value, hint, icon }: StatCardProps) {
  const isLoading = value === undefined;
  return (
    <Card className="p-5" role="group" aria-label={label} aria-busy={isLoading || undefined}>
      <div className="flex items-center justify-between gap-2 text-sm text-gray-600">
        <span>{label}</span>
        {icon ? (
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            {icon}
          </span>
        ) : null}
      </div>
      {isLoading ? (
        <div className="mt-2 h-8 w-28 animate-pulse rounded bg-gray-100" aria-hidden />
      ) : (
        <p className="tabular mt-2 text-2xl font-semibold tracking-tight text-gray-950">{value}</p>
      )}
      {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
    </Card>
  );
}
