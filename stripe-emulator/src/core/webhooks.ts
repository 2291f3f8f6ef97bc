import { createHmac } from "node:crypto";
import { newId, publicView, type Store, type StripeObject } from "./state";

export interface Delivery {
  id: string;
  eventId: string;
  type: string;
  endpointId: string;
  url: string;
  attempts: number;
  status: "pending" | "delivered" | "failed";
  lastStatus: number | null;
  nextAttemptAt: number;
}

const MAX_ATTEMPTS = 8;
const backoffMs = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 30_000);

export function signPayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Creates events and posts them, signed like Stripe, to every matching endpoint: events of a
 * connected account go to `connect: true` endpoints, platform events to the others.
 * Deliveries are asynchronous and retried with back-off.
 */
export class WebhookDispatcher {
  readonly deliveries: Delivery[] = [];
  private inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly log: (message: string) => void,
  ) {}

  emit(
    type: string,
    object: StripeObject,
    options: { account?: string | null; previous?: Record<string, unknown> } = {},
  ) {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: "2025-07-30.basil",
      created: this.store.now(),
      data: {
        object: publicView(object),
        ...(options.previous ? { previous_attributes: options.previous } : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      type,
      ...(options.account ? { account: options.account } : {}),
    };
    const endpoints = this.store.state.webhookEndpoints.filter(
      (e) =>
        e.connect === Boolean(options.account) &&
        (e.enabledEvents.includes("*") || e.enabledEvents.includes(type)),
    );
    event.pending_webhooks = endpoints.length;
    this.store.put(event as unknown as StripeObject, options.account ?? null);
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
        nextAttemptAt: Date.now(),
      });
    }
    this.schedule(0);
  }

  private schedule(delayMs: number) {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, delayMs);
  }

  private pump() {
    const now = Date.now();
    for (const delivery of this.deliveries) {
      if (
        delivery.status !== "pending" ||
        delivery.nextAttemptAt > now ||
        (delivery as { busy?: boolean }).busy
      )
        continue;
      const attempt = this.attempt(delivery).finally(() => this.inFlight.delete(attempt));
      this.inFlight.add(attempt);
    }
    const next = this.deliveries.filter((d) => d.status === "pending").map((d) => d.nextAttemptAt);
    if (next.length > 0) this.schedule(Math.max(0, Math.min(...next) - Date.now()));
  }

  private async attempt(delivery: Delivery) {
    const flagged = delivery as Delivery & { busy?: boolean };
    flagged.busy = true;
    const event = this.store.get(delivery.eventId);
    const endpoint = this.store.state.webhookEndpoints.find((e) => e.id === delivery.endpointId);
    delivery.attempts += 1;
    try {
      if (!event || !endpoint) throw new Error("event or endpoint gone");
      const payload = JSON.stringify(event, null, 2);
      const response = await fetch(delivery.url, {
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
      if (response.ok) {
        delivery.status = "delivered";
        return;
      }
      throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      if (delivery.attempts >= MAX_ATTEMPTS) {
        delivery.status = "failed";
        this.log(`webhook ${delivery.type} to ${delivery.url} failed for good: ${String(error)}`);
      } else {
        delivery.nextAttemptAt = Date.now() + backoffMs(delivery.attempts);
      }
    } finally {
      flagged.busy = false;
      this.schedule(0);
    }
  }

  /**
   * Resolves when nothing is due now or in flight. Retries waiting for their back-off are
   * attempted now (once), so a test needn't wait for the schedule.
   */
  async flush(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (const delivery of this.deliveries) {
      if (delivery.status === "pending" && delivery.attempts > 0)
        delivery.nextAttemptAt = Date.now();
    }
    const retrying = new Set(
      this.deliveries.filter((d) => d.status === "pending" && d.attempts > 0),
    );
    for (;;) {
      this.pump();
      const due = this.deliveries.some(
        (d) =>
          d.status === "pending" &&
          (d.attempts === 0 || (retrying.has(d) && d.nextAttemptAt <= Date.now())),
      );
      if (!due && this.inFlight.size === 0) return;
      if (Date.now() > deadline) return;
      await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 20))]);
    }
  }

  reassign(fromEndpointIds: string[], toEndpointId: string) {
    for (const delivery of this.deliveries) {
      if (delivery.status === "pending" && fromEndpointIds.includes(delivery.endpointId)) {
        delivery.endpointId = toEndpointId;
      }
    }
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
