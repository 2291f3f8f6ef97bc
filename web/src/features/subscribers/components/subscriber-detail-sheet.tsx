import { formatSubscriptionPrice } from "@contracts/cadence";
import type { SubscriberListItem } from "@contracts/subscribers";
import { useState } from "react";
import { SubscriberStatusLabel } from "@/components/subscriber-status-label";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Sheet } from "@/components/ui/sheet";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { useSubscriber } from "../api/get-subscriber";
import { CancelSubscriberDialog } from "./cancel-subscriber-dialog";
import { CopyLinkField } from "./copy-link-field";
import { discountWords, trialUntil } from "./format";
import { PaymentHistory } from "./payment-history";
import { SentEmails } from "./sent-emails";
import { ServiceDetails } from "./service-details";
import { SubscriberNoticeBadges } from "./subscriber-notice-badges";

interface SubscriberDetailSheetProps {
  /** The row that was opened: shown at once while the rest loads. */
  subscriber: SubscriberListItem | null;
  onClose: () => void;
}

function Detail({
  label,
  isWrapping = false,
  children,
}: {
  label: string;
  /** For a sentence that must be read whole rather than cut short. */
  isWrapping?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className={`mt-0.5 text-sm text-gray-950 ${isWrapping ? "break-words" : "truncate"}`}>
        {children}
      </dd>
    </div>
  );
}

/**
 * One subscriber beside the list: what they pay and when, where the service happens and their
 * sign-up answers, their self-service link, the payment history, the e-mails sent to them, and
 * the creator's cancel.
 */
export function SubscriberDetailSheet({ subscriber: opened, onClose }: SubscriberDetailSheetProps) {
  const detail = useSubscriber(opened?.id ?? null);
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const subscriber = detail.data?.subscriber ?? opened;

  function close(open: boolean) {
    if (open) return;
    setNotice(null);
    setIsCancelOpen(false);
    onClose();
  }

  return (
    <Sheet
      open={opened !== null}
      onOpenChange={close}
      title={subscriber?.name ?? "Subscriber"}
      description={subscriber?.email}
    >
      {subscriber ? (
        <div className="space-y-6">
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
            <Detail label="Subscription">{subscriber.offeringTitle}</Detail>
            <Detail label="Price">
              <span className="tabular">
                {formatSubscriptionPrice(subscriber.priceCents, subscriber.cadence)}
              </span>
            </Detail>
            <Detail label="Status" isWrapping>
              <SubscriberStatusLabel status={subscriber.status} />
              {/* The same badges as the row: a pause, an ending or a switch ahead. */}
              <SubscriberNoticeBadges subscriber={subscriber} className="mt-1" />
            </Detail>
            {subscriber.trialEndsAt ? (
              <Detail label="Free trial" isWrapping>
                {trialUntil(subscriber.trialEndsAt)}
              </Detail>
            ) : null}
            {subscriber.discount ? (
              <Detail label="Discount" isWrapping>
                {discountWords(subscriber.discount)}
              </Detail>
            ) : null}
            <Detail label="Joined">
              <time dateTime={subscriber.joinedAt}>{formatDate(subscriber.joinedAt)}</time>
            </Detail>
            <Detail label="Next billing">
              {subscriber.nextBillingAt ? (
                <time dateTime={subscriber.nextBillingAt}>
                  {formatDate(subscriber.nextBillingAt)}
                </time>
              ) : (
                "None"
              )}
            </Detail>
          </dl>

          {detail.isError ? (
            <Alert tone="error">
              {errorMessage(detail.error, "This subscriber could not be loaded.")}{" "}
              <button
                type="button"
                className="font-medium underline underline-offset-2"
                onClick={() => detail.refetch()}
              >
                Try again
              </button>
            </Alert>
          ) : detail.data ? (
            <>
              <ServiceDetails subscriber={detail.data.subscriber} />
              <CopyLinkField label="Self-service link" value={detail.data.subscriber.manageUrl} />
              {detail.data.subscriber.canCancel ? (
                <div className="flex flex-wrap items-center gap-3">
                  <Button variant="secondary" onClick={() => setIsCancelOpen(true)}>
                    Cancel subscription
                  </Button>
                  {subscriber.endsAt ? (
                    <p className="text-sm text-gray-600">Already set to end; you can end it now.</p>
                  ) : null}
                </div>
              ) : null}
              <PaymentHistory
                subscriberId={detail.data.subscriber.id}
                subscriberName={detail.data.subscriber.name}
                onRefunded={setNotice}
              />
              <SentEmails emails={detail.data.emails} />
              <CancelSubscriberDialog
                subscriber={detail.data.subscriber}
                open={isCancelOpen}
                onOpenChange={setIsCancelOpen}
                onCancelled={(updated, when) =>
                  setNotice(
                    when === "now" || !updated.endsAt
                      ? `${updated.name}'s subscription is cancelled.`
                      : `${updated.name}'s subscription will end on ${formatDate(updated.endsAt)}.`,
                  )
                }
              />
            </>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
              <Spinner className="size-4" /> Loading details...
            </p>
          )}
        </div>
      ) : null}
    </Sheet>
  );
}
