import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createMonthlyPrice } from "./fixtures";
import { browserCall } from "./support";
import { openEmulatorPerFile } from "./target";

// Emulator only: the calls the emulator's Stripe.js makes with the publishable key, and CORS.

const suite = openEmulatorPerFile();

/** A call as the emulator's Stripe.js makes it, to this file's emulator. */
const call = (
  method: "GET" | "POST",
  pathname: string,
  fields?: Record<string, string>,
  key?: string,
) => browserCall(suite.base, method, pathname, fields, key);

const card = (number: string) => ({
  type: "card",
  "card[number]": number,
  "card[exp_month]": "12",
  "card[exp_year]": "2040",
  "card[cvc]": "123",
  "billing_details[name]": "Sam",
  "billing_details[email]": "sam@example.com",
});

async function incomplete() {
  const price = await createMonthlyPrice(suite.target, 1500);
  const customer = await suite.stripe.customers.create({ email: "sam@example.com" });
  const subscription = await suite.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription" },
    expand: ["latest_invoice.confirmation_secret"],
  });
  const secret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
  return { subscription, secret, intentId: secret.split("_secret_")[0]! };
}

describe("publishable key", () => {
  it("creates card PaymentMethods, and nothing the secret key is for", async () => {
    const pm = await call("POST", "/v1/payment_methods", card("4242424242424242"));
    expect(pm.status).toBe(200);
    expect(pm.body).toMatchObject({
      object: "payment_method",
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2040 },
      billing_details: { name: "Sam", email: "sam@example.com" },
    });
    expect(pm.headers.get("access-control-allow-origin")).toBe("*");
    const refused = await call("GET", "/v1/customers");
    expect(refused.status).toBe(401);
    const wrongKey = await call("GET", "/v1/customers", {}, "sk_live_nope");
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.error.message).toContain("Invalid API Key");
  });

  it("reads and confirms a PaymentIntent only with its client secret", async () => {
    const { secret, intentId, subscription } = await incomplete();
    const noSecret = await call("GET", `/v1/payment_intents/${intentId}`);
    expect(noSecret.status).toBe(400);
    const read = await call("GET", `/v1/payment_intents/${intentId}`, {
      client_secret: secret,
    });
    expect(read.body).toMatchObject({
      id: intentId,
      status: "requires_payment_method",
      amount: 1500,
    });

    const pm = await call("POST", "/v1/payment_methods", card("4000002500003155"));
    const wrong = await call("POST", `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: `${intentId}_secret_wrong`,
      payment_method: pm.body.id,
    });
    expect(wrong.status).toBe(400);
    const confirmed = await call("POST", `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: secret,
      payment_method: pm.body.id,
      return_url: "http://localhost:5173/after-3ds",
    });
    expect(confirmed.body).toMatchObject({
      status: "requires_action",
      next_action: {
        type: "redirect_to_url",
        redirect_to_url: {
          url: `${suite.base}/3ds/${intentId}`,
          return_url: "http://localhost:5173/after-3ds",
        },
      },
    });
    const done = await fetch(`${suite.base}/3ds/${intentId}/complete`, {
      method: "POST",
      redirect: "manual",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("http://localhost:5173/after-3ds");
    const active = await suite.stripe.subscriptions.retrieve(subscription.id);
    expect(active).toMatchObject({ status: "active", default_payment_method: pm.body.id });
  });

  it("answers a declined confirm with a 402 card error carrying the PaymentIntent", async () => {
    const { secret, intentId } = await incomplete();
    const pm = await call("POST", "/v1/payment_methods", card("4000000000009995"));
    const declined = await call("POST", `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: secret,
      payment_method: pm.body.id,
    });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      decline_code: "insufficient_funds",
      payment_intent: { id: intentId, status: "requires_payment_method" },
    });
  });

  it.each([
    ["4000000000009987", { code: "card_declined", decline_code: "lost_card" }],
    ["4000000000000069", { code: "expired_card", message: "Your card has expired." }],
    ["4000000000000127", { code: "incorrect_cvc", param: "cvc" }],
  ])("declines a confirm with %s for that card's own reason", async (number, expected) => {
    const { secret, intentId } = await incomplete();
    const pm = await call("POST", "/v1/payment_methods", card(number));
    const declined = await call("POST", `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: secret,
      payment_method: pm.body.id,
    });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: "card_error", ...expected });
  });
});

describe("CORS and headers", () => {
  it("answers preflight and tags responses", async () => {
    const preflight = await fetch(`${suite.base}/v1/payment_methods`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
    const response = await fetch(`${suite.base}/v1/customers`, {
      headers: { Authorization: "Bearer sk_test_emulator" },
    });
    expect(response.headers.get("request-id")).toMatch(/^req_/);
    const script = await fetch(`${suite.base}/v3/`);
    expect(script.headers.get("access-control-allow-origin")).toBe("*");
  });
});
