import type { SubscriberListItem } from "@contracts/subscribers";
import { formatDate } from "@/lib/format-date";

export type SubscriberNoticeKind = "paused" | "ending" | "switching";

interface SubscriberNotice {
  kind: SubscriberNoticeKind;
  text: string;
}

type NoticeFacts = Pick<SubscriberListItem, "pause" | "endsAt" | "pendingSwitch">;

/** A date kept on one line: a narrow badge wraps before "Dec 18, 2026", not inside it. */
const day = (iso: string) => formatDate(iso).replace(/ /g, "\u00a0");

/**
 * What is about to change for a subscriber, said the same way in a row and in the detail
 * (issue 21): "Paused until Aug 31, 2027" (or "Paused" with no end set), "Ending Dec 28, 2026",
 * "Switching to Full Lawn Care on Jan 5, 2027". An ending comes first: it overrides the rest.
 */
export function subscriberNotices({
  pause,
  endsAt,
  pendingSwitch,
}: NoticeFacts): SubscriberNotice[] {
  const notices: SubscriberNotice[] = [];
  if (endsAt) notices.push({ kind: "ending", text: `Ending ${day(endsAt)}` });
  if (pause) {
    const text = pause.until ? `Paused until ${day(pause.until)}` : "Paused";
    notices.push({ kind: "paused", text });
  }
  if (pendingSwitch) {
    const { offeringTitle, effectiveAt } = pendingSwitch;
    notices.push({
      kind: "switching",
      text: `Switching to ${offeringTitle} on ${day(effectiveAt)}`,
    });
  }
  return notices;
}
