import { formatCents } from "@contracts/money";
import type { PortalInvoice } from "@contracts/subscription-control";
import { ExternalLink } from "lucide-react";
import { ListSkeleton } from "@/components/list-skeleton";
import { LoadError } from "@/components/load-error";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { usePortalInvoices } from "../api/list-invoices";
import type { SubscriberRef } from "../api/subscriber-ref";
import { useDateFormat } from "../lib/portal-dates";

// A dot and a word, never colour alone.
const statuses: Record<PortalInvoice["status"], { label: string; dot: string; text: string }> = {
  paid: { label: "Paid", dot: "bg-brand-600", text: "text-brand-800" },
  due: { label: "Due", dot: "bg-amber-500", text: "text-amber-800" },
  skipped: { label: "Skipped", dot: "bg-gray-400", text: "text-gray-700" },
  void: { label: "Void", dot: "bg-gray-400", text: "text-gray-700" },
};

/** "Visa •••• 4242". */
const cardWords = (card: NonNullable<PortalInvoice["card"]>) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}`;

function InvoiceRow({ invoice }: { invoice: PortalInvoice }) {
  const dateOf = useDateFormat();
  const status = statuses[invoice.status];
  const date = dateOf(invoice.date);
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 py-3 sm:grid-cols-[1fr_6rem_5.5rem_9.5rem]">
      <div className="min-w-0">
        <p className="text-sm font-medium text-gray-950">
          <time dateTime={invoice.date}>{date}</time>
        </p>
        <p className="text-sm text-gray-600">
          {invoice.card ? cardWords(invoice.card) : "No card"}
        </p>
      </div>
      <p className="tabular text-right text-sm font-medium text-gray-950">
        {formatCents(invoice.amountCents)}
      </p>
      <p className={cn("inline-flex items-center gap-1.5 text-sm font-medium", status.text)}>
        <span aria-hidden className={cn("size-2 rounded-full", status.dot)} />
        {status.label}
      </p>
      {invoice.url ? (
        <a
          href={invoice.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center justify-end gap-1 rounded text-sm font-medium text-brand-700 hover:underline"
        >
          Download invoice
          <span className="sr-only"> of {date} (opens in a new tab)</span>
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      ) : (
        <span />
      )}
    </li>
  );
}

/** The subscription's invoices at Stripe: asked after the page is drawn, with their own states. */
export function InvoicesCard({ subscriberRef }: { subscriberRef: SubscriberRef }) {
  const invoices = usePortalInvoices(subscriberRef);
  return (
    <section aria-labelledby="invoices-heading">
      <Card className="p-5">
        <h2 id="invoices-heading" className="text-base font-semibold text-gray-950">
          Invoices
        </h2>
        <div className="mt-2">
          {invoices.isPending ? (
            <div role="status" aria-label="Loading invoices">
              <ListSkeleton rows={2} />
            </div>
          ) : invoices.isError ? (
            <LoadError
              what="Your invoices"
              className="mt-2"
              onRetry={() => invoices.refetch()}
              isRetrying={invoices.isFetching}
            />
          ) : invoices.data.invoices.length === 0 ? (
            <p className="py-3 text-sm text-gray-600">No payments yet.</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {invoices.data.invoices.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} />
              ))}
            </ul>
          )}
        </div>
      </Card>
    </section>
  );
}
