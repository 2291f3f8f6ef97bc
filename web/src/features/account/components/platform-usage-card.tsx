import { MAX_OFFERINGS_PER_CREATOR } from "@contracts/plans";
import { Check } from "lucide-react";
import { Card } from "@/components/ui/card";

const included = [
  `Up to ${MAX_OFFERINGS_PER_CREATOR} subscriptions`,
  "Unlimited subscribers",
  "Analytics included",
  "15% platform fee per payment; you keep 85%",
];

export function PlatformUsageCard() {
  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-base font-semibold text-gray-950">Platform Usage</h2>
      <p className="flex items-baseline justify-between gap-2">
        <span className="font-medium text-gray-950">Free Plan</span>
        <span className="text-sm text-gray-600 tabular-nums">$0/month</span>
      </p>
      <ul className="space-y-1.5 text-sm text-gray-700">
        {included.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
    </Card>
  );
}
