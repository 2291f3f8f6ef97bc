import { Mail, RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { isOutboxUnavailable, useOutbox } from "../api/get-outbox";
import { OutboxMessage } from "./outbox-message";

function OutboxSkeleton() {
  return (
    <div role="status" aria-label="Loading e-mails" className="animate-pulse space-y-3">
      <div className="h-32 rounded-xl border border-gray-200 bg-white" />
      <div className="h-32 rounded-xl border border-gray-200 bg-white" />
    </div>
  );
}

/** /dev/outbox: the development mailbox, where test mode keeps the e-mails it would send. */
export default function OutboxPage() {
  const outbox = useOutbox();
  useEffect(() => {
    document.title = "Outbox · Regulars";
  }, []);

  return (
    <div className="min-h-screen bg-gray-50">
      <main className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:py-10">
        <div className="flex items-center justify-between gap-3">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-gray-950">
            <Mail className="size-6 text-brand-700" aria-hidden /> Outbox
          </h1>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => outbox.refetch()}
            disabled={outbox.isFetching}
          >
            <RefreshCw
              className={outbox.isFetching ? "size-4 animate-spin" : "size-4"}
              aria-hidden
            />
            Refresh
          </Button>
        </div>
        <p className="text-sm text-gray-600">
          Test mode: e-mails are not sent; they are kept here.
        </p>

        {outbox.isPending ? <OutboxSkeleton /> : null}
        {outbox.isError ? (
          isOutboxUnavailable(outbox.error) ? (
            <Alert tone="info">
              The outbox is only available in test mode. With real Stripe keys, e-mails are sent.
            </Alert>
          ) : (
            <Alert tone="error">
              {errorMessage(outbox.error, "Could not load the outbox. Please try again.")}
            </Alert>
          )
        ) : null}
        {outbox.data && outbox.data.messages.length === 0 ? (
          <div className="rounded-xl border border-dashed border-gray-300 bg-white px-4 py-10 text-center">
            <p className="font-medium text-gray-800">No e-mails yet</p>
            <p className="mt-1 text-sm text-gray-600">
              Confirmation e-mails appear here after a customer subscribes.
            </p>
          </div>
        ) : null}
        {outbox.data && outbox.data.messages.length > 0 ? (
          <ul className="space-y-3" aria-label="E-mails, newest first">
            {outbox.data.messages.map((message) => (
              <OutboxMessage key={message.id} message={message} />
            ))}
          </ul>
        ) : null}
      </main>
    </div>
  );
}
