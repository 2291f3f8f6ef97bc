import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type Stripe from "stripe";
import { newId, publicView, type StripeObject } from "../core/state";
import type { Store } from "../core/store/store";
import { recordResponse } from "../http/recorder";
import { signPayload } from "./signing";

export interface Delivery {
  id: string;
  object: "_delivery";
  eventId: string;
  type: string;
  endpointId: string;
  url: string;
  attempts: number;
  status: "pending" | "delivered" | "failed";
  lastStatus: number | null;
  lastError: string | null;
  /** The event's time on the emulator clock: the retention window counts from it. */
  created: number;
  /** Real time (ms): webhooks are retried on the wall clock, not the emulator clock. */
  createdAt: number;
  nextAttemptAt: number;
  deliveredAt: number | null;
}

const MAX_ATTEMPTS = 8;
/** Stripe keeps events for 30 days; so does the emulator, on its own clock. */
const RETENTION_SECONDS = 30 * 86_400;
/** Deliveries on the wire at once, so a month of renewals doesn't open thousands of sockets. */
const MAX_IN_FLIGHT = 8;
const backoffMs = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 60_000);

/**
 * Creates events and posts them, signed like Stripe, to every matching endpoint: events of a
 * connected account (`event.account`) go to `connect: true` endpoints, platform events to the
 * others. Delivery is asynchronous (never inside the API call that caused it), retried with
 * exponential back-off, at most MAX_IN_FLIGHT at a time. Deliveries are records of the store
 * (what is still owed survives a restart); events and finished deliveries older than 30 days of
 * emulator time are dropped, unless still owed.
 */
