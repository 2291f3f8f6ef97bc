import { and, eq, sql } from "drizzle-orm";
import type { PublicOffering } from "../../../contracts/landing";
import type { Db } from "../../db/client";
import { connectAccounts, offerings } from "../../db/schema/app";
import { user } from "../../db/schema/auth";
import { isOfferingFull } from "../seats/seat-repository";
import { findActiveQuestions } from "./question-repository";

const publicColumns = {
  id: offerings.id,
  title: offerings.title,
  description: offerings.description,
  priceCents: offerings.priceCents,
  cadence: offerings.cadence,
  trialDays: offerings.trialDays,
  customUrl: offerings.customUrl,
  category: offerings.category,
  subcategory: offerings.subcategory,
  creatorName: offerings.creatorName,
  // Shown as the provider's contact only once its owner has proved they read that inbox.
  creatorEmail: sql<
    string | null
  >`case when ${user.emailVerified} then ${offerings.creatorEmail} else null end`,
  // Subscribing needs Stripe to have enabled charges on the creator's account (ADR 024).
  isAcceptingSubscriptions: sql<boolean>`coalesce(${connectAccounts.chargesEnabled}, false)`,
  onSite: offerings.onSite,
  serviceArea: offerings.serviceArea,
  capacity: offerings.capacity,
};

/**
 * The only public read of an offering: active, by its custom URL (unique index). Whether it is
 * full is told at `now` (the billing clock, as seat holds expire on it), never how many seats
 * are taken or waited for.
 */
export async function findActiveOfferingByCustomUrl(
  db: Db,
  customUrl: string,
  now: Date,
): Promise<PublicOffering | null> {
  const [row] = await db
    .select(publicColumns)
    .from(offerings)
    .innerJoin(user, eq(user.id, offerings.userId))
    .leftJoin(connectAccounts, eq(connectAccounts.userId, offerings.userId))
    .where(and(eq(offerings.customUrl, customUrl), eq(offerings.isActive, true)))
    .limit(1);
  if (!row) return null;
  const { capacity, ...offering } = row;
  const [questions, isFull] = await Promise.all([
    findActiveQuestions(db, row.id),
    isOfferingFull(db, { id: row.id, capacity }, now),
  ]);
  return { ...offering, questions, isFull };
}
