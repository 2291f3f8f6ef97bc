import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  caught,
  createCustomerWithCard,
  createExpressAccount,
  createIncompleteSubscription,
  createMonthlyPrice,
} from "./fixtures";
import { createCardPaymentMethod, openTargetPerFile, type Target } from "./target";

// Billing through the official SDK: cards, subscriptions, invoices, fees. Runs against real
// Stripe test mode too (see target.ts).

let target: Target;
let stripe: Stripe;

openTargetPerFile((opened) => {
  target = opened;
  stripe = opened.stripe;
});

const incompleteSubscription = (
  card: string,
  extra: Partial<Stripe.SubscriptionCreateParams> = {},
) => createIncompleteSubscription(target, { card, extra });

describe("basil shapes", () => {
  it("puts periods on items, the parent on the invoice, and the payment behind invoice.payments", async () => {
    // A destination must be onboarded, which only the emulator can do from a test; on real
    // Stripe, STRIPE_CONNECTED_ACCOUNT_ID may name an onboarded test account.
    const realDestination = process.env.STRIPE_CONNECTED_ACCOUNT_ID;
    const account = target.emulator
      ? await createExpressAccount(target)
      : realDestination
        ? await stripe.accounts.retrieve(realDestination)
        : null;
    const { subscription, invoice, pm, intentId } = await incompleteSubscription(
      "4242424242424242",
      account ? { transfer_data: { destination: account.id }, application_fee_percent: 12.5 } : {},
    );
    expect(subscription).not.toHaveProperty("current_period_end");
    expect(subscription.items.data[0]).toMatchObject({ object: "subscription_item" });
    expect(invoice).not.toHaveProperty("payment_intent");
    expect(invoice).toMatchObject({
      status: "open",
      billing_reason: "subscription_create",
      amount_due: 2000,
      amount_paid: 0,
      confirmation_secret: { type: "payment_intent" },
    });
    expect(invoice.lines.data[0]?.pricing?.price_details?.price).toBeTruthy();
    const pending = await stripe.paymentIntents.retrieve(intentId);
    expect(pending.amount).toBe(2000);
    if (account)
      expect(pending).toMatchObject({
        application_fee_amount: 250,
        transfer_data: { destination: account.id },
      });
    expect(["requires_payment_method", "requires_confirmation"]).toContain(pending.status);

    await stripe.paymentIntents.confirm(intentId, { payment_method: pm });
    const paid = await stripe.invoices.retrieve(invoice.id!, {
      expand: ["payments.data.payment.payment_intent"],
    });
    const payment = paid.payments!.data[0]!;
    expect(payment).toMatchObject({ object: "invoice_payment", amount_paid: 2000, status: "paid" });
    expect((payment.payment.payment_intent as Stripe.PaymentIntent).status).toBe("succeeded");
    const listed = await stripe.invoicePayments.list({ invoice: invoice.id! });
    expect(listed.data[0]?.payment.payment_intent).toBe(intentId);
    const error = await caught(
      stripe.invoices.retrieve(invoice.id!, { expand: ["payment_intent"] }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe("test cards", () => {
  it("4000000000000341 attaches but every charge fails with a 402 card error", async () => {
    const { intentId, pm, subscription } = await incompleteSubscription("4000000000000341");
    const error = await caught(stripe.paymentIntents.confirm(intentId, { payment_method: pm }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: "card_declined", statusCode: 402 });
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent.status).toBe("requires_payment_method");
    expect(intent.last_payment_error?.code).toBe("card_declined");
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("incomplete");
  });

  it("refuses past expiries and bad numbers when the card is created", async () => {
    if (!target.emulator) return; // Real Stripe takes raw numbers only from Stripe.js.
    const post = (fields: Record<string, string>) =>
      fetch(`${target.emulator!.url}/v1/payment_methods`, {
        method: "POST",
        headers: { Authorization: `Bearer ${target.publishableKey}` },
        body: new URLSearchParams({ type: "card", "card[cvc]": "123", ...fields }),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { error: { code: string; param: string } },
      }));
    const expired = await post({
      "card[number]": "4242424242424242",
      "card[exp_month]": "1",
      "card[exp_year]": "2020",
    });
    expect(expired).toMatchObject({
      status: 402,
      body: { error: { code: "invalid_expiry_year" } },
    });
    const wrong = await post({
      "card[number]": "4242424242424241",
      "card[exp_month]": "1",
      "card[exp_year]": "2040",
    });
    expect(wrong.body.error).toMatchObject({ code: "incorrect_number", param: "card[number]" });
  });

  it("error_if_incomplete fails the create call with the decline, allow_incomplete leaves it incomplete", async () => {
    const price = await createMonthlyPrice(target, 1200);
    const { customer } = await createCustomerWithCard(target, "4000000000000341");
    const error = await caught(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: "error_if_incomplete",
      }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const lenient = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: "allow_incomplete",
      expand: ["latest_invoice"],
    });
    expect(lenient.status).toBe("incomplete");
    expect((lenient.latest_invoice as Stripe.Invoice).attempt_count).toBe(1);
  });

  it("a 3155 card with allow_incomplete waits for 3-D Secure", async () => {
    const price = await createMonthlyPrice(target, 1200);
    const { customer } = await createCustomerWithCard(target, "4000002500003155");
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      expand: ["latest_invoice.payments"],
    });
    expect(subscription.status).toBe("incomplete");
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe("open");
  });
});

