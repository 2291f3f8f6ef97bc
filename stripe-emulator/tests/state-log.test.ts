import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { Store } from "../src/core/store/store";
import { startStripeEmulator } from "../src/index";
import { postJson, startReceiver } from "./support";

// Emulator only: the incremental state log. Every change a client has seen is in the log (even
// after a kill -9), and events keep a 30-day window.

const dir = mkdtempSync(path.join(tmpdir(), "stripe-emulator-log-"));
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function client(port: number) {
  const { default: StripeClient } = await import("stripe");
  return new StripeClient("sk_test_emulator", {
    host: "127.0.0.1",
    port,
    protocol: "http",
    maxNetworkRetries: 0,
  }) as Stripe;
}

/** A month of a small business: cards that pay and fail, a price change, a cancellation, a refund. */
async function runBusiness(stripe: Stripe, base: string) {
  const account = await stripe.accounts.create({
    type: "express",
    country: "US",
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
  });
  await postJson(`${base}/_emulator/accounts/${account.id}/complete_onboarding`);
  const price = await stripe.prices.create({
    currency: "usd",
    unit_amount: 2500,
    recurring: { interval: "month" },
    product_data: { name: "Lawn care" },
  });
  const subscriptions: Stripe.Subscription[] = [];
  for (const card of ["pm_card_visa", "pm_card_visa", "pm_card_chargeCustomerFail"]) {
    const customer = await stripe.customers.create({ email: `${card}@example.com` });
    const pm = await stripe.paymentMethods.attach(card, { customer: customer.id });
    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: pm.id },
    });
    const subscription = await stripe.subscriptions
      .create(
        {
          customer: customer.id,
          items: [{ price: price.id }],
          transfer_data: { destination: account.id },
          application_fee_percent: 15,
          payment_behavior: "allow_incomplete",
        },
        { idempotencyKey: `sub-${customer.id}` },
      )
      .catch(() => null);
    if (subscription) subscriptions.push(subscription);
  }
  const [first, second] = subscriptions as [Stripe.Subscription, Stripe.Subscription];
  const edited = await stripe.prices.create({
    currency: "usd",
    unit_amount: 3000,
    recurring: { interval: "month" },
    product: price.product as string,
  });
  await stripe.prices.update(price.id, { active: false });
  await stripe.subscriptions.update(first.id, {
    items: [{ id: first.items.data[0]!.id, price: edited.id }],
  });
  await stripe.subscriptions.update(second.id, { cancel_at_period_end: true });
  const invoice = await stripe.invoices.retrieve(first.latest_invoice as string, {
    expand: ["payments.data.payment.payment_intent"],
  });
  const intent = invoice.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent;
  await stripe.refunds.create({ payment_intent: intent.id, amount: 500, reverse_transfer: true });
  await postJson(`${base}/_emulator/clock/advance`, { days: 40 });
  return { subscriptions, price, edited };
}

