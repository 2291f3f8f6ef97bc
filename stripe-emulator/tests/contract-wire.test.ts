import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  caught,
  createCustomerWithCard,
  createExpressAccount,
  createMonthlyPrice,
  piOfSecret,
} from "./fixtures";
import { openTargetPerFile, type Target } from "./target";

// The wire through the official SDK: errors, idempotency, Stripe-Account, endpoints, events.

let target: Target;
let stripe: Stripe;

openTargetPerFile((opened) => {
  target = opened;
  stripe = opened.stripe;
});

describe("errors", () => {
  it("names missing and unknown nested params", async () => {
    const missing = await caught(
      stripe.prices.create({ product: "prod_x", unit_amount: 100 } as Stripe.PriceCreateParams),
    );
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      code: "parameter_missing",
      param: "currency",
      statusCode: 400,
    });

    const customer = await stripe.customers.create({ email: "n@example.com" });
    const nested = await caught(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: "price_x", colour: "green" } as Stripe.SubscriptionCreateParams.Item],
      }),
    );
    expect(nested).toMatchObject({ code: "parameter_unknown", param: "items[0][colour]" });
  });

  it("refuses a destination that has not finished onboarding", async () => {
    const fresh = await createExpressAccount(target, { onboarded: false });
    const price = await createMonthlyPrice(target, 1000);
    const customer = await stripe.customers.create({ email: "early@example.com" });
    const error = await caught(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: "default_incomplete",
        transfer_data: { destination: fresh.id },
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as { message: string }).message).toContain("transfers");
  });

  it("says which object is missing", async () => {
    const error = await caught(stripe.subscriptions.retrieve("sub_nope"));
    expect(error).toMatchObject({
      code: "resource_missing",
      param: "id",
      message: "No such subscription: 'sub_nope'",
    });
  });
});

