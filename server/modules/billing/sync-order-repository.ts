import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { stripeSyncOrder } from "../../db/schema/app";

/** The next ticket in the order of reads of one Stripe subscription, in a statement of its own. */
export async function takeSyncTicket(db: Db, stripeSubscriptionId: string): Promise<number> {
  const [row] = await db
    .insert(stripeSyncOrder)
    .values({ stripeSubscriptionId, lastTicket: 1 })
    .onConflictDoUpdate({
      target: stripeSyncOrder.stripeSubscriptionId,
      set: { lastTicket: sql`${stripeSyncOrder.lastTicket} + 1` },
    })
    .returning({ ticket: stripeSyncOrder.lastTicket });
  if (!row) throw new Error("no sync ticket was returned");
  return row.ticket;
}

/**
 * Locks the subscription's order until the transaction ends, and claims the write for a read
 * that began at ticket `readStart` and has arrived (the ticket taken here is its end): refused
 * (false) when a read already written had not arrived before this one began, as that one may be
 * the newer.
 */
export async function claimSyncWrite(
  tx: Db,
  stripeSubscriptionId: string,
  readStart: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ writtenReadEnd: stripeSyncOrder.writtenReadEnd })
    .from(stripeSyncOrder)
    .where(eq(stripeSyncOrder.stripeSubscriptionId, stripeSubscriptionId))
    .for("update");
  if (!row || row.writtenReadEnd > readStart) return false;
  await tx
    .update(stripeSyncOrder)
    .set({
      lastTicket: sql`${stripeSyncOrder.lastTicket} + 1`,
      writtenReadEnd: sql`${stripeSyncOrder.lastTicket} + 1`,
    })
    .where(eq(stripeSyncOrder.stripeSubscriptionId, stripeSubscriptionId));
  return true;
}
