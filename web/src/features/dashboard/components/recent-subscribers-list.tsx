import type { Analytics } from "@contracts/dashboard";
import { Users } from "lucide-react";
import { SubscriberStatusLabel } from "@/components/subscriber-status-label";
import { EmptyList } from "./empty-list";

/** The latest 10 subscribers across all offerings (the server limits and orders them). */
export function RecentSubscribersList({
  subscribers,
}: {
  subscribers: Analytics["recentSubscribers"];
}) {
  if (subscribers.length === 0) {
    return (
      <EmptyList icon={<Users className="size-6" aria-hidden />}>
        No subscribers yet. Share your landing pages to get your first.
      </EmptyList>
    );
  }
  return (
    <ul className="divide-y divide-gray-100">
      {subscribers.map((subscriber) => (
        <li key={subscriber.id} className="flex items-center justify-between gap-3 py-3 text-sm">
          <div className="min-w-0">
            <p className="truncate font-medium text-gray-950">{subscriber.name}</p>
            <p className="truncate text-gray-600">
              {subscriber.email}
              <span aria-hidden> · </span>
              <span className="sr-only">, subscribed to </span>
              {subscriber.offeringTitle}
            </p>
          </div>
          <div className="shrink-0 text-right">
            <SubscriberStatusLabel status={subscriber.paymentStatus} />
            <p className="text-xs text-gray-500">
              <time dateTime={subscriber.createdAt}>
                {new Date(subscriber.createdAt).toLocaleDateString()}
              </time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
