import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm } from "./support";
import { API_VERSION, createCardPaymentMethod, openTarget, type Target } from "./target";

// Emulator-only behaviour: hosted pages, the clock, webhooks, faults and persistence.

const SECRET = "whsec_emulator_test";
let receiver: Server;
let received: Array<{ signature: string; body: string }> = [];
let target: Target;
let stripe: Stripe;
let base: string;

async function control(pathname: string, body?: unknown) {
  const response = await fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

function events() {
  return received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, SECRET));
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString();
    });
    req.on("end", () => {
      received.push({ signature: String(req.headers["stripe-signature"]), body });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  target = await openTarget({
    forceEmulator: true,
    webhookEndpoints: [
      { url, secret: SECRET, connect: false },
      { url, secret: SECRET, connect: true },
    ],
  });
  stripe = target.stripe;
  base = target.emulator!.url;
});
afterAll(async () => {
  await target?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function activeSubscription(card: string, amount = 2000) {
  const product = await stripe.products.create({ name: "Plan" });
  const price = await stripe.prices.create({
    product: product.id,
    currency: "usd",
    unit_amount: amount,
    recurring: { interval: "month" },
  });
  const customer = await stripe.customers.create({ email: "c@example.com" });
  const pm = await createCardPaymentMethod(target, "4242424242424242");
  await stripe.paymentMethods.attach(pm, { customer: customer.id });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    default_payment_method: pm,
  });
  if (card !== "4242424242424242") {
    const other = await createCardPaymentMethod(target, card);
    await stripe.paymentMethods.attach(other, { customer: customer.id });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: other });
  }
  return subscription;
}

describe("webhooks", () => {
  it("are signed so the SDK's constructEvent accepts them", async () => {
    received = [];
    await stripe.customers.create({ email: "x@example.com" });
    await activeSubscription("4242424242424242");
    await control("/_emulator/webhooks/flush");
    const types = events().map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "customer.subscription.created",
        "invoice.paid",
        "payment_intent.succeeded",
      ]),
    );
    expect(() =>
      stripe.webhooks.constructEvent(received[0]!.body, received[0]!.signature, "whsec_other"),
    ).toThrow();
  });

  it("send account.updated to the Connect endpoint with the account id", async () => {
    received = [];
    const account = await stripe.accounts.create({ type: "express", country: "US" });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      refresh_url: "http://localhost/r",
      return_url: "http://localhost/done",
    });
    const page = await fetch(link.url);
    expect(await page.text()).toContain("Submit and finish onboarding");
    const submitted = await postForm(link.url, {
      business_name: "Lawns",
      first_name: "A",
      last_name: "B",
      routing_number: "110000000",
      account_number: "000123456789",
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get("location")).toBe("http://localhost/done");
    // The link is single use: a second visit goes to refresh_url.
    const again = await fetch(link.url, { redirect: "manual" });
    expect(again.headers.get("location")).toBe("http://localhost/r");
    await control("/_emulator/webhooks/flush");
    const updated = events().find((e) => e.type === "account.updated");
    expect(updated?.account).toBe(account.id);
    expect((await stripe.accounts.retrieve(account.id)).charges_enabled).toBe(true);
  });
});

describe("time", () => {
  it("renews monthly and, with a card that fails, goes past due, retries, then cancels", async () => {
    const good = await activeSubscription("4242424242424242");
    const bad = await activeSubscription("4000000000000341");
    await control("/_emulator/clock/advance", { days: 31 });
    expect((await stripe.subscriptions.retrieve(good.id)).status).toBe("active");
    expect((await stripe.subscriptions.retrieve(bad.id)).status).toBe("past_due");
    await control("/_emulator/clock/advance", { days: 62 });
    const goodInvoices = await stripe.invoices.list({ subscription: good.id });
    expect(goodInvoices.data.filter((i) => i.status === "paid")).toHaveLength(4);
    expect(goodInvoices.data.some((i) => i.billing_reason === "subscription_cycle")).toBe(true);
    expect((await stripe.subscriptions.retrieve(bad.id)).status).toBe("canceled");
  });

  it("advances through the test clock API too", async () => {
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(Date.now() / 1000),
    });
    const advanced = await stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: clock.frozen_time + 3600,
    });
    expect(advanced.frozen_time).toBeGreaterThanOrEqual(clock.frozen_time + 3600);
  });
});

