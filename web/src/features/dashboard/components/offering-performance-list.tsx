import type { Analytics } from "@contracts/dashboard";
import { formatCents, formatMonthlyPrice } from "@contracts/money";
import { Layers } from "lucide-react";
import { EmptyList } from "./empty-list";

/** Per offering: subscribers and revenue (subscribers × price, spec "Analytics panel"). */
export function OfferingPerformanceList({ offerings }: { offerings: Analytics["offerings"] }) {
  if (offerings.length === 0) {
    return (
      <EmptyList icon={<Layers className="size-6" aria-hidden />}>
        No subscriptions yet. Create one on the Overview tab to see how it performs.
      </EmptyList>
    );
  }
  return (
    <ul className="divide-y divide-gray-100">
      {offerings.map((offering) => (
        <li key={offering.id} className="flex items-center justify-between gap-3 py-3 text-sm">
          <div className="min-w-0">
            <p className="truncate font-medium text-gray-950">{offering.title}</p>
            <p className="text-gray-600">
              <span className="tabular">{offering.subscriberCount}</span>{" "}
              {offering.subscriberCount === 1 ? "subscriber" : "subscribers"} ×{" "}
              <span className="tabular">{formatMonthlyPrice(offering.priceCents)}</span>
              {offering.isActive ? null : <span className="ml-1 text-gray-500">· Inactive</span>}
            </p>
          </div>
          <p className="shrink-0 text-right">
            <span className="tabular block font-semibold text-gray-950">
              {formatCents(offering.revenueCents)}
            </span>
            <span className="text-xs text-gray-500">per month</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
