import {
  type EmulatorState,
  emptyState,
  type ObjectKind,
  type Stored,
  type StripeObject,
} from "../state";
import { Journal, type LogRecord } from "./journal";
import type { PutHeader } from "./log-writer";
import { isArchived, ObjectCache } from "./object-cache";
import { ObjectIndex } from "./object-index";
import { type Entry, RecordTable } from "./record-table";

/** Archived records kept in memory after a checkpoint (the most recently used). */
const DEFAULT_CACHE = 2_000;
/** Dirty records that make a clock advance write a checkpoint before it goes on. */
const CHECKPOINT_AFTER = 4_000;

export interface StoreOptions {
  warn?: (message: string) => void;
  /** Archived records kept in memory between checkpoints (default 2,000). */
  cacheSize?: number;
}

type CreatedFilter = (created: number | undefined) => boolean;

/**
 * The emulator's state: its records (the table of entries, their field index, the objects in
 * memory) and the small state, kept in a log written incrementally (`Journal`).
 *
 * Every change between two checkpoints is one batch of the log. Objects of the types that grow
 * with time are read back from the log when asked for; the rest stay in memory. Without a file,
 * everything is in memory.
 */
export class Store {
  state: EmulatorState = emptyState();
  private readonly records = new RecordTable();
  private readonly index = new ObjectIndex();
  private readonly cache: ObjectCache;
  private readonly journal: Journal | null;
  /** Changed and removed since the last checkpoint: the next batch. */
  private readonly dirty = new Set<string>();
  private readonly removed = new Set<string>();
  private readonly checkpointHooks: Array<() => void> = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Set while the clock holds still: see `runAt` and `atOneMoment`. */
  private stoppedAt: number | null = null;

  constructor(file: string | undefined, options: StoreOptions = {}) {
    this.cache = new ObjectCache(options.cacheSize ?? DEFAULT_CACHE);
    this.journal = file ? new Journal(file, options.warn ?? (() => {})) : null;
    if (!this.journal) return;
    this.journal.open({
      put: (header, offset, length) => this.replayPut(header, offset, length),
      delete: (id) => this.replayDelete(id),
      state: (json) => {
        this.state = { ...emptyState(), ...(JSON.parse(json) as object) };
      },
      current: () => JSON.stringify(this.state),
    });
    if (!this.journal.isOpen) this.rewrite();
  }

  // ---- reading ------------------------------------------------------------------------------

  /** The emulator-wide clock: real time plus the offset that clock advances add. */
  now(): number {
    return this.stoppedAt ?? Math.floor(Date.now() / 1000) + this.state.clockOffset;
  }

  /**
   * Runs `work` with the clock stopped at `at` (or now, if that is later), then lets it run on
   * from there. Work that falls due at a moment is stamped with that moment, never with the
   * second its turn came: a subscription set to end at its period's end ends at exactly that end.
   */
  runAt<T>(at: number, work: () => T): T {
    const outer = this.stoppedAt;
    const moment = Math.max(at, this.now());
    this.stoppedAt = moment;
    try {
      return work();
    } finally {
      this.state.clockOffset = moment - Math.floor(Date.now() / 1000);
      this.stoppedAt = outer === null ? null : moment;
    }
  }

  /**
   * Runs `work` (one API call) at one moment, as Stripe stamps one request: a subscription's
   * `created`, its anchor and its first period start are the same second even when a wall-clock
   * second passes while it is made. The clock is not set back afterwards: it never falls behind.
   */
  atOneMoment<T>(work: () => T): T {
    if (this.stoppedAt !== null) return work();
    this.stoppedAt = this.now();
    try {
      return work();
    } finally {
      this.stoppedAt = null;
    }
  }

