import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { invalid } from "../core/errors";
import { requireObject } from "../core/lookup";
import { newId, type Stored } from "../core/state";

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

/** The card invoices are charged to: one of the customer's own, or none (an empty id). */
export function setDefaultPaymentMethod(
  em: Emulator,
  customer: Stored<"customer">,
  pmId: string,
  account: string | null,
) {
  if (pmId) {
    const pm = requireObject(em, pmId, "payment_method", account);
    if (pm.customer !== customer.id) {
      throw invalid(
        "invoice_settings[default_payment_method]",
        `No such PaymentMethod: '${pmId}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
      );
    }
  }
  customer.invoice_settings = {
    ...customer.invoice_settings,
    default_payment_method: pmId || null,
  };
}

/** No bank transfers are emulated, so a customer never holds cash. */
export function cashBalanceOf(customer: Stored<"customer">): Stripe.CashBalance {
  return {
    object: "cash_balance",
    available: null,
    customer: customer.id,
    livemode: false,
    settings: { reconciliation_mode: "automatic", using_merchant_default: true },
  };
}
