import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { offerings, waitlistEntries } from "../../db/schema/app";

/**
 * Makes every change to an offering's seats take turns until the caller's transaction ends: a
 * sign-up's count-and-hold, a seat freed and offered to the waitlist. The offering's row lock is
 * the one place they meet, whichever instance runs them, so two can't both take the last seat.
 */
export async function lockOfferingSeats(tx: Db, offeringId: string) {
  const [row] = await tx
    .select({ id: offerings.id, capacity: offerings.capacity, serviceArea: offerings.serviceArea })
    .from(offerings)
    .where(eq(offerings.id, offeringId))
    .for("update");
  return row ?? null;
}

/**
 * Seats taken at `now` (the billing clock): subscribers not cancelled (paused, past due and
 * set-to-end ones still hold theirs), sign-ups still completing their first payment, and
 * waitlist invitations not yet used or lapsed (one whose sign-up is under way counts once).
 */
async function countTakenSeats(db: Db, offeringId: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select
      (select count(*) from subscribers
        where offering_id = ${offeringId} and payment_status <> 'cancelled')
      + (select count(*) from signups
        where offering_id = ${offeringId} and state = 'open' and holds_seat
          and hold_expires_at > ${at})
      + (select count(*) from waitlist_entries w
        where w.offering_id = ${offeringId} and w.status = 'invited' and w.invite_expires_at > ${at}
          and not exists (
            select 1 from signups s
            where s.waitlist_entry_id = w.id and s.state = 'open' and s.holds_seat
              and s.hold_expires_at > ${at}
          ))
      as taken`);
  const [row] = (result as unknown as { rows: Array<{ taken: string | number }> }).rows;
  return Number(row?.taken ?? 0);
}

/** Seats free at `now`; null when the offering has no capacity limit. */
export async function countFreeSeats(
  db: Db,
  offering: { id: string; capacity: number | null },
  now: Date,
): Promise<number | null> {
  if (offering.capacity === null) return null;
  return Math.max(0, offering.capacity - (await countTakenSeats(db, offering.id, now)));
}

export async function isOfferingFull(
  db: Db,
  offering: { id: string; capacity: number | null },
  now: Date,
): Promise<boolean> {
  return (await countFreeSeats(db, offering, now)) === 0;
}

/** People on each offering's waitlist: waiting, or holding an invitation. */
export async function countWaitlists(
  db: Db,
  offeringIds: readonly string[],
): Promise<Map<string, number>> {
  if (offeringIds.length === 0) return new Map();
  const rows = await db
    .select({ offeringId: waitlistEntries.offeringId, count: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        inArray(waitlistEntries.offeringId, [...offeringIds]),
        inArray(waitlistEntries.status, ["waiting", "invited"]),
      ),
    )
    .groupBy(waitlistEntries.offeringId);
  return new Map(rows.map((row) => [row.offeringId, Number(row.count)]));
}
