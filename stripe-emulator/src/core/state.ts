import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  renameSync,
  writeSync,
} from "node:fs";
import type Stripe from "stripe";

/** A stored Stripe object. Fields starting with "_" are private and never leave the emulator. */
export type StripeObject = { id: string; object: string };

/**
 * Emulator-only fields that ride along on stored objects, by kind: named "_…", so
 * `publicView` drops them before anything leaves the emulator.
 */
interface PrivateFieldsOf {
  account_link: { _account: string; _refresh_url: string; _return_url: string; _used: boolean };
  "checkout.session": {
    /** The subscription a session in subscription mode starts, as it was asked for. */
    _price?: string;
    _quantity?: number;
    _subscription_data?: {
      application_fee_percent: number | null;
      destination: string | null;
      on_behalf_of: string | null;
      metadata: Record<string, string>;
    };
    /** Set once the session is completed (a retried completion finds them). */
    _customer?: string;
    _subscription?: string;
  };
  invoice: {
    _payment_intent?: string;
    /** The invoice's InvoicePayments, newest first (Stripe lists them at their own URL). */
    _payments?: Stripe.InvoicePayment[];
    /** When the first renewal attempt failed, for the dunning schedule. */
    _first_failed_at?: number;
  };
  login_link: { _account: string };
  payment_intent: {
    _invoice?: string | null;
    _return_url?: string | null;
    _authenticated?: boolean;
  };
  /** The card number the PaymentMethod was made from: its test behaviour follows from it. */
  payment_method: { _number?: string; _authenticated?: boolean };
}

type PrivateFields<K extends ObjectKind> = K extends keyof PrivateFieldsOf
  ? PrivateFieldsOf[K]
  : unknown;

/** The SDK's own type (stripe-node 18, API version basil) for each kind of object stored. */
interface StoredTypes {
  account: Stripe.Account;
  // The SDK's link types have no id: the emulator gives them one to find them by.
  account_link: Stripe.AccountLink & { id: string };
  application_fee: Stripe.ApplicationFee;
  "billing_portal.session": Stripe.BillingPortal.Session;
  charge: Stripe.Charge;
  "checkout.session": Stripe.Checkout.Session;
  customer: Stripe.Customer;
  dispute: Stripe.Dispute;
  event: Stripe.Event;
  // Only a preview invoice has no id, and previews are never stored.
  invoice: Stripe.Invoice & { id: string };
  invoice_payment: Stripe.InvoicePayment;
  login_link: Stripe.LoginLink & { id: string };
  payment_intent: Stripe.PaymentIntent;
  payment_method: Stripe.PaymentMethod;
  price: Stripe.Price;
  product: Stripe.Product;
  refund: Stripe.Refund;
  subscription: Stripe.Subscription;
  transfer: Stripe.Transfer;
}

export type ObjectKind = keyof StoredTypes;

/** What the store holds for a kind: the SDK's type, plus the emulator's private fields. */
export type Stored<K extends ObjectKind> = StoredTypes[K] & PrivateFields<K>;

/**
 * The loose view. It stays only where code reads any kind of object by field name: expansion
 * (core/expand.ts walks whatever it is given) and the store's own indexes. Everything else
 * uses `Stored<K>` or the SDK's types.
 */
// biome-ignore lint/suspicious/noExplicitAny: the escape hatch described above
export type Obj = StripeObject & Record<string, any>;

export interface WebhookEndpointRecord {
  id: string;
  url: string;
  secret: string;
  connect: boolean;
  enabledEvents: string[];
  created?: number;
  description?: string | null;
  metadata?: Record<string, string>;
  disabled?: boolean;
  /** Given in EmulatorOptions rather than created through the API. */
  fromOptions?: boolean;
}

interface EmulatorSettings {
  /** What happens when the last retry of a renewal fails (Stripe's dunning setting). */
  afterFinalRetry: "cancel" | "unpaid";
}

/**
 * The small part of the state that is always in memory and written whole (a few KB) when it
 * changes. Objects, idempotency records and webhook deliveries are records of the Store.
 */
export interface EmulatorState {
  /** Seconds added to the real clock by "advance" calls. */
  clockOffset: number;
  balances: Record<string, { available: number; pending: number }>;
  webhookEndpoints: WebhookEndpointRecord[];
  settings: EmulatorSettings;
}

