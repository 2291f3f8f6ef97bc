import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userProfiles } from "../../db/schema/app";

export async function findProfileByUserId(db: Db, userId: string) {
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return profile ?? null;
}
