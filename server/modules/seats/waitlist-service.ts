import { NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE } from "../../../contracts/landing";
import {
  INVITATION_EXPIRED_MESSAGE,
  type Invitation,
  type JoinWaitlistInput,
  NO_FREE_SEAT_MESSAGE,
  WAITLIST_JOINED_MESSAGE,
  type Waitlist,
  type WaitlistEntry,
} from "../../../contracts/waitlist";
import type { Db } from "../../db/client";
import type { BillingClock } from "../../integrations/stripe/billing-clock";
import { AppError } from "../../lib/errors";
import { findConnectAccountByUserId } from "../connect/connect-repository";
import {
  findActiveOfferingRowByCustomUrl,
  findOfferingForCreator,
} from "../offerings/offering-repository";
import { addressColumnsOf, addressOfRow } from "../service-details/address-columns";
import { checkServiceDetails } from "../service-details/service-details-check";
import {
  canTakeSeat,
  invitationDigest,
  inviteEntry,
  offerSeats,
  type SeatOfferDeps,
} from "./seat-offers";
import { countFreeSeats, lockOfferingSeats } from "./seat-repository";
import {
  findEntryForOffering,
  findInvitationByTokenHash,
  hasOpenEntryFor,
  insertWaitlistEntry,
  listWaitlistForCreator,
  markRemoved,
  type WaitlistEntryRow,
} from "./waitlist-repository";

export type WaitlistDeps = SeatOfferDeps & { db: Db; clock: BillingClock };

const NOT_AVAILABLE = "This subscription is not available. It may have been deactivated.";
const ENTRY_NOT_FOUND = "That person is not on this subscription's waitlist.";

async function requireOpenOffering(db: Db, customUrl: string) {
  const offering = await findActiveOfferingRowByCustomUrl(db, customUrl);
  if (!offering) throw new AppError("not_found", NOT_AVAILABLE);
  return offering;
}

/**
 * Joins an offering's waitlist with the same details a sign-up gives (the address may be
 * outside the area: the business may widen it). Answers the same whether or not the address
 * was already waiting. Someone who joins while a seat is free (outside the area, or just as one
 * freed) is offered it at once, in the same transaction.
 */
export async function joinWaitlist(deps: WaitlistDeps, input: JoinWaitlistInput) {
  const offering = await requireOpenOffering(deps.db, input.customUrl);
  const account = await findConnectAccountByUserId(deps.db, offering.userId);
  if (!account?.chargesEnabled) throw new AppError("conflict", NOT_ACCEPTING_SUBSCRIPTIONS_MESSAGE);
  const details = await checkServiceDetails(deps.db, offering, input, { allowOutsideArea: true });
  const now = await deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const entry = await insertWaitlistEntry(tx, {
      offeringId: offering.id,
      name: input.name,
      email: input.email,
      ...addressColumnsOf(details.address, details.phone),
      answers: details.answers,
    });
    if (entry) await offerSeats(tx, deps, offering.id, now);
  });
  return { message: WAITLIST_JOINED_MESSAGE };
}

/** What the invited customer's form starts from; refused once the invitation lapsed or was used. */
export async function readInvitation(
  deps: WaitlistDeps,
  input: { customUrl: string; inviteToken: string },
): Promise<Invitation> {
  const offering = await requireOpenOffering(deps.db, input.customUrl);
  const entry = await findInvitationByTokenHash(
    deps.db,
    offering.id,
    invitationDigest(input.inviteToken),
  );
  const now = await deps.clock.now();
  if (!entry?.inviteExpiresAt || entry.inviteExpiresAt <= now) {
    throw new AppError("invitation_expired", INVITATION_EXPIRED_MESSAGE);
  }
  return {
    name: entry.name,
    email: entry.email,
    phone: entry.phone,
    address: addressOfRow(entry),
    answers: Object.fromEntries(entry.answers.map((answer) => [answer.questionId, answer.value])),
    expiresAt: entry.inviteExpiresAt.toISOString(),
  };
}

function entryView(
  offering: { onSite: boolean; serviceArea: string[] },
  row: WaitlistEntryRow,
): WaitlistEntry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: addressOfRow(row),
    isInServiceArea: canTakeSeat(offering, row),
    status: row.status,
    joinedAt: row.createdAt.toISOString(),
    invitedAt: row.invitedAt?.toISOString() ?? null,
    inviteExpiresAt: row.inviteExpiresAt?.toISOString() ?? null,
  };
}

async function requireOwnOffering(db: Db, userId: string, offeringId: string) {
  const offering = await findOfferingForCreator(db, userId, offeringId);
  if (!offering) throw new AppError("not_found", "That subscription was not found.");
  return offering;
}

/** The creator's waitlist of one offering, in order, with the seats free to offer now. */
export async function getWaitlist(
  deps: WaitlistDeps,
  userId: string,
  offeringId: string,
): Promise<Waitlist> {
  const offering = await requireOwnOffering(deps.db, userId, offeringId);
  const now = await deps.clock.now();
  const rows = await listWaitlistForCreator(deps.db, offering.id);
  return {
    entries: rows.map((row) => entryView(offering, row)),
    freeSeats: await countFreeSeats(deps.db, offering, now),
  };
}

/** Takes someone off the list; an invitation they held goes to the next person. */
export async function removeWaitlistEntry(
  deps: WaitlistDeps,
  userId: string,
  offeringId: string,
  entryId: string,
) {
  const offering = await requireOwnOffering(deps.db, userId, offeringId);
  const now = await deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockOfferingSeats(tx, offering.id);
    const entry = await findEntryForOffering(tx, offering.id, entryId);
    if (!entry) throw new AppError("not_found", ENTRY_NOT_FOUND);
    if (entry.status !== "waiting" && entry.status !== "invited") return;
    await markRemoved(tx, entry.id);
    if (entry.status === "invited") await offerSeats(tx, deps, offering.id, now);
  });
}

/**
 * "Invite now": the creator picks who gets a free seat, ahead of the order (a neighbour, a
 * regular). Only into a free seat, never over capacity, and only an address the area serves.
 */
export async function inviteWaitlistEntryNow(
  deps: WaitlistDeps,
  userId: string,
  offeringId: string,
  entryId: string,
): Promise<WaitlistEntry> {
  const offering = await requireOwnOffering(deps.db, userId, offeringId);
  if (!offering.isActive) {
    throw new AppError("conflict", "Reactivate this subscription before inviting anyone to it.");
  }
  const now = await deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockOfferingSeats(tx, offering.id);
    const entry = await findEntryForOffering(tx, offering.id, entryId);
    if (!entry) throw new AppError("not_found", ENTRY_NOT_FOUND);
    if (entry.status !== "waiting" && entry.status !== "lapsed") {
      throw new AppError(
        "conflict",
        "Only someone waiting, or whose invitation expired, can be invited.",
      );
    }
    if (!canTakeSeat(offering, entry)) {
      throw new AppError(
        "conflict",
        "Their address is outside this subscription's service area. Widen the area to invite them.",
      );
    }
    if (entry.status === "lapsed" && (await hasOpenEntryFor(tx, offering.id, entry.email))) {
      throw new AppError("conflict", "They joined the waitlist again: invite their newer place.");
    }
    if ((await countFreeSeats(tx, offering, now)) === 0) {
      throw new AppError("conflict", NO_FREE_SEAT_MESSAGE);
    }
    await inviteEntry(tx, deps, offering, entry, now);
    const [updated] = await listWaitlistForCreator(tx, offering.id).then((rows) =>
      rows.filter((row) => row.id === entry.id),
    );
    return entryView(offering, updated ?? entry);
  });
}
