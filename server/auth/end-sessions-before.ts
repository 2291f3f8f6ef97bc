import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { session } from "../db/schema/auth";

/**
 * Ends every session of `userId` opened before `moment`. Verifying an address calls this: until
 * then anyone could have made the account for an address that isn't theirs and signed in, and
 * the owner of the address, who has just proved it, takes the account back.
 */
export async function endSessionsOpenedBefore(db: Db, userId: string, moment: Date) {
  await db.delete(session).where(and(eq(session.userId, userId), lt(session.createdAt, moment)));
}
