import type { WaitlistEntry } from "@contracts/waitlist";
import { formatDateTime } from "@/lib/format-date";

/** Where an entry stands, in words (never told by colour alone). */
export function waitlistStatusLabel(
  entry: Pick<WaitlistEntry, "status" | "inviteExpiresAt">,
  format: (iso: string) => string = formatDateTime,
): string {
  switch (entry.status) {
    case "waiting":
      return "Waiting";
    case "invited":
      return entry.inviteExpiresAt ? `Invited until ${format(entry.inviteExpiresAt)}` : "Invited";
    case "subscribed":
      return "Subscribed";
    case "removed":
      return "Removed";
    case "lapsed":
      return "Invitation expired";
  }
}

/** The seats line: "2 seats free", "1 seat free", "Full", or "No capacity limit". */
export function freeSeatsLine(freeSeats: number | null): string {
  if (freeSeats === null) return "No capacity limit";
  if (freeSeats <= 0) return "Full";
  return freeSeats === 1 ? "1 seat free" : `${freeSeats} seats free`;
}

/** Still on the list (numbered, with actions), as against those who have left it. */
export const isOnWaitlist = (entry: Pick<WaitlistEntry, "status">) =>
  entry.status === "waiting" || entry.status === "invited";
