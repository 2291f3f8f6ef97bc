import type { Db } from "../../db/client";
import { type JobQueue, queues } from "../../integrations/jobs/job-queue";
import type { BillingClock } from "../../integrations/stripe/billing-clock";
import { offerSeats, type SeatOfferDeps } from "./seat-offers";
import { deleteOldSignups, releaseExpiredHolds } from "./signup-repository";
import { offeringsWithExpiredInvitations } from "./waitlist-repository";

export type SeatSweepDeps = SeatOfferDeps & { db: Db; clock: BillingClock };

/**
 * Seats whose hold ran out at the billing clock's now: sign-ups that never finished (a Checkout
 * session left open; a card attempt Stripe has not expired yet is released by its webhook) and
 * waitlist invitations unused for 48 hours. Each offering's seats are then offered to the next
 * people waiting, one offering per transaction. Old sign-ups are deleted.
 */
export async function sweepSeats(deps: SeatSweepDeps): Promise<{ offerings: number }> {
  const now = await deps.clock.now();
  const released = await releaseExpiredHolds(deps.db, now);
  const lapsed = await offeringsWithExpiredInvitations(deps.db, now);
  const offeringIds = [...new Set([...released, ...lapsed])];
  for (const offeringId of offeringIds) {
    await deps.db.transaction((tx) => offerSeats(tx, deps, offeringId, now));
  }
  await deleteOldSignups(deps.db);
  return { offerings: offeringIds.length };
}

/** Every minute on the job queue: one instance runs each sweep, whatever their number. */
export async function startSeatSweepSchedule(deps: SeatSweepDeps & { queue: JobQueue }) {
  await deps.queue.work(queues.seatSweep, async () => {
    await sweepSeats(deps);
  });
  await deps.queue.schedule(queues.seatSweep, "* * * * *");
}
