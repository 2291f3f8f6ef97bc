import type { CustomerPortal } from "@contracts/customer-portal";
import { cn } from "@/lib/cn";
import { useDateFormat } from "../lib/portal-dates";

const tones = {
  active: { dot: "bg-brand-600", text: "text-brand-800" },
  warning: { dot: "bg-amber-500", text: "text-amber-800" },
  paused: { dot: "bg-gray-500", text: "text-gray-700" },
  cancelled: { dot: "bg-red-600", text: "text-red-700" },
} as const;

const paymentStatuses = {
  active: { label: "Active", tone: "active" },
  past_due: { label: "Past due", tone: "warning" },
  cancelled: { label: "Cancelled", tone: "cancelled" },
} as const;

// A dot and a word: the status must read the same without colour. A pause or a scheduled end
// says its date, since that is what the customer needs to know next.
export function SubscriptionStatus({ portal }: { portal: CustomerPortal }) {
  const dateOf = useDateFormat();
  const { paymentStatus } = portal.subscriber;
  const { pause, endsAt } = portal.controls;
  let status: { label: string; tone: keyof typeof tones } = paymentStatuses[paymentStatus];
  if (paymentStatus !== "cancelled" && pause) {
    status = {
      label: pause.until ? `Paused until ${dateOf(pause.until)}` : "Paused",
      tone: "paused",
    };
  } else if (paymentStatus !== "cancelled" && endsAt) {
    status = { label: `Ending ${dateOf(endsAt)}`, tone: "warning" };
  }
  const style = tones[status.tone];
  return (
    <p
      className={cn(
        "inline-flex items-center gap-2 text-sm font-medium whitespace-nowrap",
        style.text,
      )}
    >
      <span aria-hidden className={cn("size-2.5 shrink-0 rounded-full", style.dot)} />
      <span className="sr-only">Status:</span>
      <span>{status.label}</span>
    </p>
  );
}