describe("hosted pages", () => {
  it("3-D Secure: Fail then Complete", async () => {
    const product = await stripe.products.create({ name: "3DS" });
    const price = await stripe.prices.create({
      product: product.id,
      currency: "usd",
      unit_amount: 900,
      recurring: { interval: "month" },
    });
    const customer = await stripe.customers.create({ email: "t@example.com" });
    const pm = await createCardPaymentMethod(target, "4000002500003155");
    await stripe.paymentMethods.attach(pm, { customer: customer.id });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice.confirmation_secret"],
    });
    const intentId = (
      subscription.latest_invoice as Stripe.Invoice
    ).confirmation_secret!.client_secret.split("_secret_")[0]!;
    const first = await stripe.paymentIntents.confirm(intentId, { payment_method: pm });
    expect(first.status).toBe("requires_action");
    const challenge = await fetch(`${base}/3ds/${intentId}`);
    expect(await challenge.text()).toContain("test-source-fail-3ds");
    const failed = await postForm(`${base}/3ds/${intentId}/fail`, {}, "application/json");
    expect(await failed.json()).toEqual({ status: "requires_payment_method" });
    expect((await stripe.paymentIntents.retrieve(intentId)).last_payment_error?.code).toBe(
      "payment_intent_authentication_failure",
    );
    await stripe.paymentIntents.confirm(intentId, { payment_method: pm });
    const done = await postForm(`${base}/3ds/${intentId}/complete`, {}, "application/json");
    expect(await done.json()).toEqual({ status: "succeeded" });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });

  it("Checkout completes on the hosted form and redirects to success_url", async () => {
    received = [];
    const product = await stripe.products.create({ name: "Checkout plan" });
    const price = await stripe.prices.create({
      product: product.id,
      currency: "usd",
      unit_amount: 3000,
      recurring: { interval: "month" },
    });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/x",
    });
    const declined = await postForm(session.url!, {
      email: "co@example.com",
      name: "Co",
      card_number: "4000000000000002",
      exp_month: "12",
      exp_year: "2035",
      cvc: "123",
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    const ok = await postForm(session.url!, {
      email: "co@example.com",
      name: "Co",
      card_number: "4242424242424242",
      exp_month: "12",
      exp_year: "2035",
      cvc: "123",
    });
    expect(ok.headers.get("location")).toBe(`http://localhost/success?session_id=${session.id}`);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: "complete", payment_status: "paid" });
    expect((await stripe.subscriptions.retrieve(completed.subscription as string)).status).toBe(
      "active",
    );
    await control("/_emulator/webhooks/flush");
    expect(events().map((e) => e.type)).toContain("checkout.session.completed");
  });

  it("the billing portal updates the card and cancels", async () => {
    const subscription = await activeSubscription("4242424242424242");
    const portal = await stripe.billingPortal.sessions.create({
      customer: subscription.customer as string,
      return_url: "http://localhost/back",
    });
    const updated = await postForm(`${portal.url}/card`, {
      card_number: "5555555555554444",
      exp_month: "10",
      exp_year: "2034",
      cvc: "123",
    });
    expect(await updated.text()).toContain("Your card was updated.");
    const after = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ["default_payment_method"],
    });
    expect((after.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe("4444");
    await postForm(`${portal.url}/cancel`, { subscription: subscription.id });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("canceled");
  });

  it("serves a Stripe.js-compatible script", async () => {
    const script = await fetch(`${base}/v3/stripe.js`);
    expect(script.headers.get("content-type")).toContain("javascript");
    const source = await script.text();
    expect(source).toContain("window.Stripe = Stripe");
    expect(source).toContain("confirmCardPayment");
  });
});

describe("robustness", () => {
  it("answers malformed input with Stripe-style 400s, never a crash", async () => {
    const post = (pathname: string, body: string) =>
      fetch(`${base}${pathname}`, {
        method: "POST",
        headers: {
          Authorization: "Bearer sk_test_x",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body,
      });
    for (const [pathname, body] of [
      ["/v1/customers", "%%%"],
      ["/v1/prices", "currency=usd&unit_amount=abc&product=prod_x"],
      ["/v1/subscriptions", "customer=cus_missing&items[0][price]=price_x"],
      ["/v1/payment_methods", "type=card&card[number]=1234"],
    ] as const) {
      const response = await post(pathname, body);
      expect(response.status, pathname).toBeGreaterThanOrEqual(400);
      expect(response.status, pathname).toBeLessThan(500);
      const json = (await response.json()) as { error: { type: string; message: string } };
      expect(json.error.message.length).toBeGreaterThan(0);
    }
  });

  it("injects failures on request, and the SDK retries them with the same idempotency key", async () => {
    await control("/_emulator/faults", { failureRate: 1, mode: "http500" });
    const retrying = new Stripe("sk_test_x", {
      apiVersion: API_VERSION,
      host: "127.0.0.1",
      port: target.emulator!.port,
      protocol: "http",
      maxNetworkRetries: 1,
    });
    const error = await retrying.customers
      .create({ email: "f@example.com" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    await fetch(`${base}/_emulator/faults`, { method: "DELETE" });
    const ok = await retrying.customers.create({ email: "f@example.com" });
    expect(ok.id).toMatch(/^cus_/);
  });

  it("keeps its state across a restart", async () => {
    const stateFile = path.join(mkdtempSync(path.join(tmpdir(), "emulator-state-")), "state.json");
    const first = await openTarget({ stateFile, forceEmulator: true });
    const customer = await first.stripe.customers.create({ email: "persist@example.com" });
    await first.close();
    const second = await openTarget({ stateFile, forceEmulator: true });
    expect((await second.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    await second.close();
  });
});
