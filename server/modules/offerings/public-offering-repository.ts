import { and, eq } from "drizzle-orm";
import type { PublicOffering } from "../../../contracts/landing";
import type { Db } from "../../db/client";
import { offerings } from "../../db/schema/app";

const publicColumns = {
  id: offerings.id,
  title: offerings.title,
  description: offerings.description,
  priceCents: offerings.priceCents,
  customUrl: offerings.customUrl,
  category: offerings.category,
  subcategory: offerings.subcategory,
  creatorName: offerings.creatorName,
  creatorEmail: offerings.creatorEmail,
};

/** The only public read of an offering: active, by its custom URL (unique index). */
export async function findActiveOfferingByCustomUrl(
  db: Db,
  customUrl: string,
): Promise<PublicOffering | null> {
  const [row] = await db
    .select(publicColumns)
    .from(offerings)
    .where(and(eq(offerings.customUrl, customUrl), eq(offerings.isActive, true)))
    .limit(1);
  return row ?? null;
}
