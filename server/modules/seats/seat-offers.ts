import { createHash, randomBytes } from "node:crypto";
import { isInServiceArea, WAITLIST_HOLD_HOURS } from "../../../contracts/service-details";
import type { Db } from "../../db/client";
import type { Mailer } from "../../integrations/email/mailer";
import { renderWaitlistInvitationEmail } from "../../integrations/email/templates/waitlist-invitation";
import { waitlistInvitationUrl } from "../../lib/public-links";
import { findOfferingById } from "../offerings/offering-repository";
import { countFreeSeats, lockOfferingSeats } from "./seat-repository";
import {
  lapseExpiredInvitations,
  listWaitingEntries,
  markInvited,
  type WaitlistEntryRow,
} from "./waitlist-repository";

export interface SeatOfferDeps {
  mailer: Mailer;
  publicUrl: string;
}

const HOLD_MS = WAITLIST_HOLD_HOURS * 3600 * 1000;

export const invitationDigest = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether a waiting person could use a seat: their address (if any) is inside today's area. */
export function canTakeSeat(
  offering: { onSite: boolean; serviceArea: string[] },
  entry: Pick<WaitlistEntryRow, "addressPostalCode">,
): boolean {
  if (!offering.onSite || !entry.addressPostalCode) return true;
  return isInServiceArea(entry.addressPostalCode, offering.serviceArea);
}

/**
 * Invites one waiting person: a fresh secret, the seat held for 48 hours from `now` (the billing
 * clock), and the e-mail, written in the caller's transaction and keyed by this invitation, so
 * it is sent exactly once however often the seat's change is seen.
 */
export async function inviteEntry(
  tx: Db,
  deps: SeatOfferDeps,
  offering: { title: string; customUrl: string; userId: string },
  entry: WaitlistEntryRow,
  now: Date,
) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + HOLD_MS);
  await markInvited(tx, entry.id, {
    tokenHash: invitationDigest(token),
    invitedAt: now,
    expiresAt,
  });
  await deps.mailer.enqueue(tx, {
    kind: "waitlist_invitation",
    dedupeKey: `waitlist-invitation:${entry.id}:${now.getTime()}`,
    userId: offering.userId,
    ...(await renderWaitlistInvitationEmail({
      to: entry.email,
      name: entry.name,
      offeringTitle: offering.title,
      inviteUrl: waitlistInvitationUrl(deps.publicUrl, offering.customUrl, token),
      expiresAt,
    })),
  });
}

/**
 * Offers an offering's free seats to its waitlist, first come first (those whose address is
 * inside the area), after lapsing invitations whose 48 hours ran out. Called wherever a seat may
 * have freed: a subscription ended, a sign-up's hold released, the capacity raised or the area
 * widened, someone removed, the sweep. It takes the offering's seat lock for the rest of the
 * caller's transaction, so two instances never offer one seat twice; calling it when nothing
 * changed offers nothing.
 */
export async function offerSeats(tx: Db, deps: SeatOfferDeps, offeringId: string, now: Date) {
  await lockOfferingSeats(tx, offeringId);
  const offering = await findOfferingById(tx, offeringId);
  if (!offering) return 0;
  await lapseExpiredInvitations(tx, offeringId, now);
  // A deactivated offering takes no sign-ups: nobody is invited to one.
  if (!offering.isActive) return 0;
  const free = await countFreeSeats(tx, offering, now);
  if (free === 0) return 0;
  const eligible = (await listWaitingEntries(tx, offeringId)).filter((entry) =>
    canTakeSeat(offering, entry),
  );
  const invited = free === null ? eligible : eligible.slice(0, free);
  for (const entry of invited) await inviteEntry(tx, deps, offering, entry, now);
  return invited.length;
}
