import type { StripeObject } from "../state";

/**
 * Types that pile up with time (one set per payment, per event, per request) rather than with
 * the size of the business. In a file-backed store they live on disk: read on demand, kept in
 * memory only while in use, so memory stays flat as months of billing go by.
 */
const ARCHIVED = new Set([
  "invoice",
  "payment_intent",
  "charge",
  "application_fee",
  "transfer",
  "refund",
  "event",
  "_idempotency",
  "_delivery",
]);

export const isArchived = (type: string) => ARCHIVED.has(type);

/**
 * The objects in memory: every record of a resident type once read, and the most recently used
 * records of archived types, which `trim` lets go of beyond the capacity.
 */
export class ObjectCache {
  private readonly objects = new Map<string, StripeObject>();
  /** Ids of the archived records held, least recently used first. */
  private readonly recent = new Set<string>();

  constructor(private readonly capacity: number) {}

  get(id: string): StripeObject | undefined {
    return this.objects.get(id);
  }

  set(id: string, value: StripeObject) {
    this.objects.set(id, value);
  }

  /** Marks an archived record as just used, so trimming drops the least recently used. */
  touch(id: string, type: string) {
    if (!ARCHIVED.has(type)) return;
    this.recent.delete(id);
    this.recent.add(id);
  }

  delete(id: string) {
    this.objects.delete(id);
    this.recent.delete(id);
  }

  /** Lets go of the least recently used archived records over capacity, except `pinned` ones. */
  trim(pinned: ReadonlySet<string>) {
    let excess = this.recent.size - this.capacity;
    for (const id of this.recent) {
      if (excess <= 0) break;
      if (pinned.has(id)) continue;
      this.recent.delete(id);
      this.objects.delete(id);
      excess -= 1;
    }
  }

  get size(): number {
    return this.objects.size;
  }

  clear() {
    this.objects.clear();
    this.recent.clear();
  }
}
