import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

/** A stored Stripe object. Fields starting with "_" are private and never leave the emulator. */
export type StripeObject = { id: string; object: string; [key: string]: unknown };

export interface WebhookEndpointRecord {
  id: string;
  url: string;
  secret: string;
  connect: boolean;
  enabledEvents: string[];
}

export interface IdempotencyRecord {
  bodyHash: string;
  status: number;
  body: unknown;
}

export interface EmulatorState {
  /** Seconds added to the real clock by "advance" calls. */
  clockOffset: number;
  objects: Record<string, StripeObject>;
  /** The Stripe-Account an object belongs to; absent means the platform. */
  owners: Record<string, string>;
  balances: Record<string, { available: number; pending: number }>;
  webhookEndpoints: WebhookEndpointRecord[];
  idempotency: Record<string, IdempotencyRecord>;
}

export function emptyState(): EmulatorState {
  return {
    clockOffset: 0,
    objects: {},
    owners: {},
    balances: {},
    webhookEndpoints: [],
    idempotency: {},
  };
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

/** In-memory state, written to a JSON file (atomically, debounced) so restarts keep it. */
export class Store {
  state: EmulatorState;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly file: string | undefined) {
    this.state =
      file && existsSync(file)
        ? (JSON.parse(readFileSync(file, "utf8")) as EmulatorState)
        : emptyState();
  }

  now(): number {
    return Math.floor(Date.now() / 1000) + this.state.clockOffset;
  }

  get<T extends StripeObject = StripeObject>(id: string, object?: string): T | undefined {
    const found = this.state.objects[id];
    if (!found || (object && found.object !== object)) return undefined;
    return found as T;
  }

  put<T extends StripeObject>(value: T, owner?: string | null): T {
    this.state.objects[value.id] = value;
    if (owner) this.state.owners[value.id] = owner;
    this.save();
    return value;
  }

  ownerOf(id: string): string | null {
    return this.state.owners[id] ?? null;
  }

  list<T extends StripeObject = StripeObject>(
    object: string,
    filter: (o: T) => boolean = () => true,
  ): T[] {
    return (Object.values(this.state.objects) as T[]).filter(
      (o) => o.object === object && filter(o),
    );
  }

  balance(account: string) {
    this.state.balances[account] ??= { available: 0, pending: 0 };
    return this.state.balances[account];
  }

  reset() {
    const endpoints = this.state.webhookEndpoints;
    this.state = emptyState();
    this.state.webhookEndpoints = endpoints;
    this.save();
  }

  save() {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, 100);
  }

  flush() {
    if (!this.file) return;
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
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
