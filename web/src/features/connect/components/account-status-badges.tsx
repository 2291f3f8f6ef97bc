import type { ConnectAccount } from "@contracts/connect";
import { CheckCircle2, CircleDashed } from "lucide-react";
import { cn } from "@/lib/cn";

function StatusBadge({ label, isOn, onText }: { label: string; isOn: boolean; onText: string }) {
  return (
    <li
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs",
        isOn
          ? "border-brand-200 bg-brand-50 text-brand-800"
          : "border-gray-200 bg-gray-50 text-gray-700",
      )}
    >
      {isOn ? (
        <CheckCircle2 className="size-3.5" aria-hidden />
      ) : (
        <CircleDashed className="size-3.5" aria-hidden />
      )}
      {/* The words carry the state; the colour and icon only repeat it. */}
      <span className="font-medium">{label}:</span> {isOn ? onText : "Pending"}
    </li>
  );
}

/** Stripe's three capability flags; onboarding is complete only when all three are on. */
export function AccountStatusBadges({ account }: { account: ConnectAccount }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Stripe account status">
      <StatusBadge label="Details" isOn={account.detailsSubmitted} onText="Submitted" />
      <StatusBadge label="Charges" isOn={account.chargesEnabled} onText="Enabled" />
      <StatusBadge label="Payouts" isOn={account.payoutsEnabled} onText="Enabled" />
    </ul>
  );
}
