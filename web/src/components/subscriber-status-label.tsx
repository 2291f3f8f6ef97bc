import { cn } from "@/lib/cn";

const styles = {
  active: { label: "Active", dot: "bg-brand-600", text: "text-brand-800" },
  past_due: { label: "Past due", dot: "bg-amber-500", text: "text-amber-800" },
  cancelled: { label: "Cancelled", dot: "bg-red-600", text: "text-red-700" },
} as const;

/** Status shown with a dot and a word, never by colour alone. */
export function SubscriberStatusLabel({ status }: { status: keyof typeof styles }) {
  const style = styles[status];
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-xs font-medium", style.text)}>
      <span aria-hidden className={cn("size-2 rounded-full", style.dot)} />
      {style.label}
    </span>
  );
}
