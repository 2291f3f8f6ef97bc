import type { CustomerPortal } from "@contracts/customer-portal";
import { cn } from "@/lib/cn";

type PaymentStatus = CustomerPortal["subscriber"]["paymentStatus"];

// A dot and a word: the status must read the same without colour.
const statusStyles: Record<PaymentStatus, { label: string; dot: string; text: string }> = {
  active: { label: "Active", dot: "bg-brand-600", text: "text-brand-800" },
  past_due: { label: "Past due", dot: "bg-amber-500", text: "text-amber-800" },
  cancelled: { label: "Cancelled", dot: "bg-red-600", text: "text-red-700" },
};

export function SubscriptionStatus({ status }: { status: PaymentStatus }) {
  const style = statusStyles[status];
  return (
    <p className={cn("inline-flex items-center gap-2 text-sm font-medium", style.text)}>
      <span aria-hidden className={cn("size-2.5 rounded-full", style.dot)} />
      <span className="sr-only">Status:</span>
      <span>{style.label}</span>
    </p>
  );
}
