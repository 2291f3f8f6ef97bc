import { createHash } from "node:crypto";
import type Stripe from "stripe";
import { assertAttachable, brandOf, testCardNumber, validateCard } from "../core/cards";
import type { Emulator } from "../core/context";
import { invalid } from "../core/errors";
import { requireObject } from "../core/lookup";
import { newId, type Stored } from "../core/state";

// Card PaymentMethods: made from a card number or a Stripe test id, attached and detached.

export function createCardPaymentMethod(
  em: Emulator,
  card: { number: string; expMonth: number; expYear: number; cvc?: string },
  billing: { name?: string | null; email?: string | null },
  account: string | null,
): Stored<"payment_method"> {
  const number = card.number.replace(/\s+/g, "");
  validateCard(number, card.expMonth, card.expYear, em.store.now());
  const brand = brandOf(number);
  // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
  const pm: Stripe.PaymentMethod = {
    id: newId("pm"),
    object: "payment_method",
    type: "card",
    allow_redisplay: "unspecified",
    billing_details: {
      address: null,
      email: billing.email ?? null,
      name: billing.name ?? null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand,
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: card.cvc ? "pass" : null,
      },
      country: "US",
      display_brand: brand,
      exp_month: card.expMonth,
      exp_year: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
      fingerprint: createHash("sha256").update(number).digest("hex").slice(0, 16),
      funding: "credit",
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: em.store.now(),
    customer: null,
    livemode: false,
    metadata: {},
  };
  // The number stays private: it decides what charging the card does.
  return em.store.put({ ...pm, _number: number }, account);
}

/**
 * A PaymentMethod by id. A Stripe test id (`pm_card_visa`) makes a fresh PaymentMethod for its
 * card each time it is used, as on Stripe.
 */
export function resolvePaymentMethod(
  em: Emulator,
  id: string,
  account: string | null,
): Stored<"payment_method"> {
  const number = id.startsWith("pm_card_") ? testCardNumber(id) : undefined;
  if (!number) return requireObject(em, id, "payment_method", account);
  const year = new Date(em.store.now() * 1000).getUTCFullYear() + 1;
  return createCardPaymentMethod(
    em,
    { number, expMonth: 12, expYear: year, cvc: "123" },
    {},
    account,
  );
}

export function attachPaymentMethod(
  em: Emulator,
  pm: Stored<"payment_method">,
  customerId: string,
  account: string | null,
) {
  requireObject(em, customerId, "customer", account);
  if (pm.customer && pm.customer !== customerId) {
    throw invalid(
      "payment_method",
      "The payment method you provided has already been attached to a customer.",
    );
  }
  assertAttachable(pm._number as string);
  pm.customer = customerId;
  return em.store.put(pm);
}

/** Detaches a card from its customer: it is no longer the customer's or a subscription's default. */
export function detachPaymentMethod(em: Emulator, pm: Stored<"payment_method">) {
  if (!pm.customer)
    throw invalid(
      "payment_method",
      "The payment method you provided is not attached to a customer so detachment is impossible.",
    );
  const customer = em.store.get(pm.customer as string, "customer");
  if (customer?.invoice_settings?.default_payment_method === pm.id) {
    customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: null };
    em.store.put(customer);
  }
  for (const sub of em.store.list("subscription", (s) => s.default_payment_method === pm.id)) {
    sub.default_payment_method = null;
    em.store.put(sub);
    em.webhooks.emit("customer.subscription.updated", sub, {
      previous: { default_payment_method: pm.id },
    });
  }
  pm.customer = null;
  return em.store.put(pm);
}
