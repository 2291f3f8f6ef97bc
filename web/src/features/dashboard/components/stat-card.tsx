import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

export function StatCard({
  label,
  value,
  hint,
  icon,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  icon?: ReactNode;
}) {
  return (
    <Card className="p-5" role="group" aria-label={label}>
      <div className="flex items-center justify-between text-sm text-gray-600">
        <span>{label}</span>
        {icon ? <span className="text-gray-400">{icon}</span> : null}
      </div>
      <p className="tabular mt-2 text-2xl font-semibold text-gray-950">{value}</p>
      {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
    </Card>
  );
}

export function StatSkeleton() {
  return (
    <div
      className="h-[104px] animate-pulse rounded-xl border border-gray-200 bg-gray-100"
      aria-hidden
    />
  );
}