describe("subscription lifecycle", () => {
  it("updates price, metadata and the default card, then lists with filters and pages", async () => {
    const { customer, pm } = await createCustomerWithCard(target, "4242424242424242");
    const [cheap, dear] = [
      await createMonthlyPrice(target, 1000),
      await createMonthlyPrice(target, 3000),
    ];
    const first = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: cheap.id }],
    });
    const second = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: cheap.id }],
      metadata: { offering: "o1" },
    });
    expect(first.status).toBe("active");
    const updated = await stripe.subscriptions.update(second.id, {
      items: [{ id: second.items.data[0]!.id, price: dear.id }],
      metadata: { plan: "dear" },
      default_payment_method: pm,
      proration_behavior: "none",
    });
    expect(updated.items.data[0]!.price.id).toBe(dear.id);
    expect(updated.metadata).toEqual({ offering: "o1", plan: "dear" });
    expect(updated.default_payment_method).toBe(pm);

    const byPrice = await stripe.subscriptions.list({ customer: customer.id, price: dear.id });
    expect(byPrice.data.map((s) => s.id)).toEqual([second.id]);
    const page = await stripe.subscriptions.list({ customer: customer.id, limit: 1 });
    expect(page.has_more).toBe(true);
    const all = await stripe.subscriptions
      .list({ customer: customer.id, limit: 1 })
      .autoPagingToArray({ limit: 10 });
    expect(all.map((s) => s.id).sort()).toEqual([first.id, second.id].sort());
    const older = await stripe.subscriptions.list({ customer: customer.id, limit: 1 });
    const newer = await stripe.subscriptions.list({
      customer: customer.id,
      ending_before: (
        await stripe.subscriptions.list({
          customer: customer.id,
          starting_after: older.data[0]!.id,
        })
      ).data[0]!.id,
    });
    expect(newer.data.map((s) => s.id)).toEqual([older.data[0]!.id]);

    await stripe.subscriptions.cancel(first.id);
    const active = await stripe.subscriptions.list({ customer: customer.id, status: "active" });
    expect(active.data.map((s) => s.id)).toEqual([second.id]);
    const canceled = await stripe.subscriptions.list({ customer: customer.id, status: "canceled" });
    expect(canceled.data[0]).toMatchObject({ id: first.id, status: "canceled" });
    const error = await caught(
      stripe.subscriptions.update(first.id, { cancel_at_period_end: true }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it("lists invoices by subscription and customer", async () => {
    const { customer } = await createCustomerWithCard(target, "4242424242424242");
    const price = await createMonthlyPrice(target, 1800);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0]).toMatchObject({
      status: "paid",
      amount_paid: 1800,
      customer: customer.id,
      parent: { subscription_details: { subscription: subscription.id } },
    });
    const byCustomer = await stripe.invoices.list({ customer: customer.id });
    expect(byCustomer.data.map((i) => i.id)).toContain(invoices.data[0]!.id);
  });
});

describe("catalogue and customers", () => {
  it("archives prices, updates products and customers", async () => {
    const price = await stripe.prices.create({
      currency: "usd",
      unit_amount: 999,
      recurring: { interval: "month" },
      product_data: { name: "Inline product" },
    });
    expect(price).toMatchObject({
      type: "recurring",
      unit_amount: 999,
      active: true,
      recurring: { interval: "month" },
    });
    const archived = await stripe.prices.update(price.id, { active: false });
    expect(archived.active).toBe(false);
    const product = await stripe.products.update(price.product as string, {
      name: "Renamed",
      metadata: { a: "1" },
    });
    expect(product).toMatchObject({ name: "Renamed", metadata: { a: "1" } });
    expect((await stripe.products.retrieve(product.id)).name).toBe("Renamed");

    const customer = await stripe.customers.create({
      email: "a@example.com",
      metadata: { user: "u1" },
    });
    const { id: pm } = await stripe.paymentMethods.attach(
      await createCardPaymentMethod(target, "4242424242424242"),
      { customer: customer.id },
    );
    const updated = await stripe.customers.update(customer.id, {
      name: "Ada",
      invoice_settings: { default_payment_method: pm },
    });
    expect(updated).toMatchObject({
      name: "Ada",
      metadata: { user: "u1" },
      invoice_settings: { default_payment_method: pm },
    });
    const methods = await stripe.paymentMethods.list({ customer: customer.id, type: "card" });
    expect(methods.data.map((m) => m.id)).toEqual([pm]);
    expect((await stripe.paymentMethods.retrieve(pm)).card?.last4).toBe("4242");
    await stripe.paymentMethods.detach(pm);
    expect(
      (await stripe.paymentMethods.list({ customer: customer.id, type: "card" })).data,
    ).toHaveLength(0);
  });
});
