import { Mail } from "lucide-react";
import { Fragment } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useOutbox } from "../api/get-outbox";

/** Renders URLs in plain-text mail as links, without ever injecting HTML. */
function Linkified({ text }: { text: string }) {
  // Split keeps each URL as its own part; the running offset makes a stable key.
  const parts = text.split(/(https?:\/\/\S+)/g);
  let offset = 0;
  return (
    <>
      {parts.map((part) => {
        const key = `${offset}`;
        offset += part.length + 1;
        return /^https?:\/\//.test(part) ? (
          <a key={key} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={key}>{part}</Fragment>
        );
      })}
    </>
  );
}

export default function OutboxPage() {
  const outbox = useOutbox();
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-10">
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
        <Mail className="size-6" aria-hidden /> Outbox
      </h1>
      <p className="text-sm text-gray-600">Test mode: e-mails are not sent; they are kept here.</p>
      {outbox.isPending ? <Spinner /> : null}
      {outbox.isError ? (
        <Alert tone="info">The outbox is only available in test mode.</Alert>
      ) : null}
      {outbox.data && outbox.data.messages.length === 0 ? (
        <p className="text-gray-600">No e-mails yet.</p>
      ) : null}
      {outbox.data?.messages.map((m) => (
        <Card key={m.id} className="p-5">
          <p className="text-sm text-gray-600">
            To <span className="font-medium text-gray-950">{m.to}</span> ·{" "}
            {new Date(m.createdAt).toLocaleString()}
          </p>
          <h2 className="mt-1 font-semibold text-gray-950">{m.subject}</h2>
          <p className="mt-3 whitespace-pre-line text-sm text-gray-800">
            <Linkified text={m.text} />
          </p>
        </Card>
      ))}
    </main>
  );
}
