import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMULATOR_WEBHOOK_SECRET } from "../../server/runtime";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { advanceEmulatorClock } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, type TestApp } from "../setup/test-app";
import { snapshotBilling } from "./row-invariants";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

function deliver(event: unknown) {
  const payload = JSON.stringify(event);
  const signature = app.runtime.deps.stripe.webhooks.generateTestHeaderString({
    payload,
    secret: EMULATOR_WEBHOOK_SECRET,
  });
  return app.request("/api/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe("webhook re-delivery", () => {
  it("three deliveries of every event, shuffled and in parallel, end where one clean delivery did", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator);
    for (let i = 0; i < 3; i += 1) await subscribeWithCard(app, offering, { name: `R${i}` });
    await advanceEmulatorClock(app, 31);
    await app.flushWebhooks();
    const clean = await snapshotBilling(app.runtime.deps.db);

    const events = await app.runtime.deps.stripe.events.list({ limit: 100 });
    const ours = events.data.filter((e) => !e.account);
    expect(ours.length).toBeGreaterThan(10);
    // The same events again, three times over (deduplicated by id)...
    const again = shuffle([...ours, ...ours, ...ours]);
    const responses = await Promise.all(again.map(deliver));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    // ...and as new events about the same objects (handled, and still idempotent).
    const renamed = shuffle(
      ours.map((e) => ({ ...e, id: `evt_${randomUUID().replaceAll("-", "")}` })),
    );
    const second = await Promise.all(renamed.map(deliver));
    expect(second.every((r) => r.status === 200)).toBe(true);

    expect(await snapshotBilling(app.runtime.deps.db)).toBe(clean);
  });
});
