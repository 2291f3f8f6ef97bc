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

export async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error,
  );
}

export const piOfSecret = (secret: string) => secret.split("_secret_")[0]!;
