import type Stripe from "stripe";
import { createCardPaymentMethod, type Target } from "./target";

// Factories for the contract tests; each takes the target so the same calls run against the
// emulator or real Stripe.

export async function createExpressAccount(target: Target, { onboarded = true } = {}) {
  const account = await target.stripe.accounts.create({
    type: "express",
    country: "US",
    email: "creator@example.com",
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    settings: { payouts: { schedule: { interval: "daily" } } },
  });
  if (onboarded && target.emulator) {
    await fetch(`${target.emulator.url}/_emulator/accounts/${account.id}/complete_onboarding`, {
      method: "POST",
    });
  }
  return account;
}

/**
 * An account that can receive destination charges. The emulator onboards a new one; real
 * Stripe cannot from a test, so there STRIPE_CONNECTED_ACCOUNT_ID names an onboarded test
 * account, and without it the tests that need one are skipped with that reason.
 */
export async function destinationAccount(target: Target, ctx: { skip(note?: string): never }) {
  if (target.emulator) return createExpressAccount(target);
  const id = process.env.STRIPE_CONNECTED_ACCOUNT_ID;
  if (!id) ctx.skip("set STRIPE_CONNECTED_ACCOUNT_ID to an onboarded test account");
  return target.stripe.accounts.retrieve(id);
}

export async function createMonthlyPrice(
  target: Target,
  unitAmount: number,
  stripeAccount?: string,
) {
  // The SDK refuses an empty options object, so pass one only for a connected account.
  const options = stripeAccount ? [{ stripeAccount }] : [];
  const product = await target.stripe.products.create({ name: "Weekly Lawn Care" }, ...options);
  return target.stripe.prices.create(
    {
      product: product.id,
      currency: "usd",
      unit_amount: unitAmount,
      recurring: { interval: "month" },
    },
    ...options,
  );
}

/** A customer whose default payment method is the given test card. */
export async function createCustomerWithCard(target: Target, card: string) {
  const { stripe } = target;
  const customer = await stripe.customers.create({ email: "sam@example.com", name: "Sam" });
  // On real Stripe a test PaymentMethod id (pm_card_visa) attaches as a copy with a new id.
  const { id: pm } = await stripe.paymentMethods.attach(
    await createCardPaymentMethod(target, card),
    {
      customer: customer.id,
    },
  );
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
  return { customer, pm };
}

/**
 * A subscription whose first invoice waits for the customer's browser to confirm its
 * PaymentIntent (`default_incomplete`), as our subscribe flow creates it.
 */
export async function createIncompleteSubscription(
  target: Target,
  {
    card = "4242424242424242",
    unitAmount = 2000,
    extra = {},
  }: { card?: string; unitAmount?: number; extra?: Partial<Stripe.SubscriptionCreateParams> } = {},
) {
  const price = await createMonthlyPrice(target, unitAmount);
  const { customer, pm } = await createCustomerWithCard(target, card);
  const subscription = await target.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription" },
    expand: ["latest_invoice.confirmation_secret"],
    ...extra,
  });
  const invoice = subscription.latest_invoice as Stripe.Invoice;
  return {
    subscription,
    invoice,
    customer,
    pm,
    price,
    intentId: piOfSecret(invoice.confirmation_secret!.client_secret),
  };
}

export async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error,
  );
}

export const piOfSecret = (secret: string) => secret.split("_secret_")[0]!;
