import { createHash } from "node:crypto";
import type Stripe from "stripe";
import { assertAttachable, brandOf, testCardNumber, validateCard } from "../core/cards";
import type { Emulator, ParamShape, Route } from "../core/context";
import { invalid, missing, noSuch } from "../core/errors";
import { requireObject } from "../core/lookup";
import {
  metadataOf,
  optionalInt,
  optionalObject,
  optionalString,
  requiredString,
} from "../core/params";
import { address } from "../core/shapes";
import type { Stored } from "../core/state";
import { newId } from "../core/state";

const invoiceSettings: ParamShape = {
  default_payment_method: true,
  custom_fields: "any",
  footer: true,
  rendering_options: "any",
};

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

function updateCustomer(
  em: Emulator,
  customer: Stored<"customer">,
  params: Record<string, unknown>,
  account: string | null,
) {
  if (params.email !== undefined) customer.email = optionalString(params, "email") ?? null;
  if (params.name !== undefined) customer.name = optionalString(params, "name") ?? null;
  if (params.description !== undefined)
    customer.description = optionalString(params, "description") ?? null;
  if (params.metadata !== undefined)
    customer.metadata = { ...customer.metadata, ...metadataOf(params) };
  const invoiceSettings = optionalObject(params, "invoice_settings");
  if (invoiceSettings && invoiceSettings.default_payment_method !== undefined) {
    const pmId = String(invoiceSettings.default_payment_method);
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
  return em.store.put(customer);
}

export const customerRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/customers",
    allowed: [
      "email",
      "name",
      "description",
      "metadata",
      "invoice_settings",
      "payment_method",
      "phone",
      "address",
      "test_clock",
    ],
    nested: { invoice_settings: invoiceSettings, address },
    handle(em, { params, account }) {
      const customer = em.store.put(newCustomer(em, {}), account);
      const pm = optionalString(params, "payment_method");
      if (pm)
        attachPaymentMethod(
          em,
          requireObject(em, pm, "payment_method", account),
          customer.id,
          account,
        );
      return updateCustomer(em, customer, params, account);
    },
  },
  {
    method: "POST",
    path: "/v1/customers/:id{cus_\\w+}",
    allowed: ["email", "name", "description", "metadata", "invoice_settings", "phone", "address"],
    nested: { invoice_settings: invoiceSettings, address },
    handle: (em, { params, account }, path) =>
      updateCustomer(em, requireObject(em, path.id, "customer", account), params, account),
  },
  {
    method: "GET",
    path: "/v1/customers/:id{cus_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "customer", account),
  },
  {
    method: "GET",
    path: "/v1/customers",
    allowed: [
      "email",
      "limit",
      "starting_after",
      "ending_before",
      "created",
      "expand",
      "test_clock",
    ],
    handle(em, { params, account }) {
      const email = optionalString(params, "email");
      return em.store.listFor("customer", account, (c) => !email || c.email === email);
    },
  },
  {
    method: "POST",
    path: "/v1/payment_methods",
    allowed: [
      "type",
      "card",
      "billing_details",
      "metadata",
      "customer",
      "payment_method",
      "allow_redisplay",
    ],
    nested: {
      card: {
        number: true,
        exp_month: true,
        exp_year: true,
        cvc: true,
        token: true,
        networks: "any",
      },
      billing_details: { name: true, email: true, phone: true, address },
    },
    publishable: true,
    handle(em, { params, account }) {
      if (requiredString(params, "type") !== "card")
        throw invalid("type", "Only card payment methods are emulated.");
      const card = optionalObject(params, "card");
      if (!card) throw missing("card");
      const billing = (optionalObject(params, "billing_details") ?? {}) as Record<string, string>;
      const token = card.token === undefined ? undefined : String(card.token);
      const tokenNumber = token ? testCardNumber(token) : undefined;
      if (token && !tokenNumber) throw noSuch("token", token);
      if (tokenNumber) {
        card.number = tokenNumber;
        card.exp_month ??= "12";
        card.exp_year ??= String(new Date(em.store.now() * 1000).getUTCFullYear() + 1);
      }
      const number = String(card.number ?? "");
      if (!number) throw missing("card[number]");
      const pm = createCardPaymentMethod(
        em,
        {
          number,
          expMonth: optionalInt(card, "exp_month") ?? 0,
          expYear: optionalInt(card, "exp_year") ?? 0,
          cvc: card.cvc === undefined ? undefined : String(card.cvc),
        },
        { name: billing.name ?? null, email: billing.email ?? null },
        account,
      );
      if (params.metadata !== undefined) pm.metadata = metadataOf(params);
      return em.store.put(pm);
    },
  },
  {
    method: "GET",
    path: "/v1/payment_methods/:id{pm_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "payment_method", account),
  },
  {
    method: "POST",
    path: "/v1/payment_methods/:id{pm_\\w+}/attach",
    allowed: ["customer"],
    handle(em, { params, account }, path) {
      const customer = requiredString(params, "customer");
      return attachPaymentMethod(em, resolvePaymentMethod(em, path.id, account), customer, account);
    },
  },
  {
    method: "POST",
    path: "/v1/payment_methods/:id{pm_\\w+}/detach",
    allowed: [],
    handle(em, { account }, path) {
      const pm = requireObject(em, path.id, "payment_method", account);
      if (!pm.customer)
        throw invalid(
          "payment_method",
          "The payment method you provided is not attached to a customer so detachment is impossible.",
        );
      // A detached card is no longer anyone's default.
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
    },
  },
  {
    method: "GET",
    path: "/v1/payment_methods",
    allowed: ["customer", "type", "limit", "starting_after", "ending_before", "expand"],
    handle(em, { params, account }) {
      const customer = optionalString(params, "customer");
      return em.store.listFor(
        "payment_method",
        account,
        (p) => !customer || p.customer === customer,
      );
    },
  },
];