  get<K extends ObjectKind>(id: string, object: K): Stored<K> | undefined;
  get<T extends StripeObject = StripeObject>(id: string, object?: string): T | undefined;
  get(id: string, object?: string): StripeObject | undefined {
    const entry = this.records.get(id);
    if (!entry || (object && entry.type !== object)) return undefined;
    let found = this.cache.get(id);
    if (!found) {
      found = this.read(entry);
      this.cache.set(id, found);
    }
    this.cache.touch(id, entry.type);
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
    created?: CreatedFilter,
  ): Stored<K>[];
  listFor<T extends StripeObject = StripeObject>(
    object: string,
    account: string | null,
    filter?: (o: T) => boolean,
    created?: CreatedFilter,
  ): T[];
  listFor(
    object: string,
    account: string | null,
    filter: (o: StripeObject) => boolean = () => true,
    created?: CreatedFilter,
  ): StripeObject[] {
    return this.collect(this.records.idsOf(object), object, filter, account, false, created);
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
    created?: CreatedFilter,
  ): Stored<K>[];
  list<T extends StripeObject = StripeObject>(
    object: string,
    filter?: (o: T) => boolean,
    created?: CreatedFilter,
  ): T[];
  list(
    object: string,
    filter: (o: StripeObject) => boolean = () => true,
    created?: CreatedFilter,
  ): StripeObject[] {
    return this.collect(this.records.idsOf(object), object, filter, undefined, false, created);
  }

