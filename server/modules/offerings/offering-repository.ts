import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { offerings } from "../../db/schema/app";

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

export async function insertOffering(db: Db, values: NewOfferingRow) {
  const [row] = await db.insert(offerings).values(values).returning();
  return row!;
}

export async function updateOfferingForCreator(
  db: Db,
  userId: string,
  offeringId: string,
  values: Partial<
    Pick<NewOfferingRow, "title" | "description" | "priceCents" | "stripePriceId" | "isActive">
  >,
) {
  const [row] = await db
    .update(offerings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(offerings.id, offeringId), eq(offerings.userId, userId)))
    .returning();
  return row ?? null;
}

export async function findOfferingById(db: Db, offeringId: string) {
  const [row] = await db.select().from(offerings).where(eq(offerings.id, offeringId));
  return row ?? null;
}
