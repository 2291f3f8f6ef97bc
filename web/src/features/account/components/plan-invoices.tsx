import { formatCents } from "@contracts/money";
import type { PlanInvoice } from "@contracts/plan-billing";
import { ExternalLink } from "lucide-react";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format-date";

// A dot and a word, never colour alone.
const invoiceStatuses: Record<PlanInvoice["status"], { label: string; dot: string }> = {
  paid: { label: "Paid", dot: "bg-brand-600" },
  due: { label: "Due", dot: "bg-amber-500" },
  void: { label: "Void", dot: "bg-gray-400" },
};

/** The plan's invoices at Stripe, newest first as the server sends them. */
export function PlanInvoices({ invoices }: { invoices: PlanInvoice[] }) {
  return (
    <section aria-labelledby="plan-invoices-heading" className="border-t border-gray-100 pt-4">
      <h3 id="plan-invoices-heading" className="text-sm font-semibold text-gray-950">
        Plan invoices
      </h3>
      {invoices.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No plan invoices yet.</p>
      ) : (
        // Laid out by the card's width, not the screen's: the card is half the tab on a desktop.
        <ul className="@container mt-1 divide-y divide-gray-100" aria-label="Plan invoices">
          {invoices.map((invoice) => {
            const status = invoiceStatuses[invoice.status];
            const date = formatDate(invoice.date);
            return (
              <li
                key={invoice.id}
                className="flex flex-col gap-1 py-2.5 text-sm @md:flex-row @md:items-baseline @md:justify-between @md:gap-4"
              >
                <div className="min-w-0 @md:flex-1">
                  <p className="font-medium text-gray-950">
                    <time dateTime={invoice.date}>{date}</time>
                  </p>
                  <p className="break-words text-gray-600">{invoice.description}</p>
                </div>
                <div className="flex shrink-0 items-baseline gap-4">
                  <span className="tabular font-medium text-gray-950">
                    {formatCents(invoice.amountCents)}
                  </span>
                  <span className="inline-flex w-14 items-center gap-1.5 text-gray-700">
                    <span aria-hidden className={cn("size-2 rounded-full", status.dot)} />
                    {status.label}
                  </span>
                  {invoice.url ? (
                    <a
                      href={invoice.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex w-12 items-center justify-end gap-1 rounded font-medium text-brand-700 hover:underline"
                    >
                      View
                      <span className="sr-only"> the invoice of {date} (opens in a new tab)</span>
                      <ExternalLink className="size-3.5" aria-hidden />
                    </a>
                  ) : (
                    <span className="w-12" />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
