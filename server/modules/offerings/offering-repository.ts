import { and, count, desc, eq, gt, isNotNull, lt, min, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { offeringPriceChanges, offerings, subscribers } from "../../db/schema/app";

export type OfferingRow = typeof offerings.$inferSelect;
export type NewOfferingRow = typeof offerings.$inferInsert;

export function listOfferingsForCreator(db: Db, userId: string) {
  return db
    .select()
    .from(offerings)
    .where(eq(offerings.userId, userId))
    .orderBy(desc(offerings.createdAt));
}

/** Scoped by owner: another creator's id simply isn't found. */
export async function findOfferingForCreator(db: Db, userId: string, offeringId: string) {
  const [row] = await db
    .select()
    .from(offerings)
    .where(and(eq(offerings.id, offeringId), eq(offerings.userId, userId)));
  return row ?? null;
}

/**
 * The offering as it is before an edit, locked until the transaction ends: an edit and a
 * sign-up's seat count (which locks the same row) take turns, and the edit compares with what
 * it really replaces.
 */
export async function lockOfferingForCreator(tx: Db, userId: string, offeringId: string) {
  const [row] = await tx
    .select()
    .from(offerings)
    .where(and(eq(offerings.id, offeringId), eq(offerings.userId, userId)))
    .for("update");
  return row ?? null;
}

export async function insertOffering(db: Db, values: NewOfferingRow) {
  const [row] = await db.insert(offerings).values(values).returning();
  return row!;
}

/** Whether an offering was made with this Stripe product (ids we choose are unique per request). */
export async function isStripeProductInUse(db: Db, stripeProductId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: offerings.id })
    .from(offerings)
    .where(eq(offerings.stripeProductId, stripeProductId))
    .limit(1);
  return row !== undefined;
}

export async function updateOfferingForCreator(
  db: Db,
  userId: string,
  offeringId: string,
  values: Partial<
    Pick<
      NewOfferingRow,
      | "title"
      | "description"
      | "priceCents"
      | "cadence"
      | "trialDays"
      | "maxPausePeriods"
      | "onSite"
      | "serviceArea"
      | "capacity"
      | "stripePriceId"
      | "isActive"
    >
  >,
) {
  const [row] = await db
    .update(offerings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(offerings.id, offeringId), eq(offerings.userId, userId)))
    .returning();
  return row ?? null;
}

/** Every offering the creator has, active or not: each is a Stripe Product. */
export async function countOfferingsOfCreator(db: Db, userId: string) {
  const [row] = await db.select({ n: count() }).from(offerings).where(eq(offerings.userId, userId));
  return row?.n ?? 0;
}

/** The offering's price changes since `since`, and when the oldest of them was made. */
export async function countPriceChangesSince(db: Db, offeringId: string, since: Date) {
  const [row] = await db
    .select({ n: count(), oldest: min(offeringPriceChanges.createdAt) })
    .from(offeringPriceChanges)
    .where(
      and(
        eq(offeringPriceChanges.offeringId, offeringId),
        gt(offeringPriceChanges.createdAt, since),
      ),
    );
  return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/** Records a price change; the offering's changes older than `pruneBefore` count for nothing. */
export async function insertPriceChange(
  db: Db,
  values: typeof offeringPriceChanges.$inferInsert,
  pruneBefore: Date,
) {
  await db.insert(offeringPriceChanges).values(values);
  await db
    .delete(offeringPriceChanges)
    .where(
      and(
        eq(offeringPriceChanges.offeringId, values.offeringId),
        lt(offeringPriceChanges.createdAt, pruneBefore),
      ),
    );
}

/**
 * An active offering's row by its custom URL: what the paths that sell it (subscribe, the
 * waitlist) need, without the landing page's questions and seat count.
 */
export async function findActiveOfferingRowByCustomUrl(db: Db, customUrl: string) {
  const [row] = await db
    .select()
    .from(offerings)
    .where(and(eq(offerings.customUrl, customUrl), eq(offerings.isActive, true)));
  return row ?? null;
}

export async function findOfferingById(db: Db, offeringId: string) {
  const [row] = await db.select().from(offerings).where(eq(offerings.id, offeringId));
  return row ?? null;
}

/** Live means not cancelled: active or past due, so Stripe may still charge them. */
const isLiveSubscriberOf = (userId: string, offeringId: string) =>
  and(
    eq(offerings.id, offeringId),
    eq(offerings.userId, userId),
    ne(subscribers.paymentStatus, "cancelled"),
  );

export async function countLiveSubscribersOfOffering(db: Db, userId: string, offeringId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
    .where(isLiveSubscriberOf(userId, offeringId));
  return row?.n ?? 0;
}

export async function listLiveStripeSubscriptionIdsOfOffering(
  db: Db,
  userId: string,
  offeringId: string,
) {
  const rows = await db
    .select({ stripeSubscriptionId: subscribers.stripeSubscriptionId })
    .from(subscribers)
    .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
    .where(
      and(isLiveSubscriberOf(userId, offeringId), isNotNull(subscribers.stripeSubscriptionId)),
    );
  return rows.flatMap((row) => (row.stripeSubscriptionId ? [row.stripeSubscriptionId] : []));
}

/** The creator's name shown on every one of their offerings follows their business name. */
export async function setCreatorNameOnOfferings(db: Db, userId: string, creatorName: string) {
  await db
    .update(offerings)
    .set({ creatorName, updatedAt: new Date() })
    .where(eq(offerings.userId, userId));
}
