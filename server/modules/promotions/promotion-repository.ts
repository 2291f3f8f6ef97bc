import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { offerings, promoCodeOfferings, promoCodes, subscribers } from "../../db/schema/app";

export type PromoCodeRow = typeof promoCodes.$inferSelect;

export async function findPromoCodeByText(db: Db, userId: string, code: string) {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.userId, userId), eq(promoCodes.code, code)))
    .limit(1);
  return row ?? null;
}

export async function findPromoCodeOfCreator(db: Db, userId: string, promoCodeId: string) {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.userId, userId), eq(promoCodes.id, promoCodeId)))
    .limit(1);
  return row ?? null;
}

export async function isPromoCodeForOffering(db: Db, promoCodeId: string, offeringId: string) {
  const [row] = await db
    .select({ offeringId: promoCodeOfferings.offeringId })
    .from(promoCodeOfferings)
    .where(
      and(
        eq(promoCodeOfferings.promoCodeId, promoCodeId),
        eq(promoCodeOfferings.offeringId, offeringId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The creator's own offerings among `offeringIds`, with their Stripe products. */
export function listOfferingsOfCreator(db: Db, userId: string, offeringIds: string[]) {
  return db
    .select({ id: offerings.id, stripeProductId: offerings.stripeProductId })
    .from(offerings)
    .where(and(eq(offerings.userId, userId), inArray(offerings.id, offeringIds)));
}

/** One transaction: the code and the offerings it works for. Null if the text is taken. */
export async function insertPromoCode(
  db: Db,
  values: typeof promoCodes.$inferInsert & { id: string },
  offeringIds: string[],
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(promoCodes).values(values).onConflictDoNothing().returning();
    if (!row) return null;
    await tx
      .insert(promoCodeOfferings)
      .values(offeringIds.map((offeringId) => ({ promoCodeId: row.id, offeringId })));
    return row;
  });
}

export async function deactivatePromoCode(db: Db, userId: string, promoCodeId: string) {
  const [row] = await db
    .update(promoCodes)
    .set({ isActive: false })
    .where(and(eq(promoCodes.userId, userId), eq(promoCodes.id, promoCodeId)))
    .returning();
  return row ?? null;
}

/** A deactivated code's coupon is deleted at Stripe: only active ones hold one. */
export async function countActivePromoCodesOfCreator(db: Db, userId: string) {
  const [row] = await db
    .select({ codes: count() })
    .from(promoCodes)
    .where(and(eq(promoCodes.userId, userId), eq(promoCodes.isActive, true)));
  return row?.codes ?? 0;
}

export function listPromoCodesOfCreator(db: Db, userId: string) {
  return db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.userId, userId))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
}

/** Which offerings each code works for, by code. */
export async function listOfferingsOfCodes(db: Db, promoCodeIds: string[]) {
  if (promoCodeIds.length === 0) return new Map<string, Array<{ id: string; title: string }>>();
  const rows = await db
    .select({
      promoCodeId: promoCodeOfferings.promoCodeId,
      id: offerings.id,
      title: offerings.title,
    })
    .from(promoCodeOfferings)
    .innerJoin(offerings, eq(offerings.id, promoCodeOfferings.offeringId))
    .where(inArray(promoCodeOfferings.promoCodeId, promoCodeIds))
    .orderBy(asc(offerings.title));
  const byCode = new Map<string, Array<{ id: string; title: string }>>();
  for (const { promoCodeId, ...offering } of rows) {
    byCode.set(promoCodeId, [...(byCode.get(promoCodeId) ?? []), offering]);
  }
  return byCode;
}

/** How many subscribers signed up with each code. */
export async function countUsesOfCodes(db: Db, promoCodeIds: string[]) {
  if (promoCodeIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ promoCodeId: subscribers.promoCodeId, uses: count() })
    .from(subscribers)
    .where(inArray(subscribers.promoCodeId, promoCodeIds))
    .groupBy(subscribers.promoCodeId);
  return new Map(rows.map((row) => [row.promoCodeId!, row.uses]));
}

export async function findPromoCodeById(db: Db, promoCodeId: string) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId)).limit(1);
  return row ?? null;
}
