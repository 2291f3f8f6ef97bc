import { isCustomUrlShape } from "../../../contracts/custom-url";
import type { PublicOffering } from "../../../contracts/landing";
import type { Db } from "../../db/client";
import { findActiveOfferingByCustomUrl } from "./public-offering-repository";

export type PublicOfferingReader = (customUrl: string) => Promise<PublicOffering | null>;

/**
 * Landing pages are the hot public path. Reads are cached per process for a second and
 * concurrent misses share one query, so a burst of visitors costs one database round trip.
 * Only found offerings are kept: a new or reactivated page shows at once, a deactivation or
 * edit within a second on every instance. Paying never uses this.
 */
export function createPublicOfferingCache(
  db: Db,
  ttlMs = 1000,
  maxEntries = 5000,
): PublicOfferingReader {
  const entries = new Map<string, { expires: number; value: Promise<PublicOffering | null> }>();
  return (customUrl) => {
    // Landing pages, root paths and the public API all come through here: a value that can't
    // be a custom URL (a NUL, invalid UTF-8, overlong) is "no such offering" without a query.
    if (!isCustomUrlShape(customUrl)) return Promise.resolve(null);
    const now = Date.now();
    const hit = entries.get(customUrl);
    if (hit && hit.expires > now) return hit.value;
    if (entries.size >= maxEntries) entries.clear();
    const value = findActiveOfferingByCustomUrl(db, customUrl);
    entries.set(customUrl, { expires: now + ttlMs, value });
    value.then(
      (offering) => offering === null && entries.delete(customUrl),
      () => entries.delete(customUrl),
    );
    return value;
  };
}
