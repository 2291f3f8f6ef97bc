import { formatCents } from "@contracts/money";
import type { SubscriberPayment } from "@contracts/subscribers";
import { Receipt } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { useSubscriberPayments } from "../api/get-subscriber-payments";
import { RefundPaymentDialog } from "./refund-payment-dialog";

/** What happened to a payment since: refunds and disputes, in words. */
function statusOf(payment: SubscriberPayment): { label: string; tone: string } {
  if (payment.dispute === "disputed") return { label: "Disputed", tone: "text-red-700" };
  if (payment.dispute === "lost") return { label: "Dispute lost", tone: "text-red-700" };
  if (payment.dispute === "won") return { label: "Dispute won", tone: "text-brand-800" };
  if (payment.refundedCents >= payment.amountCents)
    return { label: "Refunded", tone: "text-gray-700" };
  if (payment.refundedCents > 0)
    return {
      label: `Refunded ${formatCents(payment.refundedCents)}`,
      tone: "text-gray-700",
    };
  return { label: "Paid", tone: "text-brand-800" };
}

/**
 * Every payment of one subscriber, newest first: the date, what they paid, the platform's fee,
 * what the creator keeps, its status (refunds and disputes included), and a Refund button.
 */
export function PaymentHistory({
  subscriberId,
  subscriberName,
  onRefunded,
}: {
  subscriberId: string;
  subscriberName: string;
  onRefunded: (message: string) => void;
}) {
  const payments = useSubscriberPayments(subscriberId);
  const [refunding, setRefunding] = useState<SubscriberPayment | null>(null);
  return (
    <section aria-labelledby="payment-history-heading" className="space-y-3">
      <h3 id="payment-history-heading" className="text-sm font-semibold text-gray-950">
        Payment history
      </h3>
      {payments.isPending ? (
        <p role="status" className="text-sm text-gray-600">
          Loading payments...
        </p>
      ) : payments.isError ? (
        <Alert tone="error">
          {errorMessage(payments.error, "Payments could not be loaded.")}{" "}
          <button
            type="button"
            className="font-medium underline underline-offset-2"
            onClick={() => payments.refetch()}
          >
            Try again
          </button>
        </Alert>
      ) : payments.data.payments.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-gray-600">
          <Receipt className="size-4 text-gray-400" aria-hidden /> No payments yet.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs sm:text-sm">
            <thead className="border-b border-gray-200 text-gray-600">
              <tr>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  Fee
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  Net
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {payments.data.payments.map((payment) => (
                <tr key={payment.id}>
                  <td className="py-2 pr-2 whitespace-nowrap text-gray-800">
                    <time dateTime={payment.paidAt}>{formatDate(payment.paidAt)}</time>
                  </td>
                  <td className="tabular py-2 pr-2 text-right text-gray-950">
                    {formatCents(payment.amountCents)}
                  </td>
                  <td className="tabular py-2 pr-2 text-right text-gray-700">
                    {formatCents(payment.feeCents)}
                  </td>
                  <td className="tabular py-2 pr-2 text-right text-gray-950">
                    {formatCents(payment.netCents)}
                  </td>
                  <td className={`py-2 pr-2 ${statusOf(payment).tone}`}>
                    {statusOf(payment).label}
                  </td>
                  <td className="py-2 text-right">
                    {payment.canRefund ? (
                      <button
                        type="button"
                        className="rounded px-1 font-medium text-brand-800 underline underline-offset-2 hover:text-brand-950"
                        aria-label={`Refund the ${formatCents(payment.amountCents)} payment of ${formatDate(payment.paidAt)}`}
                        onClick={() => setRefunding(payment)}
                      >
                        Refund
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {refunding ? (
        <RefundPaymentDialog
          key={refunding.id}
          subscriberId={subscriberId}
          subscriberName={subscriberName}
          payment={refunding}
          onOpenChange={(open) => {
            if (!open) setRefunding(null);
          }}
          onRefunded={(cents) =>
            onRefunded(`Refunded ${formatCents(cents)} to ${subscriberName}. We e-mailed them.`)
          }
        />
      ) : null}
    </section>
  );
}
