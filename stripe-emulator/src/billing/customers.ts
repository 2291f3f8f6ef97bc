import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId } from "../core/state";

/** A customer as Stripe returns it, typed with the SDK's basil type. */
export function newCustomer(
  em: Emulator,
  details: { email?: string | null; name?: string | null },
): Stripe.Customer {
  return {
    id: newId("cus"),
    object: "customer",
    address: null,
    balance: 0,
    created: em.store.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: details.email ?? null,
    invoice_prefix: newId("x").slice(2, 10).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: {},
    name: details.name ?? null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}
