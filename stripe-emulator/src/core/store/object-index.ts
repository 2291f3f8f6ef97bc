import type { ObjectKind, Stored, StripeObject } from "../state";

type Reader<T> = (value: T) => unknown;

/** Fields of archived kinds that lookups go through, so nothing scans a year of history. */
const READERS = {
  invoice: {
    status: (o) => o.status,
    subscription: (o) => o.parent?.subscription_details?.subscription,
    customer: (o) => o.customer,
    payment: (o) => o._payments?.map((p) => p.id),
  },
  application_fee: { charge: (o) => o.charge, account: (o) => o.account },
  transfer: { source_transaction: (o) => o.source_transaction, destination: (o) => o.destination },
  refund: { charge: (o) => o.charge, payment_intent: (o) => o.payment_intent },
  payment_intent: { customer: (o) => o.customer },
  _delivery: { status: (o) => o.status },
} satisfies { [K in ObjectKind]?: Record<string, Reader<Stored<K>>> } & {
  _delivery: Record<string, Reader<{ status: string }>>;
};

/** The same readers, looked up by a record's type name. */
const INDEXES = READERS as unknown as Partial<Record<string, Record<string, Reader<StripeObject>>>>;

const indexKey = (type: string, field: string, value: unknown) =>
  `${type}\u0000${field}\u0000${value}`;

/**
 * The records one index key points at. Records point at their buckets, so a key's string is
 * kept once however many records share it; a key that one record has (a payment's id) holds
 * that id alone rather than a Set.
 */
interface Bucket {
  key: string;
  ids: string | Set<string> | undefined;
}

/** What a record keeps of its own index keys: one bucket, or several (an invoice has four). */
export interface Indexed {
  keys: Bucket | Bucket[] | undefined;
}

function bucketsOf(record: Indexed): Bucket[] {
  if (record.keys === undefined) return [];
  return Array.isArray(record.keys) ? record.keys : [record.keys];
}

/** Owner and field lookups on archived records: index key → the ids that have it. */
export class ObjectIndex {
  private readonly buckets = new Map<string, Bucket>();

  /** The index keys of an object of an indexed kind, as its log header stores them. */
  keysOf(value: StripeObject): string[] | undefined {
    const fields = INDEXES[value.object];
    if (!fields) return undefined;
    const keys: string[] = [];
    for (const [field, read] of Object.entries(fields)) {
      const found = read(value);
      for (const one of Array.isArray(found) ? found : [found]) {
        if (typeof one === "string" && one) keys.push(indexKey(value.object, field, one));
      }
    }
    return keys;
  }

  /** The keys a record is filed under now (for its log header). */
  keysHeld(record: Indexed): string[] | undefined {
    return record.keys ? bucketsOf(record).map((bucket) => bucket.key) : undefined;
  }

  /** Ids whose indexed `field` equals `value`; throws for a field that is not indexed. */
  idsWhere(type: string, field: string, value: string): string[] {
    if (!INDEXES[type]?.[field]) throw new Error(`${type}.${field} is not indexed`);
    const ids = this.buckets.get(indexKey(type, field, value))?.ids;
    if (ids === undefined) return [];
    return typeof ids === "string" ? [ids] : [...ids];
  }

  /** Files record `id` under `keys` (none: under nothing), leaving the buckets it had. */
  file(id: string, record: Indexed, keys: string[] | undefined) {
    const next = keys?.map((key) => this.bucketOf(key));
    for (const bucket of next ?? []) {
      if (bucket.ids === undefined) bucket.ids = id;
      else if (typeof bucket.ids === "string") {
        if (bucket.ids !== id) bucket.ids = new Set([bucket.ids, id]);
      } else bucket.ids.add(id);
    }
    for (const bucket of bucketsOf(record)) {
      if (next?.includes(bucket)) continue;
      if (typeof bucket.ids === "string") {
        if (bucket.ids === id) bucket.ids = undefined;
      } else if (bucket.ids) {
        bucket.ids.delete(id);
        if (bucket.ids.size === 1) bucket.ids = bucket.ids.values().next().value;
        else if (bucket.ids.size === 0) bucket.ids = undefined;
      }
      // Keys of records that are gone (a customer's, once pruned) do not pile up.
      if (bucket.ids === undefined) this.buckets.delete(bucket.key);
    }
    record.keys = !next || next.length === 0 ? undefined : next.length === 1 ? next[0] : next;
  }

  clear() {
    this.buckets.clear();
  }

  private bucketOf(key: string): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { key, ids: undefined };
      this.buckets.set(key, bucket);
    }
    return bucket;
  }
}