  /** Objects whose indexed `field` (see object-index.ts) equals `value`, through the index. */
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
    return this.collect(this.index.idsWhere(object, field, value), object, filter);
  }

  private collect<T extends StripeObject>(
    ids: Iterable<string> | undefined,
    object: string,
    filter: (o: T) => boolean,
    account?: string | null,
    isKept = true,
    created?: CreatedFilter,
  ): T[] {
    const out: T[] = [];
    // A copy: a filter may change what is indexed.
    for (const id of [...(ids ?? [])]) {
      if (account !== undefined && this.ownerOf(id) !== account) continue;
      // Decided from memory (each record's `created` is kept), before anything is read.
      if (created && !created(this.records.get(id)?.at)) continue;
      const found =
        isKept || !isArchived(object) ? this.get<T>(id, object) : this.peek<T>(id, object);
      if (found && filter(found)) out.push(found);
    }
    return out;
  }

  /** `get` without keeping what it reads from disk. */
  private peek<T extends StripeObject>(id: string, object: string): T | undefined {
    const entry = this.records.get(id);
    if (!entry || entry.type !== object) return undefined;
    return (this.cache.get(id) ?? this.read(entry)) as T;
  }

  private read(entry: Entry): StripeObject {
    if (!this.journal) throw new Error("record is not in the log");
    return this.journal.read(entry);
  }

  /** Every record's id. */
  allIds(): Iterable<string> {
    return this.records.ids();
  }

  /** Ids of a type in the order they were first stored. */
  idsOf(object: string): Iterable<string> {
    return this.records.idsOf(object) ?? [];
  }

  /** The `created` of a record, without reading it. */
  createdOf(id: string): number | undefined {
    return this.records.get(id)?.at;
  }

  ownerOf(id: string): string | null {
    return this.records.get(id)?.owner ?? null;
  }

  /** How many objects of a type exist (invoice numbers count invoices). */
  count(object: string): number {
    return this.records.idsOf(object)?.size ?? 0;
  }

  /** An account's balance (PLATFORM_BALANCE: the platform's), opened at zero. */
  balance(account: string) {
    this.state.balances[account] ??= { available: 0, pending: 0 };
    return this.state.balances[account];
  }

  /** How many records the store holds, and how many of them are loaded in memory. */
  stats() {
    return {
      records: this.records.size,
      loaded: this.cache.size,
      ...(this.journal?.stats() ?? { logBytes: 0, liveBytes: 0 }),
    };
  }

  // ---- writing ------------------------------------------------------------------------------

  /** Stores an object (typed with the SDK's own types where it is built), optionally owned. */
  put<T extends StripeObject>(value: T, owner?: string | null): T {
    const stored: StripeObject = value;
    const previous = this.records.get(value.id);
    const entry: Entry = previous ?? {
      type: value.object,
      owner: null,
      at: undefined,
      keys: undefined,
      offset: -1,
      length: 0,
    };
    if (previous && previous.type !== value.object) this.unindex(value.id, previous);
    entry.type = this.records.intern(value.object);
    if (owner) entry.owner = this.records.intern(owner);
    const created = (value as { created?: unknown }).created;
    if (typeof created === "number") entry.at = created;
    this.index.file(value.id, entry, this.index.keysOf(stored));
    this.records.set(value.id, entry);
    this.cache.set(value.id, stored);
    this.cache.touch(value.id, entry.type);
    this.dirty.add(value.id);
    this.removed.delete(value.id);
    this.save();
    return value;
  }

  remove(id: string) {
    const entry = this.records.get(id);
    if (!entry) return;
    this.unindex(id, entry);
    this.records.delete(id);
    this.cache.delete(id);
    this.dirty.delete(id);
    if (entry.offset >= 0) {
      this.removed.add(id);
      this.journal?.release(entry);
    }
    this.save();
  }

  private unindex(id: string, entry: Entry) {
    this.records.unfile(id, entry);
    this.index.file(id, entry, undefined);
  }

  /** Forgets every record; the webhook endpoints stay (the app configured them). */
  reset() {
    const endpoints = this.state.webhookEndpoints;
    this.state = emptyState();
    this.state.webhookEndpoints = endpoints;
    this.records.clear();
    this.index.clear();
    this.cache.clear();
    this.dirty.clear();
    this.removed.clear();
    if (this.journal) this.rewrite();
  }

  // ---- checkpoints --------------------------------------------------------------------------

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
    const journal = this.journal;
    if (!journal?.isOpen) {
      this.dirty.clear();
      this.removed.clear();
      return;
    }
    const meta = JSON.stringify(this.state);
    if (this.dirty.size === 0 && this.removed.size === 0 && journal.holds(meta)) {
      journal.syncIfAsked(sync);
      return;
    }
    journal.append(this.removed, this.changedRecords(), meta, sync);
    if (!sync) this.save();
    this.dirty.clear();
    this.removed.clear();
    this.cache.trim(this.dirty);
    if (journal.needsCompaction()) this.rewrite();
  }

  close() {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.journal?.close();
  }

  // ---- the log ------------------------------------------------------------------------------

  private *changedRecords(): Generator<LogRecord> {
    for (const id of this.dirty) {
      const entry = this.records.get(id);
      const value = this.cache.get(id);
      if (entry && value) yield [headerOf(id, entry, this.index), JSON.stringify(value), entry];
    }
  }

  /** Every live record: changed ones as JSON, the rest copied from the log as bytes. */
  private *liveRecords(journal: Journal): Generator<LogRecord> {
    for (const [id, entry] of this.records.all()) {
      const loaded = this.cache.get(id);
      let json: string | Buffer;
      if (loaded && (this.dirty.has(id) || entry.offset < 0)) json = JSON.stringify(loaded);
      else if (entry.offset >= 0 && journal.isOpen) json = journal.bytesOf(entry);
      else if (loaded) json = JSON.stringify(loaded);
      else continue;
      yield [headerOf(id, entry, this.index), json, entry];
    }
  }

  /** Writes a fresh log of the live records (at start, after a reset, to compact). */
  private rewrite() {
    const journal = this.journal;
    if (!journal) return;
    journal.rewrite(this.liveRecords(journal), JSON.stringify(this.state));
    this.dirty.clear();
    this.removed.clear();
    this.cache.trim(this.dirty);
  }

  private replayPut(header: PutHeader, offset: number, length: number) {
    const previous = this.records.get(header.id);
    if (previous) this.unindex(header.id, previous);
    const entry: Entry = {
      type: this.records.intern(header.t),
      owner: header.o ? this.records.intern(header.o) : null,
      at: header.a,
      keys: undefined,
      offset,
      length,
    };
    this.records.set(header.id, entry);
    this.index.file(header.id, entry, header.x);
    return previous;
  }

  private replayDelete(id: string) {
    const entry = this.records.get(id);
    if (!entry) return undefined;
    this.unindex(id, entry);
    this.records.delete(id);
    return entry;
  }
}

function headerOf(id: string, entry: Entry, index: ObjectIndex): PutHeader {
  const keys = index.keysHeld(entry);
  return {
    k: "p",
    id,
    t: entry.type,
    ...(entry.owner ? { o: entry.owner } : {}),
    ...(entry.at !== undefined ? { a: entry.at } : {}),
    ...(keys ? { x: keys } : {}),
  };
}
