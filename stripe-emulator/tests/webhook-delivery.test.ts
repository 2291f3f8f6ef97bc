import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomerWithCard, createExpressAccount, createMonthlyPrice } from "./fixtures";
import { postJson, startReceiver } from "./support";
import { openTarget, type Target } from "./target";

// Emulator only: signed delivery, routing to platform/Connect endpoints, retries, the log.

const PLATFORM_SECRET = "whsec_platform_test";
const CONNECT_SECRET = "whsec_connect_test";
let platform: Awaited<ReturnType<typeof startReceiver>>;
let connect: Awaited<ReturnType<typeof startReceiver>>;
let target: Target;
let stripe: Stripe;
let base: string;

beforeAll(async () => {
  platform = await startReceiver();
  connect = await startReceiver();
  target = await openTarget({
    forceEmulator: true,
    webhookEndpoints: [
      { url: platform.url, secret: PLATFORM_SECRET, connect: false },
      { url: connect.url, secret: CONNECT_SECRET, connect: true },
    ],
  });
  stripe = target.stripe;
  base = target.emulator!.url;
});
afterAll(async () => {
  await target?.close();
  await platform?.close();
  await connect?.close();
});

const flush = () => postJson(`${base}/_emulator/webhooks/flush`);
const eventsAt = (receiver: typeof platform, secret: string) =>
  receiver.received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, secret));

describe("delivery", () => {
  it("sends platform events to the platform endpoint and Connect events to the Connect one", async () => {
    const account = await createExpressAccount(target);
    const price = await createMonthlyPrice(target, 2500);
    const { customer } = await createCustomerWithCard(target, "4242424242424242");
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      transfer_data: { destination: account.id },
      application_fee_percent: 10,
    });
    await flush();
    const platformEvents = eventsAt(platform, PLATFORM_SECRET);
    const types = platformEvents.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "customer.subscription.created",
        "customer.subscription.updated",
        "invoice.paid",
        "invoice.payment_succeeded",
        "payment_intent.succeeded",
      ]),
    );
    expect(platformEvents.every((e) => e.account === undefined)).toBe(true);
    const paid = platformEvents.find((e) => e.type === "invoice.paid")!;
    expect((paid.data.object as Stripe.Invoice).parent?.subscription_details?.subscription).toBe(
      subscription.id,
    );
    expect(paid.request?.id).toMatch(/^req_/);
    const updated = platformEvents.find((e) => e.type === "customer.subscription.updated")!;
    expect(updated.data.previous_attributes).toMatchObject({ status: "incomplete" });

    const connectEvents = eventsAt(connect, CONNECT_SECRET);
    expect(connectEvents.map((e) => e.type)).toContain("account.updated");
    expect(connectEvents.every((e) => e.account === account.id)).toBe(true);
    expect(() =>
      stripe.webhooks.constructEvent(
        connect.received[0]!.body,
        connect.received[0]!.signature,
        PLATFORM_SECRET,
      ),
    ).toThrow(/signature/i);
  });

  it("retries a failing endpoint with back-off and logs each delivery", async () => {
    platform.state.failNext = 2;
    const before = platform.received.length;
    const customer = await stripe.customers.create({ email: "retry@example.com" });
    const price = await createMonthlyPrice(target, 700);
    const pm = await stripe.paymentMethods.create({
      type: "card",
      card: { number: "4242424242424242", exp_month: 1, exp_year: 2041, cvc: "1" },
    } as Stripe.PaymentMethodCreateParams);
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: pm.id,
    });
    // The first flush sends everything once (two answers are 500s); the next retries those now.
    await flush();
    const log = (await fetch(`${base}/_emulator/webhooks?status=pending`).then((r) =>
      r.json(),
    )) as {
      deliveries: Array<{ attempts: number; lastStatus: number; nextAttemptAt: number }>;
    };
    expect(log.deliveries.length).toBeGreaterThanOrEqual(1);
    expect(log.deliveries[0]).toMatchObject({ attempts: 1, lastStatus: 500 });
    expect(log.deliveries[0]!.nextAttemptAt).toBeGreaterThan(Date.now());
    await flush();
    const after = (await fetch(`${base}/_emulator/webhooks`).then((r) => r.json())) as {
      deliveries: Array<{ status: string; attempts: number }>;
    };
    expect(after.deliveries.filter((d) => d.status === "pending")).toHaveLength(0);
    expect(after.deliveries.some((d) => d.status === "delivered" && d.attempts === 2)).toBe(true);
    expect(platform.state.failed).toBe(2);
    expect(platform.received.length - before).toBeGreaterThanOrEqual(5);
  });

  it("delivers to endpoints created through the API, only the events they asked for", async () => {
    const extra = await startReceiver();
    try {
      const endpoint = await stripe.webhookEndpoints.create({
        url: extra.url,
        enabled_events: ["customer.subscription.deleted"],
      });
      const price = await createMonthlyPrice(target, 900);
      const { customer } = await createCustomerWithCard(target, "4242424242424242");
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
      });
      await stripe.subscriptions.cancel(subscription.id);
      await flush();
      const events = extra.received.map((r) =>
        stripe.webhooks.constructEvent(r.body, r.signature, endpoint.secret!),
      );
      expect(events.map((e) => e.type)).toEqual(["customer.subscription.deleted"]);
      expect((events[0]!.data.object as Stripe.Subscription).status).toBe("canceled");
    } finally {
      await extra.close();
    }
  });
});