describe("idempotency", () => {
  it("replays card errors too, and runs concurrent requests with one key once", async () => {
    const key = `wire-${Date.now()}-${Math.random()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: key }),
      ),
    );
    expect(new Set(results.map((c) => c.id)).size).toBe(1);
    const replayed = results.filter(
      (r) => r.lastResponse.headers["idempotent-replayed"] === "true",
    );
    if (target.emulator) expect(replayed.length).toBe(4);

    // A decline is a stored outcome: the same key gives the same 402 without charging again.
    const monthly = await createMonthlyPrice(target, 900);
    const { customer, pm } = await createCustomerWithCard(target, "4000000000000341");
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: monthly.id }],
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice.confirmation_secret"],
    });
    const intentId = piOfSecret(
      (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret,
    );
    const confirmKey = `${key}-confirm`;
    const confirm = () =>
      caught(
        stripe.paymentIntents.confirm(
          intentId,
          { payment_method: pm },
          { idempotencyKey: confirmKey },
        ),
      );
    const first = (await confirm()) as InstanceType<typeof Stripe.errors.StripeCardError>;
    const again = (await confirm()) as InstanceType<typeof Stripe.errors.StripeCardError>;
    expect(first).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(again).toMatchObject({ code: "card_declined", requestId: expect.any(String) });
    expect(again.headers?.["idempotent-replayed"]).toBe("true");
    const charges = (await stripe.paymentIntents.retrieve(intentId)).latest_charge;
    expect(charges).toBe(first.charge);

    // A request refused for its parameters is not stored: the key may be used again.
    const retryKey = `${key}-retry`;
    await caught(
      stripe.prices.create({ unit_amount: 1 } as Stripe.PriceCreateParams, {
        idempotencyKey: retryKey,
      }),
    );
    const product = await stripe.products.create({ name: "Later" });
    const price = await stripe.prices.create(
      { product: product.id, currency: "usd", unit_amount: 1 },
      { idempotencyKey: `${retryKey}-b` },
    );
    expect(price.id).toMatch(/^price_/);
  });

  it("scopes keys by path: one key on two endpoints is two requests", async () => {
    const key = `scope-${Date.now()}-${Math.random()}`;
    const customer = await stripe.customers.create({}, { idempotencyKey: key });
    const product = await stripe.products.create({ name: "Scoped" }, { idempotencyKey: key });
    expect(customer.id).toMatch(/^cus_/);
    expect(product.id).toMatch(/^prod_/);
  });
});

describe("Stripe's test PaymentMethods and tokens", () => {
  it("makes a fresh PaymentMethod from pm_card_visa and tok_visa", async () => {
    const customer = await stripe.customers.create({ email: "tokens@example.com" });
    const attached = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    expect(attached.id).toMatch(/^pm_/);
    expect(attached.id).not.toBe("pm_card_visa");
    expect(attached).toMatchObject({ customer: customer.id, card: { last4: "4242" } });
    const fromToken = await stripe.paymentMethods.create({
      type: "card",
      card: { token: "tok_visa" },
    });
    expect(fromToken.card?.brand).toBe("visa");
    const declined = await caught(
      stripe.paymentMethods.attach("pm_card_visa_chargeDeclined", { customer: customer.id }),
    );
    expect(declined).toMatchObject({ type: "StripeCardError", decline_code: "generic_decline" });
  });
});

describe("Stripe-Account", () => {
  it("keeps each connected account's objects apart from the platform's", async () => {
    if (!target.emulator) return; // Real direct charges need a fully onboarded account.
    const account = await createExpressAccount(target);
    const other = await createExpressAccount(target);
    const onAccount = await stripe.customers.create(
      { email: "direct@example.com" },
      { stripeAccount: account.id },
    );
    const missing = await caught(stripe.customers.retrieve(onAccount.id));
    expect(missing).toMatchObject({ code: "resource_missing", statusCode: 404 });
    const elsewhere = await caught(
      stripe.customers.retrieve(onAccount.id, {}, { stripeAccount: other.id }),
    );
    expect(elsewhere).toMatchObject({ code: "resource_missing" });
    const found = await stripe.customers.retrieve(onAccount.id, {}, { stripeAccount: account.id });
    expect(found.id).toBe(onAccount.id);
    const platformList = await stripe.customers.list({ email: "direct@example.com" });
    expect(platformList.data).toHaveLength(0);
    const accountList = await stripe.customers.list(
      { email: "direct@example.com" },
      { stripeAccount: account.id },
    );
    expect(accountList.data.map((c) => c.id)).toEqual([onAccount.id]);

    const unknown = await caught(stripe.customers.list({}, { stripeAccount: "acct_nope" }));
    expect(unknown).toBeInstanceOf(Stripe.errors.StripePermissionError);
  });

  it("credits a direct charge to the account, less the platform's fee", async () => {
    if (!target.emulator) return;
    const account = await createExpressAccount(target);
    const opts = { stripeAccount: account.id };
    const price = await createMonthlyPrice(target, 1000, account.id);
    const customer = await stripe.customers.create({ email: "d@example.com" }, opts);
    const pm = await stripe.paymentMethods.create(
      {
        type: "card",
        card: { number: "4242424242424242", exp_month: 12, exp_year: 2040, cvc: "123" },
      } as Stripe.PaymentMethodCreateParams,
      opts,
    );
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id }, opts);
    const subscription = await stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: price.id }],
        default_payment_method: pm.id,
        application_fee_percent: 10,
      },
      opts,
    );
    expect(subscription.status).toBe("active");
    const balance = await stripe.balance.retrieve({}, opts);
    expect(balance.available[0]).toMatchObject({ amount: 900, currency: "usd" });
    const events = await stripe.events.list({ type: "invoice.paid" }, opts);
    expect(events.data[0]).toMatchObject({ account: account.id });
  });
});

describe("webhook endpoints and events", () => {
  it("creates endpoints with their own secret, lists and deletes them", async () => {
    const endpoint = await stripe.webhookEndpoints.create({
      url: "https://example.com/hooks/connect",
      enabled_events: ["account.updated"],
      connect: true,
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.enabled_events).toEqual(["account.updated"]);
    const listed = await stripe.webhookEndpoints.list();
    expect(listed.data.map((e) => e.id)).toContain(endpoint.id);
    const deleted = await stripe.webhookEndpoints.del(endpoint.id);
    expect(deleted.deleted).toBe(true);
  });

  it("lists and retrieves events", async () => {
    const customer = await stripe.customers.create({ email: "ev@example.com" });
    const price = await createMonthlyPrice(target, 500);
    const pm = await stripe.paymentMethods.create(
      target.emulator
        ? ({
            type: "card",
            card: { number: "4242424242424242", exp_month: 12, exp_year: 2040, cvc: "1" },
          } as Stripe.PaymentMethodCreateParams)
        : { type: "card", card: { token: "tok_visa" } },
    );
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: pm.id,
    });
    const events = await stripe.events.list({ type: "customer.subscription.*", limit: 5 });
    expect(events.data.length).toBeGreaterThan(0);
    const event = await stripe.events.retrieve(events.data[0]!.id);
    expect(event).toMatchObject({
      object: "event",
      api_version: "2025-07-30.basil",
      livemode: false,
    });
  });
});
