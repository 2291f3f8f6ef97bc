import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  createCustomerWithCard,
  createExpressAccount,
  createMonthlyPrice,
  destinationAccount,
} from "./fixtures";
import { createCardPaymentMethod, openTargetPerFile, type Target } from "./target";

let target: Target;
let stripe: Stripe;

openTargetPerFile((opened) => {
  target = opened;
  stripe = opened.stripe;
});

describe("Connect", () => {
  it("creates an Express account with all flags off and requirements due", async () => {
    const account = await stripe.accounts.create({
      type: "express",
      country: "US",
      email: "new@example.com",
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      settings: { payouts: { schedule: { interval: "daily" } } },
    });
    expect(account).toMatchObject({
      object: "account",
      type: "express",
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
    });
    expect(account.id).toMatch(/^acct_/);
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);
    expect(account.settings?.payouts?.schedule?.interval).toBe("daily");
    const retrieved = await stripe.accounts.retrieve(account.id);
    expect(retrieved.id).toBe(account.id);
  });

  it("makes account links, account sessions and, once onboarded, login links", async () => {
    const account = await createExpressAccount(target);
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: "account_onboarding",
      refresh_url: "http://localhost/r",
      return_url: "http://localhost/done",
    });
    expect(link).toMatchObject({ object: "account_link" });
    expect(link.expires_at).toBeGreaterThan(link.created);
    const session = await stripe.accountSessions.create({
      account: account.id,
      components: { account_onboarding: { enabled: true } },
    });
    expect(session.client_secret).toBeTruthy();
    if (target.emulator) {
      const refreshed = await stripe.accounts.retrieve(account.id);
      expect(refreshed).toMatchObject({
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
      });
      const login = await stripe.accounts.createLoginLink(account.id);
      expect(login.url).toMatch(/^http/);
    }
  });
});

describe("subscriptions as destination charges", () => {
  it("goes incomplete → active when the first payment is confirmed, and credits the creator", async (ctx) => {
    const account = await destinationAccount(target, ctx);
    const price = await createMonthlyPrice(target, 2500);
    const { customer, pm } = await createCustomerWithCard(target, "4242424242424242");
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      transfer_data: { destination: account.id },
      on_behalf_of: account.id,
      application_fee_percent: 15,
      expand: ["latest_invoice.confirmation_secret"],
    });
    expect(subscription.status).toBe("incomplete");
    const item = subscription.items.data[0]!;
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const secret = invoice.confirmation_secret?.client_secret;
    expect(secret).toMatch(/^pi_.+_secret_/);
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);

    const intent = await stripe.paymentIntents.confirm(secret!.split("_secret_")[0]!, {
      payment_method: pm,
    });
    expect(intent.status).toBe("succeeded");
    expect(intent.application_fee_amount).toBe(375);
    expect(intent.transfer_data?.destination).toBe(account.id);

    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe("active");
    expect(active.default_payment_method).toBe(pm);
    const paid = await stripe.invoices.retrieve(invoice.id!, { expand: ["payments"] });
    expect(paid).toMatchObject({ status: "paid", amount_paid: 2500 });
    expect(paid.payments?.data[0]?.payment.payment_intent).toBe(intent.id);

    if (target.emulator) {
      const balance = await stripe.balance.retrieve({}, { stripeAccount: account.id });
      expect(balance.available[0]).toMatchObject({ amount: 2125, currency: "usd" });
    }
  });

  it("raises Stripe's card errors with decline codes", async () => {
    const customer = await stripe.customers.create({ email: "d@example.com" });
    const declined = await createCardPaymentMethod(target, "4000000000000002");
    const error = await stripe.paymentMethods
      .attach(declined, { customer: customer.id })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    });

    const poor = await createCardPaymentMethod(target, "4000000000009995");
    const insufficient = await stripe.paymentMethods
      .attach(poor, { customer: customer.id })
      .catch((e: unknown) => e);
    expect(insufficient).toMatchObject({ decline_code: "insufficient_funds" });
  });

  it("asks for 3-D Secure on the first payment of a 3155 card", async () => {
    const price = await createMonthlyPrice(target, 1000);
    const { customer, pm } = await createCustomerWithCard(target, "4000002500003155");
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice.confirmation_secret"],
    });
    const secret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret!
      .client_secret;
    const intent = await stripe.paymentIntents.confirm(secret.split("_secret_")[0]!, {
      payment_method: pm,
    });
    expect(intent.status).toBe("requires_action");
    expect(intent.next_action?.type).toMatch(/redirect_to_url|use_stripe_sdk/);
  });

  it("cancels immediately or at period end, and lists", async () => {
    const price = await createMonthlyPrice(target, 1500);
    const { customer } = await createCustomerWithCard(target, "4242424242424242");
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    expect(subscription.status).toBe("active");
    const atEnd = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
    });
    expect(atEnd.cancel_at_period_end).toBe(true);
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe("canceled");
    const list = await stripe.subscriptions.list({ customer: customer.id, status: "all" });
    expect(list.data.map((s) => s.id)).toContain(subscription.id);
  });
});

describe("the wire", () => {
  it("rejects unknown parameters, naming them", async () => {
    const error = await stripe.customers
      .create({ email: "x@example.com", favourite_colour: "green" } as Stripe.CustomerCreateParams)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: "parameter_unknown", param: "favourite_colour" });
  });

  it("answers unknown ids with resource_missing", async () => {
    const error = await stripe.customers.retrieve("cus_doesnotexist").catch((e: unknown) => e);
    expect(error).toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_missing",
      statusCode: 404,
    });
  });

  it("replays an idempotent request and refuses the same key with other parameters", async () => {
    const key = `contract-${Date.now()}`;
    const first = await stripe.customers.create(
      { email: "idem@example.com" },
      { idempotencyKey: key },
    );
    const again = await stripe.customers.create(
      { email: "idem@example.com" },
      { idempotencyKey: key },
    );
    expect(again.id).toBe(first.id);
    const error = await stripe.customers
      .create({ email: "other@example.com" }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("creates a product under an id the caller chose, once", async () => {
    const id = `prod_contract_${Date.now()}`;
    const product = await stripe.products.create({ id, name: "Chosen id" });
    expect(product.id).toBe(id);
    expect((await stripe.products.retrieve(id)).name).toBe("Chosen id");
    const error = await stripe.products.create({ id, name: "Again" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_already_exists",
      statusCode: 400,
    });
  });

  it("refuses a wrong key with a 401", async () => {
    if (!target.emulator) return;
    const wrong = new Stripe("sk_live_nope", {
      host: "127.0.0.1",
      port: target.emulator.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const error = await wrong.customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it("creates checkout sessions and billing portal sessions", async (ctx) => {
    const account = await destinationAccount(target, ctx);
    const price = await createMonthlyPrice(target, 3000);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: "http://localhost/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/landing/x",
      subscription_data: {
        application_fee_percent: 15,
        transfer_data: { destination: account.id },
        on_behalf_of: account.id,
      },
    });
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "subscription",
      status: "open",
    });
    expect(session.url).toMatch(/^http/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
    const customer = await stripe.customers.create({ email: "portal@example.com" });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://localhost/back",
    });
    expect(portal.url).toMatch(/^http/);
  });
});
