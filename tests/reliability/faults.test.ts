import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { subscribers } from "../../server/db/schema/app";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { confirmCardPayment, createPaymentMethod, testCards } from "../factories/stripe-browser";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";
import { findOrphans } from "./row-invariants";

// Short enough to test timeouts quickly, long enough that a busy CI machine's slow answers
// aren't timeouts of their own on top of the injected faults.
const SDK_TIMEOUT_MS = 3000;
const DELAY_PAST_TIMEOUT_MS = SDK_TIMEOUT_MS + 600;
// Worst case for one request: up to 4 Stripe calls, each 3 timed-out attempts plus back-off.
const REQUEST_DEADLINE_MS = 60_000;
// An outage's test: a refused start (3 timed-out attempts, about 10 s), then a finalize whose sync
// waits behind at most one webhook's sync of the same subscription (2 × about 10 s), then the
// delayed calls landing. About 35 s on a quiet machine; a shared CI machine is slower.
const OUTAGE_BUDGET_MS = 120_000;
const SUBSCRIBES = 24;
const MAX_ATTEMPTS_PER_CALL = 3;

type FaultMode = "http500" | "drop" | "delay";
interface FaultCase {
  mode: FaultMode;
  /** A delayed call still runs on Stripe's side once the delay is over. */
  delayMs: number;
}

const faultCases: FaultCase[] = [
  { mode: "http500", delayMs: 0 },
  { mode: "drop", delayMs: 0 },
  { mode: "delay", delayMs: DELAY_PAST_TIMEOUT_MS },
];

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ STRIPE_TIMEOUT_MS: String(SDK_TIMEOUT_MS) });
});
afterAll(async () => {
  await setFaults(null).catch(() => undefined);
  await app?.close();
});

