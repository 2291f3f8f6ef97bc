import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { offerings } from "../../db/schema/app";
import { user } from "../../db/schema/auth";

export interface SitemapOffering {
  customUrl: string;
  updatedAt: Date;
}

/**
 * Offerings with a live landing page: active, and their creator's account still there (the
 * same rule as the landing page's own read), most recently changed first.
 */
export function listSitemapOfferings(db: Db, limit: number): Promise<SitemapOffering[]> {
  return db
    .select({ customUrl: offerings.customUrl, updatedAt: offerings.updatedAt })
    .from(offerings)
    .innerJoin(user, eq(user.id, offerings.userId))
    .where(eq(offerings.isActive, true))
    .orderBy(desc(offerings.updatedAt), offerings.customUrl)
    .limit(limit);
}
