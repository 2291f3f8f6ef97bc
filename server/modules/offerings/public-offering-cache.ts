import { LRUCache } from "lru-cache";
import { isCustomUrlShape } from "../../../contracts/custom-url";
import type { PublicOffering } from "../../../contracts/landing";
import type { Db } from "../../db/client";
import { findActiveOfferingByCustomUrl } from "./public-offering-repository";

export type PublicOfferingReader = (customUrl: string) => Promise<PublicOffering | null>;

/**
 * Landing pages are the hot public path. Reads are cached per process for a second and
 * concurrent misses share one query, so a burst of visitors costs one database round trip.
 * Only found offerings are kept: a new or reactivated page shows at once, a deactivation or
 * edit within a second on every instance. Least recently read pages go first. Paying never uses
 * this. Whether the offering is full is as fresh as the rest (a second); the subscribe API
 * checks seats again in its own transaction. `now` is the clock seat holds run on.
 */
export function createPublicOfferingCache(
  db: Db,
  ttlMs = 1000,
  maxEntries = 5000,
  now: () => Date | Promise<Date> = () => new Date(),
): PublicOfferingReader {
  const entries = new LRUCache<string, Promise<PublicOffering | null>>({
    max: maxEntries,
    ttl: ttlMs,
  });
  return (customUrl) => {
    // Landing pages, root paths and the public API all come through here: a value that can't
    // be a custom URL (a NUL, invalid UTF-8, overlong) is "no such offering" without a query.
    if (!isCustomUrlShape(customUrl)) return Promise.resolve(null);
    const hit = entries.get(customUrl);
    if (hit) return hit;
    const value = Promise.resolve(now()).then((at) =>
      findActiveOfferingByCustomUrl(db, customUrl, at),
    );
    entries.set(customUrl, value);
    const forget = () => entries.peek(customUrl) === value && entries.delete(customUrl);
    value.then((offering) => offering === null && forget(), forget);
    return value;
  };
}
