import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId } from "../core/state";

// The catalogue: products and their prices, as Stripe returns them.

/** A product as Stripe returns it, typed with the SDK's basil type. */
export function newProduct(em: Emulator, name: string): Stripe.Product {
  const now = em.store.now();
  return {
    id: newId("prod"),
    object: "product",
    active: true,
    created: now,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name,
    package_dimensions: null,
    shippable: null,
    tax_code: null,
    type: "service",
    updated: now,
    url: null,
  };
}

/** A per-unit price; recurring when it has an interval. */
export function newPrice(
  em: Emulator,
  input: {
    product: string;
    currency: string;
    unitAmount: number;
    interval: Stripe.Price.Recurring.Interval | null;
    intervalCount: number;
    active: boolean;
    lookupKey: string | null;
    nickname: string | null;
    metadata: Record<string, string>;
  },
): Stripe.Price {
  return {
    id: newId("price"),
    object: "price",
    active: input.active,
    billing_scheme: "per_unit",
    created: em.store.now(),
    currency: input.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey,
    metadata: input.metadata,
    nickname: input.nickname,
    product: input.product,
    recurring: input.interval
      ? {
          interval: input.interval,
          interval_count: input.intervalCount,
          usage_type: "licensed",
          meter: null,
          trial_period_days: null,
        }
      : null,
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: input.interval ? "recurring" : "one_time",
    unit_amount: input.unitAmount,
    unit_amount_decimal: String(input.unitAmount),
  };
}
