import { and, asc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  offerings,
  paymentSubscriptions,
  subscriberPauses,
  subscriberSwitches,
  type subscribers,
} from "../../db/schema/app";
import type { ControlState } from "./control-state";

type SubscriberRow = typeof subscribers.$inferSelect;
type OfferingRow = typeof offerings.$inferSelect;

async function findOpenPause(db: Db, subscriberId: string) {
  const [row] = await db
    .select()
    .from(subscriberPauses)
    .where(and(eq(subscriberPauses.subscriberId, subscriberId), isNull(subscriberPauses.endedAt)));
  return row ?? null;
}

/** A downgrade waiting for its renewal, with the offering it moves to. */
async function findPendingSwitch(db: Db, subscriberId: string) {
  const [row] = await db
    .select({
      id: subscriberSwitches.id,
      toOfferingId: subscriberSwitches.toOfferingId,
      offeringTitle: offerings.title,
      priceCents: subscriberSwitches.toPriceCents,
      effectiveAt: subscriberSwitches.effectiveAt,
    })
    .from(subscriberSwitches)
    .innerJoin(offerings, eq(offerings.id, subscriberSwitches.toOfferingId))
    .where(
      and(eq(subscriberSwitches.subscriberId, subscriberId), isNull(subscriberSwitches.appliedAt)),
    )
    .orderBy(asc(subscriberSwitches.createdAt))
    .limit(1);
  return row ?? null;
}

/** The business's other active, paid offerings a subscriber of `offering` can move to. */
async function listSwitchTargets(db: Db, offering: OfferingRow) {
  return db
    .select({ id: offerings.id, title: offerings.title, priceCents: offerings.priceCents })
    .from(offerings)
    .where(
      and(
        eq(offerings.userId, offering.userId),
        eq(offerings.isActive, true),
        eq(offerings.cadence, offering.cadence),
        gt(offerings.priceCents, 0),
        ne(offerings.id, offering.id),
      ),
    )
    .orderBy(asc(offerings.priceCents), asc(offerings.title))
    .limit(20);
}

async function findPaymentSubscription(db: Db, stripeSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(paymentSubscriptions)
    .where(eq(paymentSubscriptions.stripeSubscriptionId, stripeSubscriptionId));
  return row ?? null;
}

/** Everything the self-service page's controls depend on, from our rows (no Stripe call). */
export async function loadControlState(
  db: Db,
  subscriber: SubscriberRow,
  offering: OfferingRow,
): Promise<ControlState> {
  const payment = subscriber.stripeSubscriptionId
    ? await findPaymentSubscription(db, subscriber.stripeSubscriptionId)
    : null;
  const isLive = subscriber.paymentStatus !== "cancelled";
  const pause = isLive ? await findOpenPause(db, subscriber.id) : null;
  const pending = isLive ? await findPendingSwitch(db, subscriber.id) : null;
  return {
    status: subscriber.paymentStatus,
    stripeStatus: payment?.status ?? null,
    priceCents: subscriber.priceCents,
    cadence: subscriber.cadence,
    cancelAtPeriodEnd: payment?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: payment?.currentPeriodEnd ?? null,
    pause: pause ? { until: pause.until } : null,
    pendingSwitch:
      pending?.effectiveAt != null
        ? {
            offeringTitle: pending.offeringTitle,
            priceCents: pending.priceCents,
            effectiveAt: pending.effectiveAt,
          }
        : null,
    maxPausePeriods: offering.maxPausePeriods,
    switchTargets: isLive && payment ? await listSwitchTargets(db, offering) : [],
  };
}
