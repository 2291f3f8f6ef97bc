import { cadenceAdverb, formatSubscriptionPrice } from "@contracts/cadence";
import { formatCents } from "@contracts/money";
import type { SubscriberListItem } from "@contracts/subscribers";
import { SubscriberStatusLabel } from "@/components/subscriber-status-label";
import { formatDate } from "@/lib/format-date";
import { trialUntil } from "./format";
import { SubscriberNoticeBadges } from "./subscriber-notice-badges";

interface SubscribersTableProps {
  subscribers: SubscriberListItem[];
  onOpen: (subscriber: SubscriberListItem) => void;
}

/** The status, and while a free trial runs, when it ends. */
function Status({ subscriber }: { subscriber: SubscriberListItem }) {
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <SubscriberStatusLabel status={subscriber.status} />
      {subscriber.trialEndsAt ? (
        <span className="text-xs text-gray-600">{trialUntil(subscriber.trialEndsAt)}</span>
      ) : null}
    </span>
  );
}

/** The next charge; a subscription set to end has none (its ending is a badge by the status). */
function NextBilling({ subscriber }: { subscriber: SubscriberListItem }) {
  if (subscriber.nextBillingAt) {
    return <time dateTime={subscriber.nextBillingAt}>{formatDate(subscriber.nextBillingAt)}</time>;
  }
  return (
    <span className="text-gray-500">
      <span aria-hidden>—</span>
      <span className="sr-only">None</span>
    </span>
  );
}

function NameButton({
  subscriber,
  onOpen,
}: {
  subscriber: SubscriberListItem;
  onOpen: (subscriber: SubscriberListItem) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(subscriber)}
      className="max-w-full truncate rounded text-left font-medium text-gray-950 underline-offset-4 hover:underline"
    >
      {subscriber.name}
    </button>
  );
}

/**
 * A table from the md breakpoint up; below it each subscriber is a small card, so nothing
 * scrolls sideways at 375 px. Each name opens the subscriber's detail.
 */
export function SubscribersTable({ subscribers, onOpen }: SubscribersTableProps) {
  return (
    <>
      <ul className="divide-y divide-gray-100 md:hidden">
        {subscribers.map((subscriber) => (
          <li key={subscriber.id} className="space-y-1 py-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <NameButton subscriber={subscriber} onOpen={onOpen} />
                <p className="truncate text-gray-600">{subscriber.email}</p>
              </div>
              <Status subscriber={subscriber} />
            </div>
            <p className="text-gray-700">
              {subscriber.offeringTitle}
              <span aria-hidden> · </span>
              <span className="sr-only">, </span>
              <span className="tabular">
                {formatSubscriptionPrice(subscriber.priceCents, subscriber.cadence)}
              </span>
            </p>
            <p className="text-xs text-gray-600">
              Joined <time dateTime={subscriber.joinedAt}>{formatDate(subscriber.joinedAt)}</time>
              {/* An ending says its date in its badge below. */}
              {subscriber.endsAt ? null : (
                <>
                  <span aria-hidden> · </span>
                  <span className="sr-only">, </span>
                  Next billing <NextBilling subscriber={subscriber} />
                </>
              )}
            </p>
            <SubscriberNoticeBadges subscriber={subscriber} className="pt-1" />
          </li>
        ))}
      </ul>
      <table className="hidden w-full table-fixed text-left text-sm md:table">
        <thead className="border-b border-gray-200 text-xs font-medium text-gray-600">
          <tr>
            <th scope="col" className="w-[16%] py-2 pr-3 font-medium">
              Name
            </th>
            <th scope="col" className="w-[20%] py-2 pr-3 font-medium">
              E-mail
            </th>
            <th scope="col" className="w-[15%] py-2 pr-3 font-medium">
              Subscription
            </th>
            <th scope="col" className="w-[9%] py-2 pr-3 text-right font-medium">
              Price
            </th>
            <th scope="col" className="w-[18%] py-2 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="w-[10%] py-2 pr-3 font-medium">
              Joined
            </th>
            <th scope="col" className="w-[12%] py-2 font-medium">
              Next billing
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id}>
              <td className="py-3 pr-3">
                <NameButton subscriber={subscriber} onOpen={onOpen} />
              </td>
              <td className="truncate py-3 pr-3 text-gray-700">{subscriber.email}</td>
              <td className="truncate py-3 pr-3 text-gray-700">{subscriber.offeringTitle}</td>
              <td className="tabular py-3 pr-3 text-right text-gray-900">
                {formatCents(subscriber.priceCents)}
                {/* The column is narrow: the cadence goes under the amount, not after it. */}
                {subscriber.priceCents === 0 ? null : (
                  <span className="block text-xs text-gray-600">
                    {cadenceAdverb(subscriber.cadence)}
                  </span>
                )}
              </td>
              <td className="py-3 pr-3">
                <Status subscriber={subscriber} />
                <SubscriberNoticeBadges subscriber={subscriber} className="mt-1" />
              </td>
              <td className="py-3 pr-3 text-gray-700">
                <time dateTime={subscriber.joinedAt}>{formatDate(subscriber.joinedAt)}</time>
              </td>
              <td className="py-3 text-gray-700">
                <NextBilling subscriber={subscriber} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
