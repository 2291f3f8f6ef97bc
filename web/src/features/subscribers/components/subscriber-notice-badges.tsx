import type { SubscriberListItem } from "@contracts/subscribers";
import { ArrowRightLeft, CalendarX, Pause } from "lucide-react";
import { cn } from "@/lib/cn";
import { type SubscriberNoticeKind, subscriberNotices } from "../lib/subscriber-notices";

const styles: Record<SubscriberNoticeKind, { icon: typeof Pause; className: string }> = {
  ending: { icon: CalendarX, className: "border-amber-200 bg-amber-50 text-amber-900" },
  paused: { icon: Pause, className: "border-gray-200 bg-gray-50 text-gray-800" },
  switching: { icon: ArrowRightLeft, className: "border-gray-200 bg-gray-50 text-gray-800" },
};

/**
 * A pause, an ending or a switch ahead, each a small badge whose words say it all (the icon and
 * colour only repeat them). Nothing is rendered for a subscriber with none.
 */
export function SubscriberNoticeBadges({
  subscriber,
  className,
}: {
  subscriber: Pick<SubscriberListItem, "pause" | "endsAt" | "pendingSwitch">;
  className?: string;
}) {
  const notices = subscriberNotices(subscriber);
  if (notices.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)}>
      {notices.map(({ kind, text }) => {
        const { icon: Icon, className: tone } = styles[kind];
        return (
          <li
            key={kind}
            className={cn(
              "inline-flex max-w-full items-start gap-1 rounded-md border px-1.5 py-0.5 text-xs font-medium",
              tone,
            )}
          >
            <Icon className="mt-0.5 size-3 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">{text}</span>
          </li>
        );
      })}
    </ul>
  );
}
