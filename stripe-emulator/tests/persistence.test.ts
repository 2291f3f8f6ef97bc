import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { startStripeEmulator } from "../src/index";
import { postJson, startReceiver } from "./support";

// Emulator only: state across restarts, and the controls that reset or break it.

const dir = mkdtempSync(path.join(tmpdir(), "stripe-emulator-"));
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function start(stateFile: string | undefined, secret?: string, hook?: string) {
  const emulator = await startStripeEmulator({
    port: 0,
    stateFile,
    webhookEndpoints: hook && secret ? [{ url: hook, secret, connect: false }] : undefined,
  });
  const { default: StripeClient } = await import("stripe");
  const stripe: Stripe = new StripeClient(emulator.secretKey, {
    host: "127.0.0.1",
    port: emulator.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  return { emulator, stripe };
}

describe("stateFile", () => {
  it("keeps objects, the clock, idempotency keys and owed webhooks across a restart", async () => {
    const stateFile = path.join(dir, "state.json");
    const receiver = await startReceiver();
    closers.push(receiver.close);
    receiver.state.failNext = 1_000;
    const first = await start(stateFile, "whsec_a", receiver.url);
    const customer = await first.stripe.customers.create(
      { email: "keep@example.com" },
      { idempotencyKey: "persist-1" },
    );
    const price = await first.stripe.prices.create({
      currency: "usd",
      unit_amount: 500,
      recurring: { interval: "month" },
      product_data: { name: "Owed" },
    });
    const subscription = await first.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    await postJson(`${first.emulator.url}/_emulator/webhooks/flush`);
    expect(receiver.state.failed).toBeGreaterThan(0);
    await postJson(`${first.emulator.url}/_emulator/clock/advance`, { days: 10 });
    const clockBefore = (await fetch(`${first.emulator.url}/_emulator/clock`).then((r) =>
      r.json(),
    )) as { offsetSeconds: number };
    await first.emulator.stop();
    expect(existsSync(stateFile)).toBe(true);

    // The app comes back with a new webhook secret; what was owed is delivered, newly signed.
    receiver.state.failNext = 0;
    const second = await start(stateFile, "whsec_b", receiver.url);
    closers.push(second.emulator.stop);
    const kept = (await second.stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(kept.email).toBe("keep@example.com");
    const replay = await second.stripe.customers.create(
      { email: "keep@example.com" },
      { idempotencyKey: "persist-1" },
    );
    expect(replay.id).toBe(customer.id);
    const clockAfter = (await fetch(`${second.emulator.url}/_emulator/clock`).then((r) =>
      r.json(),
    )) as { offsetSeconds: number };
    expect(clockAfter.offsetSeconds).toBe(clockBefore.offsetSeconds);

    // No card, so it stayed incomplete, and the 10 days expired it.
    const after = await second.stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe("incomplete_expired");
    await postJson(`${second.emulator.url}/_emulator/webhooks/flush`);
    const events = receiver.received.map((r) =>
      second.stripe.webhooks.constructEvent(r.body, r.signature, "whsec_b"),
    );
    expect(events.map((e) => e.type)).toContain("customer.subscription.created");
  });

  it("moves an unreadable state file aside and starts empty", async () => {
    const stateFile = path.join(dir, "broken.json");
    writeFileSync(stateFile, "{ not json");
    const { emulator, stripe } = await start(stateFile);
    closers.push(emulator.stop);
    expect((await stripe.customers.list()).data).toHaveLength(0);
    expect(readdirSync(dir).some((f) => f.startsWith("broken.json.corrupt-"))).toBe(true);
  });
});

describe("controls", () => {
  it("reset forgets everything; faults break /v1 calls only until cleared", async () => {
    const { emulator, stripe } = await start(undefined);
    closers.push(emulator.stop);
    const customer = await stripe.customers.create({ email: "gone@example.com" });
    expect((await postJson(`${emulator.url}/_emulator/reset`)).status).toBe(200);
    await expect(stripe.customers.retrieve(customer.id)).rejects.toMatchObject({
      code: "resource_missing",
    });

    await postJson(`${emulator.url}/_emulator/faults`, {
      failureRate: 1,
      mode: "http500",
      paths: ["/v1/products"],
    });
    await expect(stripe.products.create({ name: "x" })).rejects.toMatchObject({
      type: "StripeAPIError",
      statusCode: 500,
    });
    expect((await stripe.customers.create({})).id).toMatch(/^cus_/);
    expect((await fetch(`${emulator.url}/_emulator/clock`)).status).toBe(200);
    await fetch(`${emulator.url}/_emulator/faults`, { method: "DELETE" });
    expect((await stripe.products.create({ name: "x" })).id).toMatch(/^prod_/);

    await postJson(`${emulator.url}/_emulator/faults`, { failureRate: 1, mode: "drop" });
    await expect(stripe.customers.create({})).rejects.toMatchObject({
      type: "StripeConnectionError",
    });
    await fetch(`${emulator.url}/_emulator/faults`, { method: "DELETE" });
    expect((await postJson(`${emulator.url}/_emulator/faults`, { mode: "nope" })).status).toBe(400);
    expect((await fetch(`${emulator.url}/_emulator/nothing`)).status).toBe(404);
  });
});
