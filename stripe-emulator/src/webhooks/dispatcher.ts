import type Stripe from "stripe";
import { newId, publicView, type Store, type StripeObject } from "../core/state";
import { signPayload } from "./signing";

export interface Delivery {
  id: string;
  eventId: string;
  type: string;
  endpointId: string;
  url: string;
  attempts: number;
  status: "pending" | "delivered" | "failed";
  lastStatus: number | null;
  lastError: string | null;
  /** Real time (ms): webhooks are retried on the wall clock, not the emulator clock. */
  createdAt: number;
  nextAttemptAt: number;
  deliveredAt: number | null;
}

const MAX_ATTEMPTS = 8;
const KEEP_FINISHED = 2000;
const MAX_EVENTS = 10_000;
const backoffMs = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 60_000);

/**
 * Creates events and posts them, signed like Stripe, to every matching endpoint: events of a
 * connected account (`event.account`) go to `connect: true` endpoints, platform events to the
 * others. Delivery is asynchronous (never inside the API call that caused it), retried with
 * exponential back-off, and the log (with what is still owed) is part of the persisted state.
 */
export class WebhookDispatcher {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly busy = new Set<string>();
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
    for (const delivery of this.deliveries) {
      if (delivery.status === "pending") delivery.nextAttemptAt = Date.now();
    }
    if (this.deliveries.some((d) => d.status === "pending")) this.schedule(0);
  }

  get deliveries(): Delivery[] {
    this.store.state.webhookDeliveries ??= [];
    return this.store.state.webhookDeliveries;
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
    const now = Date.now();
    for (const endpoint of endpoints) {
      this.deliveries.push({
        id: newId("whdel"),
        eventId: event.id,
        type,
        endpointId: endpoint.id,
        url: endpoint.url,
        attempts: 0,
        status: "pending",
        lastStatus: null,
        lastError: null,
        createdAt: now,
        nextAttemptAt: now,
        deliveredAt: null,
      });
    }
    this.trim();
    this.trimEvents();
    this.schedule(0);
  }

  /**
   * Keeps the newest events (Stripe keeps 30 days; an emulator that runs for months of clock
   * time would otherwise grow without end). Events still owed to an endpoint are kept.
   */
  private trimEvents() {
    if (this.store.count("event") <= MAX_EVENTS * 1.2) return;
    const owed = new Set(
      this.deliveries.filter((d) => d.status === "pending").map((d) => d.eventId),
    );
    const events = this.store.list("event");
    for (const event of events.slice(0, events.length - MAX_EVENTS)) {
      if (!owed.has(event.id)) this.store.remove(event.id);
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
    for (const delivery of this.deliveries) {
      if (delivery.status !== "pending" || delivery.nextAttemptAt > now) continue;
      if (this.busy.has(delivery.id)) continue;
      const attempt = this.attempt(delivery).finally(() => this.inFlight.delete(attempt));
      this.inFlight.add(attempt);
    }
    const next = this.deliveries.filter((d) => d.status === "pending").map((d) => d.nextAttemptAt);
    if (next.length > 0) this.schedule(Math.max(0, Math.min(...next) - Date.now()));
  }

  private async attempt(delivery: Delivery) {
    this.busy.add(delivery.id);
    const event = this.store.get(delivery.eventId);
    const endpoint = this.store.state.webhookEndpoints.find((e) => e.id === delivery.endpointId);
    delivery.attempts += 1;
    try {
      if (!event || !endpoint) throw new Error("event or endpoint gone");
      const payload = JSON.stringify(event, null, 2);
      const response = await fetch(endpoint.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": signPayload(payload, endpoint.secret, Math.floor(Date.now() / 1000)),
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      delivery.lastStatus = response.status;
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
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
      this.store.save();
      this.schedule(0);
    }
  }

  /**
   * Resolves when nothing is due now or in flight. Retries waiting for their back-off are
   * attempted now (once), so a test needn't wait for the schedule.
   */
  async flush(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    const retrying = new Set(
      this.deliveries.filter((d) => d.status === "pending" && d.attempts > 0),
    );
    for (const delivery of retrying) delivery.nextAttemptAt = Date.now();
    for (;;) {
      this.pump();
      const due = this.deliveries.some(
        (d) =>
          d.status === "pending" &&
          !this.busy.has(d.id) &&
          (d.attempts === 0 || (retrying.has(d) && d.nextAttemptAt <= Date.now())),
      );
      if (!due && this.inFlight.size === 0) return;
      if (Date.now() > deadline) return;
      await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 20))]);
    }
  }

  /** Events still owed to replaced endpoints go to their replacement (signed with its secret). */
  reassign(fromEndpointIds: string[], toEndpoint: { id: string; url: string }) {
    for (const delivery of this.deliveries) {
      if (delivery.status === "pending" && fromEndpointIds.includes(delivery.endpointId)) {
        delivery.endpointId = toEndpoint.id;
        delivery.url = toEndpoint.url;
      }
    }
  }

  /** Drops deliveries owed to an endpoint that was deleted. */
  forgetEndpoint(endpointId: string) {
    for (const delivery of this.deliveries) {
      if (delivery.status === "pending" && delivery.endpointId === endpointId) {
        delivery.status = "failed";
        delivery.lastError = "endpoint deleted";
      }
    }
  }

  reset() {
    this.store.state.webhookDeliveries = [];
  }

  /** Keeps every pending delivery and the most recent finished ones. */
  private trim() {
    const finished = this.deliveries.filter((d) => d.status !== "pending");
    if (finished.length <= KEEP_FINISHED * 1.5) return;
    const drop = new Set(finished.slice(0, finished.length - KEEP_FINISHED));
    this.store.state.webhookDeliveries = this.deliveries.filter((d) => !drop.has(d));
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
