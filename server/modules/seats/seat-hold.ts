import { OFFERING_FULL_MESSAGE } from "../../../contracts/landing";
import { INVITATION_EXPIRED_MESSAGE } from "../../../contracts/waitlist";
import type { Db } from "../../db/client";
import type { BillingClock } from "../../integrations/stripe/billing-clock";
import { AppError } from "../../lib/errors";
import { addressColumnsOf } from "../service-details/address-columns";
import type { CheckedServiceDetails } from "../service-details/service-details-check";
import { invitationDigest } from "./seat-offers";
import { countFreeSeats, lockOfferingSeats } from "./seat-repository";
import { findSignupByAttemptKey, insertSignup, reopenSignup } from "./signup-repository";
import { findInvitationByTokenHash } from "./waitlist-repository";

/**
 * How long a sign-up holds its seat: a card attempt as long as Stripe keeps its incomplete
 * subscription (23 hours, then incomplete_expired releases it sooner), hosted Checkout as long
 * as its session can be paid, a free sign-up the length of its request.
 */
export const HOLD_SECONDS = {
  card: 24 * 3600,
  checkout: 3600,
  free: 600,
} as const;

export interface SignupRequest {
  offering: { id: string; capacity: number | null };
  /** "card:<attemptId>" and so on: a retry of the attempt finds its sign-up again. */
  attemptKey: string;
  holdSeconds: number;
  name: string;
  email: string;
  details: CheckedServiceDetails;
  inviteToken?: string | undefined;
}

/**
 * Records a sign-up's details and, on an offering with a capacity (or with a waitlist
 * invitation), holds its seat: the count and the hold are one transaction under the offering's
 * seat lock, so of two customers after the last seat, on any instances, one gets it and the
 * other is told the offering is full. An invitation's seat is the invited customer's own.
 * A retry of the same attempt keeps its sign-up (and its seat). An offering with no limit that
 * asks for nothing (no address, no questions) needs no sign-up row: null.
 */
export async function holdSeat(deps: { db: Db; clock: BillingClock }, request: SignupRequest) {
  const hasNothingToKeep =
    request.offering.capacity === null &&
    !request.inviteToken &&
    !request.details.address &&
    request.details.answers.length === 0;
  if (hasNothingToKeep) return null;
  const now = await deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const existing = await findSignupByAttemptKey(tx, request.attemptKey);
    if (existing && existing.state !== "released") return existing;
    await lockOfferingSeats(tx, request.offering.id);
    let waitlistEntryId: string | null = null;
    if (request.inviteToken) {
      const entry = await findInvitationByTokenHash(
        tx,
        request.offering.id,
        invitationDigest(request.inviteToken),
      );
      if (!entry?.inviteExpiresAt || entry.inviteExpiresAt <= now) {
        throw new AppError("invitation_expired", INVITATION_EXPIRED_MESSAGE);
      }
      waitlistEntryId = entry.id;
    } else if ((await countFreeSeats(tx, request.offering, now)) === 0) {
      throw new AppError("offering_full", OFFERING_FULL_MESSAGE);
    }
    const hold = {
      holdsSeat: request.offering.capacity !== null || waitlistEntryId !== null,
      holdExpiresAt: new Date(now.getTime() + request.holdSeconds * 1000),
      waitlistEntryId,
    };
    if (existing) {
      await reopenSignup(tx, existing.id, hold);
      return { ...existing, ...hold, state: "open" as const };
    }
    return insertSignup(tx, {
      offeringId: request.offering.id,
      attemptKey: request.attemptKey,
      name: request.name,
      email: request.email,
      ...addressColumnsOf(request.details.address, request.details.phone),
      answers: request.details.answers,
      ...hold,
    });
  });
}
