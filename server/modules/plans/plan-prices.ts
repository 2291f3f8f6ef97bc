import type Stripe from "stripe";
import type { PaidPlanId } from "../../../contracts/plan-billing";
import { planById } from "../../../contracts/plans";
import { PLAN_METADATA } from "./plan-subscription-state";

// The platform's own catalogue: one monthly Price per paid plan, on the platform account, found
// by its lookup key (made on first use, so a new Stripe account needs no setup step). The key
// carries the amount: a price change is a new key, and subscriptions on the old price keep it
// until they are moved on purpose.

const lookupKeyOf = (plan: PaidPlanId) =>
  `regulars_plan_${plan}_monthly_${planById(plan).monthlyPriceCents}`;

/** Per Stripe client: each account (and each test's emulator) has its own prices. */
const knownByClient = new WeakMap<Stripe, Map<string, string>>();

export async function platformPlanPriceId(stripe: Stripe, plan: PaidPlanId): Promise<string> {
  const lookupKey = lookupKeyOf(plan);
  const known = knownByClient.get(stripe) ?? new Map<string, string>();
  knownByClient.set(stripe, known);
  const cached = known.get(lookupKey);
  if (cached) return cached;
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  let id = found.data[0]?.id;
  if (!id) {
    const terms = planById(plan);
    // Two instances making it at once send the same request: Stripe answers both with one price.
    const price = await stripe.prices.create(
      {
        currency: "usd",
        unit_amount: terms.monthlyPriceCents,
        recurring: { interval: "month" },
        lookup_key: lookupKey,
        product_data: { name: `Regulars ${terms.name}` },
        metadata: { [PLAN_METADATA.plan]: plan },
      },
      { idempotencyKey: `platform-plan-price:${lookupKey}` },
    );
    id = price.id;
  }
  known.set(lookupKey, id);
  return id;
}
