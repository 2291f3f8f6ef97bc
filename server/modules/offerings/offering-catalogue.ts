import { createHash } from "node:crypto";
import Stripe from "stripe";
import { type Cadence, cadenceOfRecurring, stripeRecurringOf } from "../../../contracts/cadence";
import type { CreateOfferingInput } from "../../../contracts/offerings";
import { createCustomUrl } from "./slug";

/**
 * What a create request generates, derived from its idempotency key and its exact body, so a
 * retry of that request generates the same: the same custom URL (a link shared from a first
 * reply that was lost still works) and the same Stripe product id. A changed body is another
 * request and generates its own, even under a reused key.
 */
export function generatedForCreateRequest(requestKey: string, input: CreateOfferingInput) {
  const digest = createHash("sha256")
    .update(requestKey)
    .update("\n")
    .update(JSON.stringify(input))
    .digest("hex");
  return {
    customUrl: createCustomUrl(input.title, digest),
    // Stripe lets the caller choose a product's id (letters, digits, "_").
    stripeProductId: `prod_rg_${digest.slice(8, 40)}`,
  };
}

/** What an offering sells: an amount per charge, charged at a cadence. */
export interface OfferingPrice {
  priceCents: number;
  cadence: Cadence;
}

export function priceParams(productId: string, price: OfferingPrice): Stripe.PriceCreateParams {
  return {
    product: productId,
    currency: "usd",
    unit_amount: price.priceCents,
    recurring: stripeRecurringOf(price.cadence),
  };
}

function isPriceOf(candidate: Stripe.Price, price: OfferingPrice): boolean {
  return (
    candidate.active &&
    candidate.unit_amount === price.priceCents &&
    candidate.currency === "usd" &&
    cadenceOfRecurring(candidate.recurring) === price.cadence
  );
}

/**
 * The product and price of one create request, made once however often the request is
 * retried. The product's id is chosen by us, so a retry after any partial failure (the price
 * refused, the database down, a reply lost) finds the product it made instead of making a
 * second, and reuses its price if that was made too. The Stripe calls carry no idempotency key
 * of ours on purpose: Stripe replays a stored 500 to a reused key, so a failed step would fail
 * the same way on every retry; the chosen id is what makes the product once (the SDK still
 * keys its own network retries of each call).
 */
export async function ensureProductAndPrice(
  stripe: Stripe,
  productId: string,
  product: Pick<Stripe.ProductCreateParams, "name" | "description" | "metadata">,
  price: OfferingPrice,
): Promise<{ product: Stripe.Product; price: Stripe.Price }> {
  let made: Stripe.Product;
  let isNew = true;
  try {
    made = await stripe.products.create({ id: productId, ...product });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    // Already made by an earlier try of this request; anything else is the original error.
    const existing = await stripe.products.retrieve(productId).catch(() => null);
    if (!existing) throw error;
    made = existing.active ? existing : await stripe.products.update(productId, { active: true });
    isNew = false;
  }
  if (!isNew) {
    const prices = await stripe.prices.list({ product: made.id, active: true, limit: 100 });
    const found = prices.data.find((candidate) => isPriceOf(candidate, price));
    if (found) return { product: made, price: found };
  }
  return { product: made, price: await stripe.prices.create(priceParams(made.id, price)) };
}

/**
 * A product whose create request failed is archived, so an attempt given up on (or corrected
 * into another request) leaves nothing sellable behind; a retry of the same request
 * reactivates it (ensureProductAndPrice). Best effort: Stripe may be what failed.
 */
export async function archiveProductQuietly(stripe: Stripe, productId: string): Promise<void> {
  await stripe.products.update(productId, { active: false }).catch(() => undefined);
}
