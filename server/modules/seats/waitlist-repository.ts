import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { waitlistEntries } from "../../db/schema/app";

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/** A new place at the end of the list; null when the address already waits (any case). */
export async function insertWaitlistEntry(db: Db, values: typeof waitlistEntries.$inferInsert) {
  const [row] = await db.insert(waitlistEntries).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Waiting entries, first come first, for offering freed seats. */
export function listWaitingEntries(db: Db, offeringId: string) {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.offeringId, offeringId), eq(waitlistEntries.status, "waiting")))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

export async function findEntryForOffering(db: Db, offeringId: string, entryId: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.offeringId, offeringId)))
    .for("update");
  return row ?? null;
}

export async function findInvitationByTokenHash(db: Db, offeringId: string, tokenHash: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.offeringId, offeringId),
        eq(waitlistEntries.inviteTokenHash, tokenHash),
        eq(waitlistEntries.status, "invited"),
      ),
    );
  return row ?? null;
}

export async function markInvited(
  db: Db,
  entryId: string,
  invite: { tokenHash: string; invitedAt: Date; expiresAt: Date },
) {
  await db
    .update(waitlistEntries)
    .set({
      status: "invited",
      inviteTokenHash: invite.tokenHash,
      invitedAt: invite.invitedAt,
      inviteExpiresAt: invite.expiresAt,
      finishedAt: null,
    })
    .where(eq(waitlistEntries.id, entryId));
}

export async function markRemoved(db: Db, entryId: string) {
  await db
    .update(waitlistEntries)
    .set({ status: "removed", finishedAt: sql`now()` })
    .where(eq(waitlistEntries.id, entryId));
}

/**
 * Invitations of the offering whose 48 hours ran out at `now`, unused, lapse: unless the
 * invited customer's sign-up is still completing its payment (its own hold then keeps the seat).
 */
export async function lapseExpiredInvitations(db: Db, offeringId: string, now: Date) {
  await db
    .update(waitlistEntries)
    .set({ status: "lapsed", finishedAt: sql`now()` })
    .where(
      and(
        eq(waitlistEntries.offeringId, offeringId),
        eq(waitlistEntries.status, "invited"),
        lte(waitlistEntries.inviteExpiresAt, now),
        sql`not exists (select 1 from signups s where s.waitlist_entry_id = ${waitlistEntries.id}
              and s.state = 'open' and s.holds_seat and s.hold_expires_at > ${now.toISOString()})`,
      ),
    );
}

/** Offerings with an invitation that ran out at `now`: the sweep offers their seats again. */
export async function offeringsWithExpiredInvitations(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ offeringId: waitlistEntries.offeringId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, "invited"), lte(waitlistEntries.inviteExpiresAt, now)));
  return rows.map((row) => row.offeringId);
}

/** The creator's view: those still in line, in order, then the latest 50 who left it. */
export async function listWaitlistForCreator(db: Db, offeringId: string) {
  const open = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.offeringId, offeringId),
        inArray(waitlistEntries.status, ["waiting", "invited"]),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  const closed = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.offeringId, offeringId),
        inArray(waitlistEntries.status, ["subscribed", "removed", "lapsed"]),
      ),
    )
    .orderBy(desc(waitlistEntries.finishedAt), desc(waitlistEntries.id))
    .limit(50);
  return [...open, ...closed];
}

/** Whether the address (any case) is waiting or invited on the offering's list. */
export async function hasOpenEntryFor(db: Db, offeringId: string, email: string) {
  const [row] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.offeringId, offeringId),
        eq(sql`lower(${waitlistEntries.email})`, email.toLowerCase()),
        inArray(waitlistEntries.status, ["waiting", "invited"]),
      ),
    )
    .limit(1);
  return row !== undefined;
}
