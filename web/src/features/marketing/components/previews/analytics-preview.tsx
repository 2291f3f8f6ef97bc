import { formatCents } from "@contracts/money";
import { PreviewFrame } from "./preview-frame";
import { sampleOffering } from "./sample-offering";

const subscriberCount = 24;
const monthlyRevenueCents = subscriberCount * sampleOffering.priceCents;
// Bars are a made-up six-month ramp; only their relative height matters.
const monthlyBars = [35, 48, 52, 66, 80, 100];

export function AnalyticsPreview() {
  const stats = [
    { label: "Monthly revenue", value: formatCents(monthlyRevenueCents) },
    { label: "Subscribers", value: String(subscriberCount) },
    { label: "Projected annual", value: formatCents(monthlyRevenueCents * 12) },
  ];
  return (
    <PreviewFrame caption="Example analytics: monthly revenue, subscriber count and projected annual revenue">
      <div className="p-6">
        <dl className="grid gap-3 sm:grid-cols-3">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex items-baseline justify-between gap-3 rounded-lg border border-gray-200 p-3 sm:block"
            >
              <dt className="text-xs text-gray-600">{stat.label}</dt>
              <dd className="tabular text-sm font-semibold text-gray-950 sm:mt-1 sm:text-base">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex h-28 items-end gap-2 border-b border-gray-200">
          {monthlyBars.map((height, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, decorative series
              key={index}
              className={
                index === monthlyBars.length - 1
                  ? "flex-1 rounded-t bg-brand-600"
                  : "flex-1 rounded-t bg-brand-200"
              }
              style={{ height: `${height}%` }}
            />
          ))}
        </div>
      </div>
    </PreviewFrame>
  );
}
