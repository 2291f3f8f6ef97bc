import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

/** A stored Stripe object. Fields starting with "_" are private and never leave the emulator. */
export type StripeObject = { id: string; object: string; [key: string]: unknown };

// Stored objects are Stripe-shaped JSON read by many paths; typing each path would dwarf the logic.
// biome-ignore lint/suspicious/noExplicitAny: see above
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

export interface IdempotencyRecord {
  bodyHash: string;
  status: number;
  body: unknown;
  /** Real time (ms) of the first request; records older than 24 h are pruned. */
  createdAt?: number;
}

import type { Delivery } from "../webhooks/dispatcher";

export interface EmulatorSettings {
  /** What happens when the last retry of a renewal fails (Stripe's dunning setting). */
  afterFinalRetry: "cancel" | "unpaid";
}

export interface EmulatorState {
  /** Seconds added to the real clock by "advance" calls. */
  clockOffset: number;
  objects: Record<string, StripeObject>;
  /** The Stripe-Account an object belongs to; absent means the platform. */
  owners: Record<string, string>;
  balances: Record<string, { available: number; pending: number }>;
  webhookEndpoints: WebhookEndpointRecord[];
  /** The delivery log, including what is still owed, so a restart keeps retrying. */
  webhookDeliveries: Delivery[];
  idempotency: Record<string, IdempotencyRecord>;
  settings: EmulatorSettings;
}

export function emptyState(): EmulatorState {
  return {
    clockOffset: 0,
    objects: {},
    owners: {},
    balances: {},
    webhookEndpoints: [],
    webhookDeliveries: [],
    idempotency: {},
    settings: { afterFinalRetry: "cancel" },
  };
}

/** The balance key of the platform itself (application fees, charges it keeps). */
export const PLATFORM_BALANCE = "platform";

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

/** In-memory state, written to a JSON file (atomically, debounced) so restarts keep it. */
export class Store {
  state: EmulatorState;
  private timer: NodeJS.Timeout | null = null;
  private lastWriteMs = 0;
  /** Ids by object type, so a list reads one type rather than every object. */
  private byType = new Map<string, Set<string>>();

  constructor(
    private readonly file: string | undefined,
    warn: (message: string) => void = () => {},
  ) {
    this.state = emptyState();
    if (!file || !existsSync(file)) return;
    try {
      // Fields added since the file was written start empty.
      this.state = { ...emptyState(), ...(JSON.parse(readFileSync(file, "utf8")) as object) };
    } catch (error) {
      // A damaged file must not stop the app from starting: keep it aside and start afresh.
      const aside = `${file}.corrupt-${Date.now()}`;
      renameSync(file, aside);
      warn(`Stripe emulator state in ${file} was unreadable (${String(error)}); moved to ${aside}`);
    }
    this.reindex();
  }

  private reindex() {
    this.byType = new Map();
    for (const value of Object.values(this.state.objects)) this.index(value);
  }

  private index(value: StripeObject) {
    let ids = this.byType.get(value.object);
    if (!ids) {
      ids = new Set();
      this.byType.set(value.object, ids);
    }
    ids.add(value.id);
  }

  now(): number {
    return Math.floor(Date.now() / 1000) + this.state.clockOffset;
  }

  get<T extends StripeObject = StripeObject>(id: string, object?: string): T | undefined {
    const found = this.state.objects[id];
    if (!found || (object && found.object !== object)) return undefined;
    return found as T;
  }

  /** `get`, but only if the object belongs to `account` (null: the platform). */
  find<T extends StripeObject = StripeObject>(
    id: string,
    object: string,
    account: string | null,
  ): T | undefined {
    const found = this.get<T>(id, object);
    return found && this.ownerOf(id) === account ? found : undefined;
  }

  /** `list`, limited to the objects of one account (null: the platform). */
  listFor<T extends StripeObject = StripeObject>(
    object: string,
    account: string | null,
    filter: (o: T) => boolean = () => true,
  ): T[] {
    return this.list<T>(object, (o) => this.ownerOf(o.id) === account && filter(o));
  }

  /** Stores an object (typed with the SDK's own types where it is built), optionally owned. */
  put<T extends { id: string; object: string }>(value: T, owner?: string | null): T & Obj {
    const stored = value as unknown as StripeObject;
    this.state.objects[value.id] = stored;
    this.index(stored);
    if (owner) this.state.owners[value.id] = owner;
    this.save();
    return value as T & Obj;
  }

  ownerOf(id: string): string | null {
    return this.state.owners[id] ?? null;
  }

  list<T extends StripeObject = StripeObject>(
    object: string,
    filter: (o: T) => boolean = () => true,
  ): T[] {
    const out: T[] = [];
    for (const id of this.byType.get(object) ?? []) {
      const found = this.state.objects[id] as T | undefined;
      if (found && found.object === object && filter(found)) out.push(found);
    }
    return out;
  }

  remove(id: string) {
    const found = this.state.objects[id];
    if (!found) return;
    delete this.state.objects[id];
    delete this.state.owners[id];
    this.byType.get(found.object)?.delete(id);
    this.save();
  }

  /** How many objects of a type exist (invoice numbers count invoices). */
  count(object: string): number {
    return this.byType.get(object)?.size ?? 0;
  }

  balance(account: string) {
    this.state.balances[account] ??= { available: 0, pending: 0 };
    return this.state.balances[account];
  }

  reset() {
    const endpoints = this.state.webhookEndpoints;
    this.state = emptyState();
    // Endpoints stay: they were configured by the app, not created by a test's data.
    this.state.webhookEndpoints = endpoints;
    this.reindex();
    this.save();
  }

  /**
   * Debounced: changes within the delay share one write. The delay grows with the time a write
   * takes (at least 100 ms, ten times the last write), so a large state under load spends at
   * most about a tenth of the time writing.
   */
  save() {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.flush();
      },
      Math.max(100, this.lastWriteMs * 10),
    );
    this.timer.unref();
  }

  /** Atomic: a crash mid-write leaves the previous file, never half of one. */
  flush() {
    if (!this.file) return;
    const started = performance.now();
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
    this.lastWriteMs = performance.now() - started;
  }

  close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flush();
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
