import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  paymentSubscriptions,
  subscriberPauses,
  subscriberSwitches,
  subscribers,
} from "../../db/schema/app";

// The rows of what a customer controls (subscription-changes.ts): the payment row locked for
// the sync, the subscriber's pauses and switches.

/** The subscription's payment row as last synced, locked until the transaction ends. */
export async function lockPaymentSubscription(tx: Db, stripeSubscriptionId: string) {
  const [row] = await tx
    .select({ cancelAtPeriodEnd: paymentSubscriptions.cancelAtPeriodEnd })
    .from(paymentSubscriptions)
    .where(eq(paymentSubscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .for("update");
  return row ?? null;
}

export async function lockOpenPause(tx: Db, subscriberId: string) {
  const [row] = await tx
    .select()
    .from(subscriberPauses)
    .where(and(eq(subscriberPauses.subscriberId, subscriberId), isNull(subscriberPauses.endedAt)))
    .for("update");
  return row ?? null;
}

export async function insertPause(tx: Db, values: typeof subscriberPauses.$inferInsert) {
  const [row] = await tx
    .insert(subscriberPauses)
    .values(values)
    .returning({ id: subscriberPauses.id });
  return row ?? null;
}

export async function updatePause(
  tx: Db,
  pauseId: string,
  values: Partial<Pick<typeof subscriberPauses.$inferInsert, "resumesAt" | "until" | "endedAt">>,
) {
  await tx.update(subscriberPauses).set(values).where(eq(subscriberPauses.id, pauseId));
}

/** Once per switch id: null when it was already recorded. */
export async function insertSwitchOnce(tx: Db, values: typeof subscriberSwitches.$inferInsert) {
  const [row] = await tx
    .insert(subscriberSwitches)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: subscriberSwitches.id });
  return row ?? null;
}

export function listWaitingSwitches(tx: Db, subscriberId: string) {
  return tx
    .select()
    .from(subscriberSwitches)
    .where(
      and(eq(subscriberSwitches.subscriberId, subscriberId), isNull(subscriberSwitches.appliedAt)),
    )
    .orderBy(asc(subscriberSwitches.createdAt));
}

/** Moves the subscriber (and its payment row) to the switch's offering and price. */
export async function applySwitch(
  tx: Db,
  change: { id: string; subscriberId: string; toOfferingId: string; toPriceCents: number },
) {
  await tx
    .update(subscribers)
    .set({ offeringId: change.toOfferingId, priceCents: change.toPriceCents })
    .where(eq(subscribers.id, change.subscriberId));
  await tx
    .update(paymentSubscriptions)
    .set({ offeringId: change.toOfferingId })
    .where(eq(paymentSubscriptions.subscriberId, change.subscriberId));
  await tx
    .update(subscriberSwitches)
    .set({ appliedAt: new Date() })
    .where(eq(subscriberSwitches.id, change.id));
}