export class WebhookDispatcher {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly busy = new Set<string>();
  /** Deliveries still owed, in the order they were queued. */
  private readonly pending = new Map<string, Delivery>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly log: (message: string) => void,
    private readonly currentRequest: () => {
      id: string;
      idempotencyKey: string | null;
    } | null = () => null,
  ) {
    // Deliveries owed before a restart are due again now.
    for (const delivery of store.listWhere<Delivery & StripeObject>(
      "_delivery",
      "status",
      "pending",
    )) {
      delivery.nextAttemptAt = Date.now();
      this.pending.set(delivery.id, delivery);
    }
    if (this.pending.size > 0) this.schedule(0);
    store.onCheckpoint(() => this.prune());
  }

  /** The newest deliveries (all pending ones first when asked for pending), oldest first. */
  recent(status: string | null, limit: number): Delivery[] {
    if (status === "pending") return [...this.pending.values()].slice(-limit);
    const ids = [...this.store.idsOf("_delivery")];
    const out: Delivery[] = [];
    for (let i = ids.length - 1; i >= 0 && out.length < limit; i -= 1) {
      const delivery = this.store.get<Delivery & StripeObject>(ids[i]!, "_delivery");
      if (delivery && (!status || delivery.status === status)) out.push(delivery);
    }
    return out.reverse();
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Records an event for `object` and queues its deliveries. The event belongs to the account
   * that owns the object unless `account` says otherwise (account.updated names the account).
   */
  emit(
    type: Stripe.Event.Type,
    object: StripeObject,
    options: { account?: string | null; previous?: Record<string, unknown> } = {},
  ) {
    const account = options.account === undefined ? this.store.ownerOf(object.id) : options.account;
    // The envelope is the SDK's basil EventBase; data.object is the object as the API shows it.
    const event: Stripe.EventBase = {
      id: newId("evt"),
      object: "event",
      api_version: "2025-07-30.basil",
      created: this.store.now(),
      data: {
        object: publicView(object) as Stripe.Event.Data.Object,
        ...(options.previous
          ? {
              previous_attributes: publicView(
                options.previous,
              ) as Stripe.Event.Data.PreviousAttributes,
            }
          : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      // Events caused by an API call name it, as Stripe's do; the clock's have no request.
      request: {
        id: this.currentRequest()?.id ?? null,
        idempotency_key: this.currentRequest()?.idempotencyKey ?? null,
      },
      type,
      ...(account ? { account } : {}),
    };
    const endpoints = this.store.state.webhookEndpoints.filter(
      (e) =>
        !e.disabled &&
        e.connect === Boolean(account) &&
        (e.enabledEvents.includes("*") || e.enabledEvents.includes(type)),
    );
    event.pending_webhooks = endpoints.length;
    this.store.put(event, account);
    recordResponse({ source: "webhook", method: "POST", path: type, status: 200, body: event });
    const now = Date.now();
    for (const endpoint of endpoints) {
      const delivery: Delivery = {
        id: newId("whdel"),
        object: "_delivery",
        eventId: event.id,
        type,
        endpointId: endpoint.id,
        url: endpoint.url,
        attempts: 0,
        status: "pending",
        lastStatus: null,
        lastError: null,
        created: event.created,
        createdAt: now,
        nextAttemptAt: now,
        deliveredAt: null,
      };
      this.store.put(delivery);
      this.pending.set(delivery.id, delivery);
    }
    this.schedule(0);
  }

  /**
   * The retention window, run at each checkpoint: events and finished deliveries older than 30
   * days of emulator time go, oldest first; an event still owed to an endpoint stays.
   */
  private prune() {
    const cutoff = this.store.now() - RETENTION_SECONDS;
    const owed = new Set<string>();
    for (const delivery of this.pending.values()) owed.add(delivery.eventId);
    for (const type of ["_delivery", "event"]) {
      for (const id of this.store.idsOf(type)) {
        const created = this.store.createdOf(id);
        if (created === undefined || created >= cutoff) break;
        if (!owed.has(id) && !this.pending.has(id)) this.store.remove(id);
      }
    }
  }

  private schedule(delayMs: number) {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, delayMs);
    this.timer.unref();
  }

  private pump() {
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const delivery of this.pending.values()) {
      // Full: each attempt that finishes pumps again.
      if (this.busy.size >= MAX_IN_FLIGHT) return;
      if (this.busy.has(delivery.id)) continue;
      if (delivery.nextAttemptAt > now) {
        next = Math.min(next, delivery.nextAttemptAt);
        continue;
      }
      const attempt = this.attempt(delivery).finally(() => this.inFlight.delete(attempt));
      this.inFlight.add(attempt);
    }
    if (Number.isFinite(next)) this.schedule(Math.max(0, next - Date.now()));
  }

  private async attempt(delivery: Delivery) {
    this.busy.add(delivery.id);
    const event = this.store.get(delivery.eventId);
    const endpoint = this.store.state.webhookEndpoints.find((e) => e.id === delivery.endpointId);
    delivery.attempts += 1;
    try {
      if (!event || !endpoint) throw new Error("event or endpoint gone");
      const payload = JSON.stringify(event, null, 2);
      const status = await post(endpoint.url, payload, {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": signPayload(payload, endpoint.secret, Math.floor(Date.now() / 1000)),
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      });
      delivery.lastStatus = status;
      if (status < 200 || status >= 300) throw new Error(`HTTP ${status}`);
      delivery.status = "delivered";
      delivery.deliveredAt = Date.now();
      delivery.lastError = null;
    } catch (error) {
      delivery.lastError = error instanceof Error ? error.message : String(error);
      if (delivery.attempts >= MAX_ATTEMPTS) {
        delivery.status = "failed";
        this.log(
          `webhook ${delivery.type} to ${delivery.url} failed for good: ${delivery.lastError}`,
        );
      } else {
        delivery.nextAttemptAt = Date.now() + backoffMs(delivery.attempts);
      }
    } finally {
      this.busy.delete(delivery.id);
      if (delivery.status !== "pending") this.pending.delete(delivery.id);
      this.store.put(delivery);
      this.schedule(0);
    }
  }

  /**
   * Resolves when nothing is due now or in flight. Retries waiting for their back-off are
   * attempted now (once), so a test needn't wait for the schedule.
   */
  async flush(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    const retrying = new Set([...this.pending.values()].filter((d) => d.attempts > 0));
    for (const delivery of retrying) delivery.nextAttemptAt = Date.now();
    for (;;) {
      this.pump();
      let due = false;
      for (const d of this.pending.values()) {
        if (this.busy.has(d.id)) continue;
        if (d.attempts === 0 || (retrying.has(d) && d.nextAttemptAt <= Date.now())) {
          due = true;
          break;
        }
      }
      if (!due && this.inFlight.size === 0) return;
      if (Date.now() > deadline) return;
      await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 20))]);
    }
  }

  /** Events still owed to replaced endpoints go to their replacement (signed with its secret). */
  reassign(fromEndpointIds: string[], toEndpoint: { id: string; url: string }) {
    for (const delivery of this.pending.values()) {
      if (fromEndpointIds.includes(delivery.endpointId)) {
        delivery.endpointId = toEndpoint.id;
        delivery.url = toEndpoint.url;
        this.store.put(delivery);
      }
    }
  }

  /** Drops deliveries owed to an endpoint that was deleted. */
  forgetEndpoint(endpointId: string) {
    for (const delivery of [...this.pending.values()]) {
      if (delivery.endpointId === endpointId) {
        delivery.status = "failed";
        delivery.lastError = "endpoint deleted";
        this.pending.delete(delivery.id);
        this.store.put(delivery);
      }
    }
  }

  /** After the store's reset: nothing is owed any more. */
  reset() {
    this.pending.clear();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Let attempts already on the wire finish, so their outcome is logged and saved.
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((r) => setTimeout(r, 2000)),
    ]);
  }
}

/**
 * POSTs a webhook and resolves with the status once the answer is read; 30 s at most. Plain
 * node:http rather than fetch: a failed fetch with an abort signal stays in memory until the
 * event loop gets round to it, and a month of renewals meeting an endpoint that is down fails
 * thousands of them in a row (measured: 6,000 failed fetches held 67 MB; this holds none).
 */
function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode ?? 0));
        res.once("error", reject);
      },
    );
    req.once("timeout", () => req.destroy(new Error("timed out after 30 s")));
    req.once("error", reject);
    req.end(body);
  });
}
