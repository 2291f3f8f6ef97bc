import type { Db } from "../db/client";
import { deleteSessionsOpenedBefore } from "./auth-repository";

/**
 * Ends every session of `userId` opened before `moment`. Verifying an address calls this: until
 * then anyone could have made the account for an address that isn't theirs and signed in, and
 * the owner of the address, who has just proved it, takes the account back.
 */
export async function endSessionsOpenedBefore(db: Db, userId: string, moment: Date) {
  await deleteSessionsOpenedBefore(db, userId, moment);
}