async function setFaults(body: Record<string, unknown> | null) {
  const response = await fetch(`${app.runtime.emulator!.url}/_emulator/faults`, {
    method: body ? "POST" : "DELETE",
    headers: { "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`faults: ${response.status} ${await response.text()}`);
}

/** Runs `work` with faults on, and always turns them off, even when `work` throws. */
async function withFaults<T>(fault: Record<string, unknown>, work: () => Promise<T>) {
  await setFaults(fault);
  try {
    return await work();
  } finally {
    await setFaults(null);
  }
}

/** Every attempt the server's SDK makes, retries included, with the key it sent. */
function recordStripeRequests() {
  const stripe = app.runtime.deps.stripe;
  const attempts: Stripe.RequestEvent[] = [];
  const listener = (event: Stripe.RequestEvent) => attempts.push(event);
  stripe.on("request", listener);
  return { attempts, stop: () => stripe.off("request", listener) };
}

/** Calls caught in a delay are still running on Stripe's side; let them land first. */
async function settleDelayedCalls(fault: FaultCase) {
  if (fault.delayMs > 0) await new Promise((r) => setTimeout(r, fault.delayMs + 300));
}

/**
 * Stripe keeps retrying failed deliveries; flush until none is owed. Bounded: a delivery
 * that keeps failing with faults off is a bug the assertions after this should show.
 */
async function deliverAllWebhooks() {
  for (let round = 0; round < 5; round += 1) {
    const response = await fetch(`${app.runtime.emulator!.url}/_emulator/webhooks/flush`, {
      method: "POST",
    });
    const { pending } = await readJson(response, z.object({ pending: z.number() }));
    if (pending === 0) return;
  }
}

interface Outcome {
  step: "start" | "finalize";
  email: string;
  status: number;
  contentType: string;
  body: { subscriberId?: string; error?: { code?: string; message?: string } };
}

async function readOutcome(
  step: Outcome["step"],
  email: string,
  response: Response,
): Promise<Outcome> {
  const contentType = response.headers.get("content-type") ?? "";
  const text = await response.text();
  let body: Outcome["body"] = {};
  try {
    body = JSON.parse(text) as Outcome["body"];
  } catch {
    body = { error: { message: `not JSON: ${text.slice(0, 200)}` } };
  }
  return { step, email, status: response.status, contentType, body };
}

function postAsCustomer(path: string, body: unknown, ip: string) {
  return app.request(path, {
    ...jsonRequest("POST", body),
    ip,
    // A hang would otherwise surface as the test's own timeout, without saying which step.
    signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
  });
}

async function startSubscribe(
  customUrl: string,
  paymentMethodId: string,
  email: string,
  ip: string,
) {
  const response = await postAsCustomer(
    "/api/public/subscribe",
    { customUrl, attemptId: randomUUID(), name: "Fault Tester", email, paymentMethodId },
    ip,
  );
  return readOutcome("start", email, response);
}

/** Started: what start answered, whose finalize token lets only this caller finalize. */
interface Started {
  subscriptionId: string;
  clientSecret: string;
  finalizeToken: string;
}

async function finalizeSubscribe(customUrl: string, started: Started, email: string, ip: string) {
  const { subscriptionId, finalizeToken } = started;
  const response = await postAsCustomer(
    "/api/public/subscribe/finalize",
    { customUrl, subscriptionId, finalizeToken },
    ip,
  );
  return readOutcome("finalize", email, response);
}

/** The card path as the subscribe page runs it: start, confirm in the browser, finalize. */
async function subscribeThroughPage(
  customUrl: string,
  paymentMethodId: string,
  email: string,
  ip: string,
): Promise<Outcome> {
  const start = await startSubscribe(customUrl, paymentMethodId, email, ip);
  if (start.status !== 201) return start;
  const started = start.body as Started;
  await confirmCardPayment(app, started.clientSecret, paymentMethodId);
  return finalizeSubscribe(customUrl, started, email, ip);
}

/** Leaks of internals that must never reach a customer. */
const RAW_MESSAGE =
  /stripe|timeout|ECONN|EPIPE|socket|hang up|injected|emulator|\bat \S+:\d+|<html|undefined|null/i;

function expectCleanError(outcome: Outcome) {
  const context = JSON.stringify(outcome);
  expect(outcome.contentType, context).toContain("application/json");
  expect([402, 409, 502], context).toContain(outcome.status);
  expect(outcome.body.error?.code, context).toEqual(expect.any(String));
  expect(outcome.body.error?.message?.length ?? 0, context).toBeGreaterThan(15);
  expect(outcome.body.error?.message, context).not.toMatch(RAW_MESSAGE);
  // Finalize runs after the card was charged; if Stripe could not be asked whether it went
  // through, "try again" would start a second attempt and charge twice.
  if (outcome.step === "finalize" && outcome.status === 502)
    expect(outcome.body.error?.message, context).not.toMatch(/try again/i);
}

describe.each(faultCases)("Stripe calls failing by $mode", (fault) => {
  it("at 20%, every subscribe completes or fails with a clear message; nothing paid is left unrecorded", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { priceCents: 1500 });
    // Cards are created before the faults start: that is the browser talking to Stripe.
    const cards = await Promise.all(
      Array.from({ length: SUBSCRIBES }, () => createPaymentMethod(app, testCards.success)),
    );
    const recorder = recordStripeRequests();
    const modeIndex = faultCases.indexOf(fault);
    const outcomes = await withFaults(
      {
        failureRate: 0.2,
        mode: fault.mode,
        delayMs: fault.delayMs,
        paths: ["/v1/customers", "/v1/subscriptions", "/v1/payment_methods/", "/v1/invoices"],
      },
      () =>
        Promise.all(
          cards.map((paymentMethodId, index) =>
            subscribeThroughPage(
              offering.customUrl,
              paymentMethodId,
              `fault-${fault.mode}-${index}@example.com`,
              // Each customer their own address, as on the internet: the subscribe rate limit is per address.
              `10.200.${modeIndex}.${index + 1}`,
            ),
          ),
        ),
    );
    recorder.stop();

    for (const outcome of outcomes) {
      // Success, or JSON with a sentence a customer can act on; never a crash or a raw error.
      if (outcome.status !== 200) {
        expectCleanError(outcome);
        continue;
      }
      expect(outcome.step).toBe("finalize");
      expect(outcome.body.subscriberId).toEqual(expect.any(String));
    }
    const failed = outcomes.filter((o) => o.status !== 200);
    expect(failed.length, JSON.stringify(failed)).toBeLessThan(SUBSCRIBES / 2);

    // The faults really hit: some calls were retried. Every retry of a write reused its key,
    // and each subscribe sent one customer-create key however often that call was retried.
    const attemptsByKey = new Map<string, number>();
    for (const attempt of recorder.attempts) {
      if (attempt.method !== "POST") continue;
      expect(attempt.idempotency_key, `${attempt.method} ${attempt.path}`).toBeTruthy();
      const key = attempt.idempotency_key!;
      attemptsByKey.set(key, (attemptsByKey.get(key) ?? 0) + 1);
    }
    expect([...attemptsByKey.values()].some((n) => n > 1)).toBe(true);
    expect(Math.max(...attemptsByKey.values())).toBeLessThanOrEqual(MAX_ATTEMPTS_PER_CALL);
    const customerKeys = [...attemptsByKey.keys()].filter((k) => k.endsWith("-customer"));
    expect(customerKeys.length).toBe(SUBSCRIBES);

    await settleDelayedCalls(fault);
    // Webhooks reconcile anything that was paid while our finalize call failed.
    await deliverAllWebhooks();
    const db = app.runtime.deps.db;
    expect(await findOrphans(db)).toEqual({
      subscribersWithoutPayment: 0,
      subscribersWithoutEarnings: 0,
    });
    const rows = await db.select().from(subscribers);
    const recordedStripeIds = new Set(rows.map((r) => r.stripeSubscriptionId));
    const recordedIds = new Set(rows.map((r) => r.id));
    for (const outcome of outcomes)
      if (outcome.status === 200) expect(recordedIds.has(outcome.body.subscriberId!)).toBe(true);
    const stripe = app.runtime.deps.stripe;
    const charged = await stripe.subscriptions
      .list({ status: "active", limit: 100 })
      .autoPagingToArray({ limit: 10_000 });
    const ours = charged.filter((s) => s.metadata.regulars_offering_id === offering.id);
    expect(ours.length).toBeGreaterThanOrEqual(outcomes.filter((o) => o.status === 200).length);
    expect(ours.filter((s) => !recordedStripeIds.has(s.id)).map((s) => s.id)).toEqual([]);
    // A failed start told the customer they were not charged: nothing of theirs is active.
    const refusedAtStart = new Set(outcomes.filter((o) => o.step === "start").map((o) => o.email));
    const chargedAnyway = ours.filter((s) =>
      refusedAtStart.has(s.metadata.regulars_subscriber_email ?? ""),
    );
    expect(chargedAnyway.map((s) => s.id)).toEqual([]);
  }, 120_000);

  it("at 50%, the SDK retries with one idempotency key, so a retried create makes one customer", async () => {
    const stripe = app.runtime.deps.stripe;
    const email = `retry-${fault.mode}-${randomUUID().slice(0, 6)}@example.com`;
    const calls = 16;
    const recorder = recordStripeRequests();
    const results = await withFaults(
      { failureRate: 0.5, mode: fault.mode, delayMs: fault.delayMs, paths: ["/v1/customers"] },
      () =>
        Promise.allSettled(Array.from({ length: calls }, () => stripe.customers.create({ email }))),
    );
    recorder.stop();
    await settleDelayedCalls(fault);

    const creates = recorder.attempts.filter(
      (a) => a.method === "POST" && a.path === "/v1/customers",
    );
    const keys = new Set(creates.map((a) => a.idempotency_key));
    // One key per call, sent again on every retry.
    expect(keys.size).toBe(calls);
    expect(creates.length).toBeGreaterThan(calls);

    const created = results.filter((r) => r.status === "fulfilled").length;
    const listed = await stripe.customers.list({ email, limit: 100 });
    if (fault.mode === "delay") {
      // Every attempt reached Stripe in the end, some after the SDK gave up on them: still one
      // customer per call, because the repeats carried the key of the first.
      expect(listed.data.length).toBe(calls);
    } else {
      // Refused attempts never ran: exactly the calls that succeeded made a customer.
      expect(listed.data.length).toBe(created);
    }
    for (const r of results)
      if (r.status === "rejected")
        expect(r.reason).toBeInstanceOf(
          fault.mode === "http500"
            ? Stripe.errors.StripeAPIError
            : Stripe.errors.StripeConnectionError,
        );
  }, 60_000);

  it(
    "at 100%, a refused start says nothing was charged; a charged finalize says not to pay again and is recorded later",
    async () => {
      const creator = await createOnboardedCreator(app);
      const offering = await createOffering(app, creator);
      const [refusedCard, paidCard] = await Promise.all([
        createPaymentMethod(app, testCards.success),
        createPaymentMethod(app, testCards.success),
      ]);
      const ip = `10.201.${faultCases.indexOf(fault)}.1`;
      const outage = { failureRate: 1, mode: fault.mode, delayMs: fault.delayMs };

      const refused = await withFaults({ ...outage, paths: ["/v1/customers"] }, () =>
        startSubscribe(offering.customUrl, refusedCard, `outage-${fault.mode}-a@example.com`, ip),
      );
      expectCleanError(refused);
      expect(refused.status).toBe(502);
      expect(refused.body.error?.message).toMatch(/not been charged/i);

      const paidEmail = `outage-${fault.mode}-b@example.com`;
      const started = await startSubscribe(offering.customUrl, paidCard, paidEmail, ip);
      expect(started.status).toBe(201);
      const startedBody = started.body as Started;
      const { subscriptionId, clientSecret } = startedBody;
      const confirmed = await confirmCardPayment(app, clientSecret, paidCard);
      expect(confirmed.body.status).toBe("succeeded");
      const unconfirmed = await withFaults(
        { ...outage, paths: ["/v1/subscriptions", "/v1/invoices"] },
        () => finalizeSubscribe(offering.customUrl, startedBody, paidEmail, ip),
      );
      expectCleanError(unconfirmed);
      expect(unconfirmed.status).toBe(502);
      expect(unconfirmed.body.error?.message).toMatch(/don't pay again/i);

      await settleDelayedCalls(fault);
      await deliverAllWebhooks();
      const db = app.runtime.deps.db;
      const [row] = await db
        .select()
        .from(subscribers)
        .where(eq(subscribers.stripeSubscriptionId, subscriptionId));
      expect(row?.paymentStatus).toBe("active");
      expect(await findOrphans(db)).toEqual({
        subscribersWithoutPayment: 0,
        subscribersWithoutEarnings: 0,
      });
    },
    OUTAGE_BUDGET_MS,
  );
});
