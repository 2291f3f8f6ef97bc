import type { Db } from "../../db/client";
import { oneAtATimePerKey } from "../../lib/one-at-a-time";

/** Each overtaken read is followed by a newer one; this many in a row means constant change. */
export const MAX_SYNC_READS = 5;

/**
 * One sync of a Stripe subscription at a time in this process (a request's and its webhooks'
 * arrive together), so overlapping reads, and reading again, are left to syncs on other
 * instances. Per database handle, so each app (and each instance a test starts) has its own.
 */
const syncTurns = new WeakMap<Db, ReturnType<typeof oneAtATimePerKey>>();
export function syncTurnsOf(db: Db) {
  let turns = syncTurns.get(db);
  if (!turns) {
    turns = oneAtATimePerKey();
    syncTurns.set(db, turns);
  }
  return turns;
}
