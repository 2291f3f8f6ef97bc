import type { SentEmail } from "@contracts/subscribers";
import { Mail } from "lucide-react";
import { formatDateTime } from "@/lib/format-date";

const kindLabels: Record<string, string> = {
  subscription_confirmation: "Welcome",
  payment_receipt: "Receipt",
  trial_ending: "Trial ending",
  payment_failed: "Payment failed",
  payment_refunded: "Refund",
  subscription_cancelled: "Cancellation",
  subscription_cancel_scheduled: "Cancellation scheduled",
  subscription_resumed: "Resumed",
  subscription_paused: "Paused",
  subscription_switched: "Switched",
  subscription_closed_by_business: "Business closed",
  email_changed: "E-mail changed",
  email_change_confirm: "E-mail change: confirm",
  email_change_requested: "E-mail change asked",
  manage_link_replaced: "New manage link",
  manage_links: "Manage links",
};

const statusLabels: Record<SentEmail["status"], string> = {
  pending: "Sending",
  sent: "Sent",
  failed: "Not delivered",
};

/** What we e-mailed the subscriber and when: kind, subject and delivery, never the body. */
export function SentEmails({ emails }: { emails: SentEmail[] }) {
  return (
    <section aria-labelledby="sent-emails-heading" className="space-y-3">
      <h3 id="sent-emails-heading" className="text-sm font-semibold text-gray-950">
        E-mails sent
      </h3>
      {emails.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-gray-600">
          <Mail className="size-4 text-gray-400" aria-hidden /> None yet.
        </p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {emails.map((email) => (
            <li key={email.id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate text-gray-950">{email.subject}</p>
                <p className="text-xs text-gray-600">
                  {kindLabels[email.kind] ?? email.kind}
                  <span aria-hidden> · </span>
                  <span className="sr-only">, </span>
                  <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                </p>
              </div>
              <span
                className={
                  email.status === "failed"
                    ? "shrink-0 text-xs font-medium text-red-700"
                    : "shrink-0 text-xs text-gray-600"
                }
              >
                {statusLabels[email.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
