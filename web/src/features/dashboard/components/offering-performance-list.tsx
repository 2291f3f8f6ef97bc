import { formatSubscriptionPrice } from "@contracts/cadence";
import type { Analytics } from "@contracts/dashboard";
import { formatCents } from "@contracts/money";
import { Layers } from "lucide-react";
import { EmptyList } from "./empty-list";

type OfferingPerformance = Analytics["offerings"][number];

const subscribersOf = (n: number) => `${n} ${n === 1 ? "subscriber" : "subscribers"}`;

/**
 * How the amount beside it is made, in numbers that multiply: "N subscribers × $p/month" only
 * when every live subscriber pays the same; otherwise the range they pay (a price edit leaves
 * existing subscribers on their own price). Cancelled subscribers are in neither. The server
 * gives each subscriber's price as a month's worth (weekly × 52/12, …), so a weekly offering's
 * figures say "monthly equivalent" rather than pass for its price; its own price, with its
 * cadence, is what new subscribers pay.
 */
function breakdownOf({
  liveSubscriberCount,
  livePriceRange,
  priceCents,
  cadence,
}: OfferingPerformance) {
  if (!livePriceRange || liveSubscriberCount === 0) {
    return `No live subscribers · ${formatSubscriptionPrice(priceCents, cadence)} for new ones`;
  }
  const perMonth = cadence === "month" ? "/month" : "/month equivalent";
  const { minCents, maxCents } = livePriceRange;
  if (minCents === maxCents) {
    return `${subscribersOf(liveSubscriberCount)} × ${formatCents(minCents)}${perMonth}`;
  }
  return `${subscribersOf(liveSubscriberCount)} at different prices, ${formatCents(minCents)} to ${formatCents(maxCents)}${perMonth}`;
}

/**
 * Per offering: live subscribers and what they pay each month together (ADR 025), and how many
 * wait for a seat.
 */
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
            <p className="tabular text-gray-600">
              {breakdownOf(offering)}
              {offering.isActive ? null : <span className="ml-1 text-gray-500">· Inactive</span>}
            </p>
            {/* The waitlist's length (issue 22): demand beyond the capacity. */}
            {offering.waitlistCount > 0 ? (
              <p className="tabular text-xs font-medium text-yellow-900">
                {offering.waitlistCount} waiting
              </p>
            ) : null}
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