function emptyState(): EmulatorState {
  return {
    clockOffset: 0,
    balances: {},
    webhookEndpoints: [],
    settings: { afterFinalRetry: "cancel" },
  };
}

/** The balance key of the platform itself (application fees, charges it keeps). */
export const PLATFORM_BALANCE = "platform";

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

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

/** Fields of archived types that lookups go through, so nothing scans a year of history. */
const INDEXES: Record<string, Record<string, (o: Obj) => unknown>> = {
  invoice: {
    status: (o) => o.status,
    subscription: (o) => o.parent?.subscription_details?.subscription,
    customer: (o) => o.customer,
    payment: (o) => (o._payments as Obj[] | undefined)?.map((p) => p.id),
  },
  application_fee: { charge: (o) => o.charge, account: (o) => o.account },
  transfer: { source_transaction: (o) => o.source_transaction, destination: (o) => o.destination },
  refund: { charge: (o) => o.charge, payment_intent: (o) => o.payment_intent },
  payment_intent: { customer: (o) => o.customer },
  _delivery: { status: (o) => o.status },
};

const indexKey = (type: string, field: string, value: unknown) =>
  `${type}\u0000${field}\u0000${value}`;

function indexKeysOf(value: Obj): string[] | undefined {
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

/**
 * The records one index key points at. Entries point at their buckets, so a key's string is
 * kept once however many records share it; a key that one record has (a payment's id) holds
 * that id alone rather than a Set.
 */
interface Bucket {
  key: string;
  ids: string | Set<string> | undefined;
}

function bucketIds(bucket: Bucket | undefined): string[] {
  const ids = bucket?.ids;
  if (ids === undefined) return [];
  return typeof ids === "string" ? [ids] : [...ids];
}

/**
 * What the store keeps in memory about every record, loaded or not (about 200 bytes with its
 * id, measured at 50,000 records). It grows with a year of history, so it is kept small: the
 * type and owner strings are shared, index keys are shared buckets.
 */
interface Entry {
  type: string;
  owner: string | null;
  /** `created` of the record, for retention windows. */
  at: number | undefined;
  /** One bucket, or several (an invoice has four keys). */
  keys: Bucket | Bucket[] | undefined;
  /** Where the record's JSON sits in the log; -1 while it has never been written. */
  offset: number;
  length: number;
}

/** One line's header in the log. A put is followed by a tab and the record's JSON. */
type Header =
  | { k: "p"; id: string; t: string; o?: string; a?: number; x?: string[] }
  | { k: "d"; id: string }
  | { k: "m" }
  | { k: "c" };

const CHUNK = 1 << 20;
/** Archived records kept in memory after a checkpoint (the most recently used). */
const DEFAULT_CACHE = 2_000;
/** Dirty records that make a clock advance write a checkpoint before it goes on. */
const CHECKPOINT_AFTER = 4_000;
/** The log is compacted when it is this big and more than half of it is superseded. */
const COMPACT_MIN_BYTES = 32 * 1024 * 1024;

export interface StoreOptions {
  warn?: (message: string) => void;
  /** Archived records kept in memory between checkpoints (default 2,000). */
  cacheSize?: number;
}

/**
 * The emulator's state: an append-only log of records (JSON lines), written incrementally.
 *
 * Every change between two checkpoints is one batch: the changed records, the small state, and
 * a commit line, appended and synced together. At start the log is read header by header;
 * a batch without its commit line (a crash mid-write) is cut off, so a restart sees the state
 * of the last whole batch. Objects of the types that grow with time are read back from the log
 * when asked for; the rest stay in memory. When more than half the log is superseded versions,
 * it is rewritten with only the live records (a temporary file, then a rename).
 *
 * Without a file, everything is in memory.
 */
export class Store {
  state: EmulatorState = emptyState();
  private readonly entries = new Map<string, Entry>();
  private readonly byType = new Map<string, Set<string>>();
  private readonly byIndex = new Map<string, Bucket>();
  /** One copy of each type and owner string, however many entries name it. */
  private readonly names = new Map<string, string>();
  /** Records of resident types (all of them) and loaded records of archived ones. */
  private readonly cache = new Map<string, StripeObject>();
  /** Ids of the archived records in `cache`, least recently used first. */
  private readonly recent = new Set<string>();
  private readonly dirty = new Set<string>();
  private readonly removed = new Set<string>();
  private readonly checkpointHooks: Array<() => void> = [];
  private readonly warn: (message: string) => void;
  private readonly cacheSize: number;
  private fd: number | null = null;
  private size = 0;
  private liveBytes = 0;
  private writtenMeta = "";
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Written since the last sync to disk. */
  private unsynced = false;

  constructor(
    private readonly file: string | undefined,
    options: StoreOptions = {},
  ) {
    this.warn = options.warn ?? (() => {});
    this.cacheSize = options.cacheSize ?? DEFAULT_CACHE;
    if (!file) return;
    if (existsSync(file)) this.load(file);
    if (this.fd === null) this.rewrite();
  }

  // ---- reading ------------------------------------------------------------------------------

  now(): number {
    return Math.floor(Date.now() / 1000) + this.state.clockOffset;
  }

  get<K extends ObjectKind>(id: string, object: K): Stored<K> | undefined;
  get<T extends StripeObject = StripeObject>(id: string, object?: string): T | undefined;
  get(id: string, object?: string): StripeObject | undefined {
    const entry = this.entries.get(id);
    if (!entry || (object && entry.type !== object)) return undefined;
    let found = this.cache.get(id);
    if (!found) {
      found = this.read(entry);
      this.cache.set(id, found);
    }
    if (ARCHIVED.has(entry.type)) {
      // Most recently used last, so trimming drops the least recently used.
      this.recent.delete(id);
      this.recent.add(id);
    }
    return found;
  }

  /** `get`, but only if the object belongs to `account` (null: the platform). */
  find<K extends ObjectKind>(id: string, object: K, account: string | null): Stored<K> | undefined;
  find<T extends StripeObject = StripeObject>(
    id: string,
    object: string,
    account: string | null,
  ): T | undefined;
  find(id: string, object: string, account: string | null): StripeObject | undefined {
    return this.ownerOf(id) === account ? this.get(id, object) : undefined;
  }

  /** `list`, limited to the objects of one account (null: the platform). */
  listFor<K extends ObjectKind>(
    object: K,
    account: string | null,
    filter?: (o: Stored<K>) => boolean,
    created?: (created: number | undefined) => boolean,
  ): Stored<K>[];
  listFor<T extends StripeObject = StripeObject>(
    object: string,
    account: string | null,
    filter?: (o: T) => boolean,
    created?: (created: number | undefined) => boolean,
  ): T[];
  listFor(
    object: string,
    account: string | null,
    filter: (o: StripeObject) => boolean = () => true,
    created?: (created: number | undefined) => boolean,
  ): StripeObject[] {
    return this.collect(this.byType.get(object), object, filter, account, false, created);
  }

  /**
   * Objects of a type, oldest first. Archived types are read from disk one by one and not kept
   * in memory (a list of a year of invoices must not fill the heap), so what `list` and
   * `listFor` return of them is a copy for reading: code that changes objects finds them
   * through `get` or `listWhere`.
   */
  list<K extends ObjectKind>(
    object: K,
    filter?: (o: Stored<K>) => boolean,
    created?: (created: number | undefined) => boolean,
  ): Stored<K>[];
  list<T extends StripeObject = StripeObject>(
    object: string,
    filter?: (o: T) => boolean,
    created?: (created: number | undefined) => boolean,
  ): T[];
  list(
    object: string,
    filter: (o: StripeObject) => boolean = () => true,
    created?: (created: number | undefined) => boolean,
  ): StripeObject[] {
    return this.collect(this.byType.get(object), object, filter, undefined, false, created);
  }

  /** Objects whose indexed `field` (see INDEXES) equals `value`, through the index. */
  listWhere<K extends ObjectKind>(
    object: K,
    field: string,
    value: string,
    filter?: (o: Stored<K>) => boolean,
  ): Stored<K>[];
  listWhere<T extends StripeObject = StripeObject>(
    object: string,
    field: string,
    value: string,
    filter?: (o: T) => boolean,
  ): T[];
  listWhere(
    object: string,
    field: string,
    value: string,
    filter: (o: StripeObject) => boolean = () => true,
  ): StripeObject[] {
    if (!INDEXES[object]?.[field]) throw new Error(`${object}.${field} is not indexed`);
    const ids = bucketIds(this.byIndex.get(indexKey(object, field, value)));
    return this.collect(ids, object, filter);
  }

  private collect<T extends StripeObject>(
    ids: Iterable<string> | undefined,
    object: string,
    filter: (o: T) => boolean,
    account?: string | null,
    isKept = true,
    created?: (created: number | undefined) => boolean,
  ): T[] {
    const out: T[] = [];
    // A copy: a filter may change what is indexed.
    for (const id of [...(ids ?? [])]) {
      if (account !== undefined && this.ownerOf(id) !== account) continue;
      // Decided from memory (each record's `created` is kept), before anything is read.
      if (created && !created(this.entries.get(id)?.at)) continue;
      const found =
        isKept || !ARCHIVED.has(object) ? this.get<T>(id, object) : this.peek<T>(id, object);
      if (found && filter(found)) out.push(found);
    }
    return out;
  }

  /** `get` without keeping what it reads from disk. */
  private peek<T extends StripeObject>(id: string, object: string): T | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.type !== object) return undefined;
    return (this.cache.get(id) ?? this.read(entry)) as T;
  }

  /** Every record's id. */
  allIds(): Iterable<string> {
    return this.entries.keys();
  }

  /** Ids of a type in the order they were first stored. */
  idsOf(object: string): Iterable<string> {
    return this.byType.get(object) ?? [];
  }

  /** The `created` of a record, without reading it. */
  createdOf(id: string): number | undefined {
    return this.entries.get(id)?.at;
  }

  ownerOf(id: string): string | null {
    return this.entries.get(id)?.owner ?? null;
  }

  /** How many objects of a type exist (invoice numbers count invoices). */
  count(object: string): number {
    return this.byType.get(object)?.size ?? 0;
  }

  balance(account: string) {
    this.state.balances[account] ??= { available: 0, pending: 0 };
    return this.state.balances[account];
  }

  /** How many records the store holds, and how many of them are loaded in memory. */
  stats() {
    return {
      records: this.entries.size,
      loaded: this.cache.size,
      logBytes: this.size,
      liveBytes: this.liveBytes,
    };
  }

  // ---- writing ------------------------------------------------------------------------------

  /** Stores an object (typed with the SDK's own types where it is built), optionally owned. */
  put<T extends StripeObject>(value: T, owner?: string | null): T {
    const stored = value as unknown as StripeObject;
    const previous = this.entries.get(value.id);
    const entry: Entry = previous ?? {
      type: value.object,
      owner: null,
      at: undefined,
      keys: undefined,
      offset: -1,
      length: 0,
    };
    if (previous && previous.type !== value.object) this.unindex(value.id, previous);
    entry.type = this.intern(value.object);
    if (owner) entry.owner = this.intern(owner);
    const created = (value as { created?: unknown }).created;
    if (typeof created === "number") entry.at = created;
    this.setKeys(value.id, entry, indexKeysOf(stored as Obj));
    if (!previous) this.entries.set(value.id, entry);
    let ids = this.byType.get(entry.type);
    if (!ids) {
      ids = new Set();
      this.byType.set(entry.type, ids);
    }
    ids.add(value.id);
    this.cache.set(value.id, stored);
    if (ARCHIVED.has(entry.type)) {
      this.recent.delete(value.id);
      this.recent.add(value.id);
    }
    this.dirty.add(value.id);
    this.removed.delete(value.id);
    this.save();
    return value;
  }

  remove(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.unindex(id, entry);
    this.entries.delete(id);
    this.cache.delete(id);
    this.recent.delete(id);
    this.dirty.delete(id);
    if (entry.offset >= 0) {
      this.removed.add(id);
      this.liveBytes -= entry.length;
    }
    this.save();
  }

  private intern(name: string): string {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    this.names.set(name, name);
    return name;
  }

  private setKeys(id: string, entry: Entry, keys: string[] | undefined) {
    const next = keys?.map((key) => this.bucketOf(key));
    for (const bucket of next ?? []) {
      if (bucket.ids === undefined) bucket.ids = id;
      else if (typeof bucket.ids === "string") {
        if (bucket.ids !== id) bucket.ids = new Set([bucket.ids, id]);
      } else bucket.ids.add(id);
    }
    for (const bucket of bucketsOf(entry)) {
      if (next?.includes(bucket)) continue;
      if (typeof bucket.ids === "string") {
        if (bucket.ids === id) bucket.ids = undefined;
      } else if (bucket.ids) {
        bucket.ids.delete(id);
        if (bucket.ids.size === 1) bucket.ids = bucket.ids.values().next().value;
        else if (bucket.ids.size === 0) bucket.ids = undefined;
      }
      // Keys of records that are gone (a customer's, once pruned) do not pile up.
      if (bucket.ids === undefined) this.byIndex.delete(bucket.key);
    }
    entry.keys = !next || next.length === 0 ? undefined : next.length === 1 ? next[0] : next;
  }

  private bucketOf(key: string): Bucket {
    let bucket = this.byIndex.get(key);
    if (!bucket) {
      bucket = { key, ids: undefined };
      this.byIndex.set(key, bucket);
    }
    return bucket;
  }

  private unindex(id: string, entry: Entry) {
    this.byType.get(entry.type)?.delete(id);
    this.setKeys(id, entry, undefined);
  }

  /** Forgets every record; the webhook endpoints stay (the app configured them). */
  reset() {
    const endpoints = this.state.webhookEndpoints;
    this.state = emptyState();
    this.state.webhookEndpoints = endpoints;
    this.entries.clear();
    this.byType.clear();
    this.byIndex.clear();
    this.names.clear();
    this.cache.clear();
    this.recent.clear();
    this.dirty.clear();
    this.removed.clear();
    if (this.file) this.rewrite();
  }

  /** Runs before each checkpoint is written (retention windows prune there). */
  onCheckpoint(hook: () => void) {
    this.checkpointHooks.push(hook);
  }

  /** Schedules a checkpoint: changes within 100 ms share one batch. */
  save() {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, 100);
    this.timer.unref();
  }

  /** A checkpoint now if many changes wait (a long clock advance writes as it goes). */
  checkpointIfBusy() {
    if (this.dirty.size >= CHECKPOINT_AFTER) this.flush();
  }

  /**
   * Writes the changes since the last checkpoint as one batch, synced to disk, and trims the
   * cache. Only ever called between requests and clock steps, never inside one, so nothing
   * holds an object that is dropped from memory.
   */
  flush() {
    this.commit(true);
  }

  /**
   * `flush` without the sync: what the server calls before it answers a request, so a response
   * the client has seen survives a kill -9 of the emulator (the OS has the bytes). The timer's
   * checkpoints and `close` also sync, for a machine that loses power.
   */
  commit(sync = false) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const hook of this.checkpointHooks) hook();
    if (this.fd === null) {
      this.dirty.clear();
      this.removed.clear();
      return;
    }
    const meta = JSON.stringify(this.state);
    if (this.dirty.size === 0 && this.removed.size === 0 && meta === this.writtenMeta) {
      if (sync && this.unsynced) fdatasyncSync(this.fd);
      this.unsynced = this.unsynced && !sync;
      return;
    }
    const writer = new LogWriter(this.fd, this.size);
    for (const id of this.removed) writer.line(JSON.stringify({ k: "d", id }));
    const placed: Array<[Entry, number, number]> = [];
    for (const id of this.dirty) {
      const entry = this.entries.get(id);
      const value = this.cache.get(id);
      if (!entry || !value) continue;
      const [offset, length] = writer.record(headerOf(id, entry), JSON.stringify(value));
      placed.push([entry, offset, length]);
    }
    writer.record({ k: "m" }, meta);
    writer.line(JSON.stringify({ k: "c" }));
    writer.end();
    if (sync) fdatasyncSync(this.fd);
    else this.save();
    this.unsynced = !sync;
    this.size = writer.position;
    for (const [entry, offset, length] of placed) {
      if (entry.offset >= 0) this.liveBytes -= entry.length;
      entry.offset = offset;
      entry.length = length;
      this.liveBytes += length;
    }
    this.writtenMeta = meta;
    this.dirty.clear();
    this.removed.clear();
    this.trimCache();
    if (this.size > COMPACT_MIN_BYTES && this.size > 2 * this.liveBytes) this.rewrite();
  }

  private trimCache() {
    let excess = this.recent.size - this.cacheSize;
    for (const id of this.recent) {
      if (excess <= 0) break;
      if (this.dirty.has(id)) continue;
      this.recent.delete(id);
      this.cache.delete(id);
      excess -= 1;
    }
  }

  close() {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  // ---- the log ------------------------------------------------------------------------------

  private read(entry: Entry): StripeObject {
    if (this.fd === null || entry.offset < 0) throw new Error("record is not in the log");
    const buffer = Buffer.allocUnsafe(entry.length);
    readSync(this.fd, buffer, 0, entry.length, entry.offset);
    return JSON.parse(buffer.toString("utf8")) as StripeObject;
  }

  /**
   * Writes every live record to a new log and swaps it in (atomically: a crash leaves the old
   * one). Records not in memory are copied byte for byte, without parsing.
   */
  private rewrite() {
    if (!this.file) return;
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(tmp, "w+");
    const writer = new LogWriter(fd, 0);
    const placed: Array<[Entry, number, number]> = [];
    for (const [id, entry] of this.entries) {
      const loaded = this.cache.get(id);
      let json: string | Buffer;
      if (loaded && (this.dirty.has(id) || entry.offset < 0)) json = JSON.stringify(loaded);
      else if (entry.offset >= 0 && this.fd !== null) {
        json = Buffer.allocUnsafe(entry.length);
        readSync(this.fd, json, 0, entry.length, entry.offset);
      } else if (loaded) json = JSON.stringify(loaded);
      else continue;
      const [offset, length] = writer.record(headerOf(id, entry), json);
      placed.push([entry, offset, length]);
    }
    const meta = JSON.stringify(this.state);
    writer.record({ k: "m" }, meta);
    writer.line(JSON.stringify({ k: "c" }));
    writer.end();
    fdatasyncSync(fd);
    renameSync(tmp, this.file);
    if (this.fd !== null) closeSync(this.fd);
    this.fd = fd;
    this.size = writer.position;
    this.liveBytes = 0;
    for (const [entry, offset, length] of placed) {
      entry.offset = offset;
      entry.length = length;
      this.liveBytes += length;
    }
    this.writtenMeta = meta;
    this.dirty.clear();
    this.removed.clear();
    this.trimCache();
  }

  /** Reads the log's headers; a torn last batch is cut off, a file that is no log set aside. */
  private load(file: string) {
    const fd = openSync(file, "r+");
    const total = fstatSync(fd).size;
    type Op = { header: Header; offset: number; length: number };
    let batch: Op[] = [];
    let committedEnd = 0;
    let sawCommit = false;
    let broken: string | null = null;
    let position = 0;
    let carry = Buffer.alloc(0);
    const chunk = Buffer.allocUnsafe(4 * CHUNK);
    outer: while (position < total || carry.length > 0) {
      const read = position < total ? readSync(fd, chunk, 0, chunk.length, position) : 0;
      const base = position - carry.length;
      position += read;
      const data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk;
      const end = carry.length > 0 ? data.length : read;
      let start = 0;
      for (;;) {
        const newline = data.indexOf(10, start);
        if (newline < 0 || newline >= end) break;
        const tab = data.indexOf(9, start);
        const headerEnd = tab >= 0 && tab < newline ? tab : newline;
        let header: Header;
        try {
          header = JSON.parse(data.toString("utf8", start, headerEnd)) as Header;
          if (!header || typeof header !== "object" || !("k" in header)) throw new Error("no k");
        } catch (error) {
          broken = `line at byte ${base + start}: ${String(error)}`;
          break outer;
        }
        const valueOffset = base + headerEnd + 1;
        batch.push({
          header,
          offset: valueOffset,
          length: headerEnd === newline ? 0 : newline - headerEnd - 1,
        });
        if (header.k === "c") {
          this.apply(batch, fd);
          batch = [];
          sawCommit = true;
          committedEnd = base + newline + 1;
        }
        start = newline + 1;
      }
      carry = Buffer.from(data.subarray(start, end));
      if (read === 0) break;
    }
    if (!sawCommit && total > 0) {
      closeSync(fd);
      const aside = `${file}.corrupt-${Date.now()}`;
      renameSync(file, aside);
      this.warn(`Stripe emulator state in ${file} was unreadable (${broken}); moved to ${aside}`);
      return;
    }
    if (committedEnd < total) {
      this.warn(
        `Stripe emulator state in ${file}: dropped an unfinished last write (${total - committedEnd} bytes${broken ? `; ${broken}` : ""})`,
      );
      ftruncateSync(fd, committedEnd);
    }
    this.fd = fd;
    this.size = committedEnd;
    this.writtenMeta = JSON.stringify(this.state);
  }

  private apply(batch: Array<{ header: Header; offset: number; length: number }>, fd: number) {
    for (const { header, offset, length } of batch) {
      if (header.k === "p") {
        const previous = this.entries.get(header.id);
        if (previous) {
          this.unindex(header.id, previous);
          if (previous.offset >= 0) this.liveBytes -= previous.length;
        }
        const entry: Entry = {
          type: this.intern(header.t),
          owner: header.o ? this.intern(header.o) : null,
          at: header.a,
          keys: undefined,
          offset,
          length,
        };
        this.entries.set(header.id, entry);
        let ids = this.byType.get(entry.type);
        if (!ids) {
          ids = new Set();
          this.byType.set(entry.type, ids);
        }
        ids.add(header.id);
        this.setKeys(header.id, entry, header.x);
        this.liveBytes += length;
      } else if (header.k === "d") {
        const entry = this.entries.get(header.id);
        if (!entry) continue;
        this.unindex(header.id, entry);
        this.entries.delete(header.id);
        this.liveBytes -= entry.length;
      } else if (header.k === "m") {
        const buffer = Buffer.allocUnsafe(length);
        readSync(fd, buffer, 0, length, offset);
        this.state = { ...emptyState(), ...(JSON.parse(buffer.toString("utf8")) as object) };
      }
    }
  }
}