describe("state log", () => {
  it("holds every change: a fresh read of the log equals what the emulator has in memory", async () => {
    const stateFile = path.join(dir, "complete.jsonl");
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const emulator = await startStripeEmulator({
      port: 0,
      stateFile,
      webhookEndpoints: [{ url: receiver.url, secret: "whsec_log", connect: false }],
    });
    closers.push(emulator.stop);
    await runBusiness(await client(emulator.port), emulator.url);
    await postJson(`${emulator.url}/_emulator/webhooks/flush`);
    emulator.store.flush();

    // Objects changed in memory but never written would differ here.
    const reread = new Store(stateFile);
    const ids = [...emulator.store.allIds()];
    expect(ids.length).toBeGreaterThan(40);
    expect([...reread.allIds()].sort()).toEqual([...ids].sort());
    for (const id of ids)
      expect({ id, value: reread.get(id) }).toEqual({ id, value: emulator.store.get(id) });
    expect(reread.state).toEqual(emulator.store.state);
    reread.close();
  });

  it("after a kill -9 the restarted emulator has every object, the clock and the owed webhooks", async () => {
    const stateFile = path.join(dir, "killed.jsonl");
    const receiver = await startReceiver();
    closers.push(receiver.close);
    receiver.state.failNext = 100_000;
    const first = await spawnEmulator(stateFile);
    const stripe = await client(first.port);
    await stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: ["*"] });
    const { subscriptions } = await runBusiness(stripe, first.url);
    const clock = (await fetch(`${first.url}/_emulator/clock`).then((r) => r.json())) as object;
    const owed = (await fetch(`${first.url}/_emulator/webhooks?status=pending`).then((r) =>
      r.json(),
    )) as { deliveries: Array<{ eventId: string }> };
    expect(owed.deliveries.length).toBeGreaterThan(10);
    const before = await Promise.all(subscriptions.map((s) => stripe.subscriptions.retrieve(s.id)));
    const invoices = await stripe.invoices.list({ limit: 100 });
    // The very last call before the kill, answered and then lost unless written first.
    const last = await stripe.customers.create({ email: "last@example.com" });
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));

    receiver.state.failNext = 0;
    const second = await spawnEmulator(stateFile);
    const again = await client(second.port);
    expect(await fetch(`${second.url}/_emulator/clock`).then((r) => r.json())).toEqual({
      ...clock,
      now: expect.any(Number),
      iso: expect.any(String),
    });
    expect((await again.customers.retrieve(last.id)).id).toBe(last.id);
    expect(await Promise.all(subscriptions.map((s) => again.subscriptions.retrieve(s.id)))).toEqual(
      before,
    );
    expect((await again.invoices.list({ limit: 100 })).data).toEqual(invoices.data);
    await postJson(`${second.url}/_emulator/webhooks/flush`);
    const delivered = new Set(
      receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id),
    );
    for (const { eventId } of owed.deliveries) expect(delivered.has(eventId)).toBe(true);
    second.child.kill("SIGTERM");
    await new Promise((resolve) => second.child.once("exit", resolve));
  });

  it("keeps 30 days of events on the emulator clock, and the log stays small", async () => {
    const stateFile = path.join(dir, "window.jsonl");
    const emulator = await startStripeEmulator({ port: 0, stateFile });
    closers.push(emulator.stop);
    const stripe = await client(emulator.port);
    const price = await stripe.prices.create({
      currency: "usd",
      unit_amount: 1000,
      recurring: { interval: "month" },
      product_data: { name: "Window" },
    });
    for (let i = 0; i < 3; i += 1) {
      const customer = await stripe.customers.create({});
      const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
      await stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: pm.id },
      });
      await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    }
    const early = await stripe.events.list({ limit: 100 });
    await postJson(`${emulator.url}/_emulator/clock/advance`, { days: 95 });
    emulator.store.flush();
    const events = await stripe.events.list({ limit: 100 });
    const now = (
      (await fetch(`${emulator.url}/_emulator/clock`).then((r) => r.json())) as {
        now: number;
      }
    ).now;
    expect(events.data.length).toBeGreaterThan(0);
    for (const event of events.data)
      expect(event.created).toBeGreaterThanOrEqual(now - 30 * 86_400);
    await expect(stripe.events.retrieve(early.data[0]!.id)).rejects.toMatchObject({
      code: "resource_missing",
    });
    // Invoices are kept for good, like Stripe's; `created` picks them by the time kept in memory.
    expect((await stripe.invoices.list({ limit: 100 })).data.length).toBe(3 * 4);
    const since = now - 40 * 86_400;
    const recent = await stripe.invoices.list({ limit: 100, created: { gte: since } });
    expect(recent.data.length).toBe(3 * 2);
    for (const invoice of recent.data) expect(invoice.created).toBeGreaterThanOrEqual(since);
    expect(statSync(stateFile).size).toBeLessThan(2_000_000);
  });
});

async function spawnEmulator(stateFile: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve("stripe-emulator/bin/serve.ts"), "0", stateFile],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  closers.push(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /READY (\S+)/.exec(out);
      if (ready) resolve(ready[1]!);
    });
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  return { child, url, port: Number(new URL(url).port) };
}
