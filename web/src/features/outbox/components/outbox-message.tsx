import { Card } from "@/components/ui/card";
import type { OutboxMessage as Message } from "../api/get-outbox";
import { LinkifiedText } from "./linkified-text";

const sentAtFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "short",
});

export function OutboxMessage({ message }: { message: Message }) {
  return (
    <li>
      <Card className="p-4 sm:p-5">
        <article aria-labelledby={`message-${message.id}`}>
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-gray-600">
            <span className="min-w-0 break-all">
              To <span className="font-medium text-gray-950">{message.to}</span>
            </span>
            <time dateTime={message.createdAt} className="tabular">
              {sentAtFormat.format(new Date(message.createdAt))}
            </time>
          </p>
          <h2 id={`message-${message.id}`} className="mt-1 font-semibold break-words text-gray-950">
            {message.subject}
          </h2>
          <p className="mt-3 text-sm whitespace-pre-line break-words text-gray-800">
            <LinkifiedText text={message.text} />
          </p>
        </article>
      </Card>
    </li>
  );
}