function bucketsOf(entry: Entry): Bucket[] {
  if (entry.keys === undefined) return [];
  return Array.isArray(entry.keys) ? entry.keys : [entry.keys];
}

function headerOf(id: string, entry: Entry): Header {
  return {
    k: "p",
    id,
    t: entry.type,
    ...(entry.owner ? { o: entry.owner } : {}),
    ...(entry.at !== undefined ? { a: entry.at } : {}),
    ...(entry.keys ? { x: bucketsOf(entry).map((bucket) => bucket.key) } : {}),
  };
}

/**
 * Appends lines in writes of about 1 MB and tells where each record's JSON landed. Lines are
 * joined as strings and encoded once per write, rather than as a Buffer each.
 */
class LogWriter {
  private chunk = "";
  private chunkBytes = 0;
  position: number;
  constructor(
    private readonly fd: number,
    start: number,
  ) {
    this.position = start;
  }

  line(text: string) {
    this.append(`${text}\n`, Buffer.byteLength(text) + 1);
  }

  /** `json` as a string, or as the bytes of a record copied from the old log. */
  record(header: Header, json: string | Buffer): [number, number] {
    const head = `${JSON.stringify(header)}\t`;
    const headBytes = Buffer.byteLength(head);
    const offset = this.position + this.chunkBytes + headBytes;
    if (typeof json === "string") {
      const bodyBytes = Buffer.byteLength(json);
      this.append(`${head}${json}\n`, headBytes + bodyBytes + 1);
      return [offset, bodyBytes];
    }
    this.append(head, headBytes);
    this.drain();
    this.writeBytes(json);
    this.append("\n", 1);
    return [offset, json.length];
  }

  private append(text: string, bytes: number) {
    this.chunk += text;
    this.chunkBytes += bytes;
    if (this.chunkBytes >= CHUNK) this.drain();
  }

  private drain() {
    if (this.chunkBytes === 0) return;
    this.writeBytes(Buffer.from(this.chunk));
    this.chunk = "";
    this.chunkBytes = 0;
  }

  private writeBytes(data: Buffer) {
    let written = 0;
    while (written < data.length) {
      written += writeSync(this.fd, data, written, data.length - written, this.position + written);
    }
    this.position += data.length;
  }

  end() {
    this.drain();
  }
}

/** Drops private fields before an object is sent to a client. */
export function publicView(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(publicView);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (!key.startsWith("_")) out[key] = publicView(inner);
    }
    return out;
  }
  return value;
}
