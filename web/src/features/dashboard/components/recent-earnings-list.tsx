import type { Earnings } from "@contracts/dashboard";
import { formatCents } from "@contracts/money";
import { planById } from "@contracts/plans";
import { Receipt } from "lucide-react";
import { EmptyList } from "./empty-list";

const ADJUSTMENT_LABELS = {
  refund: "Refund",
  dispute: "Dispute",
  dispute_won: "Dispute won",
  dispute_lost: "Dispute lost",
} as const;

/**
 * The latest 10 payments and adjustments: what the creator keeps, prominently, then how it
 * was reached, under which plan. A refund or dispute is its own negative line, labelled.
 */
export function RecentEarningsList({ earnings }: { earnings: Earnings["recent"] }) {
  if (earnings.length === 0) {
    return (
      <EmptyList icon={<Receipt className="size-6" aria-hidden />}>
        No payments yet. Each subscriber payment shows here with the platform fee taken out.
      </EmptyList>
    );
  }
  return (
    <ul className="divide-y divide-gray-100">
      {earnings.map((earning) => (
        <li key={earning.id} className="flex items-center justify-between gap-3 py-3 text-sm">
          <div className="min-w-0">
            <p className="truncate font-medium text-gray-950">
              {earning.kind && earning.kind !== "payment" ? (
                <span className="mr-1.5 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800">
                  {ADJUSTMENT_LABELS[earning.kind]}
                </span>
              ) : null}
              {earning.offeringTitle}
            </p>
            <p className="truncate text-gray-600">
              {earning.subscriberName}
              <span aria-hidden> · </span>
              <span className="sr-only">
                {!earning.kind || earning.kind === "payment" ? ", paid " : ", on "}
              </span>
              <time dateTime={earning.paymentDate}>
                {new Date(earning.paymentDate).toLocaleDateString()}
              </time>
            </p>
          </div>
          <div className="shrink-0 text-right">
            <p className="tabular text-base font-semibold text-gray-950">
              {formatCents(earning.netCents)}
            </p>
            <p className="tabular text-xs text-gray-500">
              {!earning.kind || earning.kind === "payment"
                ? `${formatCents(earning.grossCents)} − ${formatCents(earning.feeCents)} fee · ${planById(earning.plan).name} plan`
                : `${formatCents(earning.grossCents)}, fee ${formatCents(earning.feeCents)}`}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
