import type Stripe from "stripe";
import { cashBalanceOf, newCustomer, setDefaultPaymentMethod } from "../billing/customers";
import {
  attachPaymentMethod,
  createCardPaymentMethod,
  detachPaymentMethod,
  resolvePaymentMethod,
} from "../billing/payment-methods";
import { testCardNumber } from "../core/cards";
import type { Emulator, ParamShape, Route } from "../core/context";
import { invalid, missing, noSuch } from "../core/errors";
import { requireObject } from "../core/lookup";
import {
  metadataOf,
  optionalAddress,
  optionalInt,
  optionalObject,
  optionalString,
  requiredString,
} from "../core/params";
import { address, shipping } from "../core/shapes";
import type { Stored } from "../core/state";
import { childId } from "./children";
import { PAGE_PARAMS } from "./list-params";

const invoiceSettings: ParamShape = {
  default_payment_method: true,
  custom_fields: "any",
  footer: true,
  rendering_options: "any",
};

/**
 * `shipping` as Stripe takes it: `name` and `address` required, `phone` optional; an empty
 * string clears it (null). Undefined when not sent.
 */
function shippingOf(params: Record<string, unknown>): Stripe.Customer.Shipping | null | undefined {
  if (params.shipping === "") return null;
  const value = optionalObject(params, "shipping");
  if (!value) return undefined;
  const name = optionalString(value, "name");
  if (!name) throw missing("shipping[name]");
  const shippingAddress = optionalAddress(
    { "shipping[address]": value.address },
    "shipping[address]",
  );
  if (!shippingAddress) throw missing("shipping[address]");
  return { address: shippingAddress, name, phone: optionalString(value, "phone") ?? null };
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
  if (params.phone !== undefined) customer.phone = optionalString(params, "phone") ?? null;
  const newAddress = optionalAddress(params, "address");
  if (newAddress !== undefined) customer.address = newAddress;
  const newShipping = shippingOf(params);
  if (newShipping !== undefined) customer.shipping = newShipping;
  const invoiceSettings = optionalObject(params, "invoice_settings");
  if (invoiceSettings && invoiceSettings.default_payment_method !== undefined)
    setDefaultPaymentMethod(em, customer, String(invoiceSettings.default_payment_method), account);
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
      "shipping",
      "test_clock",
    ],
    nested: { invoice_settings: invoiceSettings, address, shipping },
    handle: (em, { params, account }) => {
      // Refused before the customer is stored: a failed request leaves nothing behind.
      shippingOf(params);
      optionalAddress(params, "address");
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
    allowed: [
      "email",
      "name",
      "description",
      "metadata",
      "invoice_settings",
      "phone",
      "address",
      "shipping",
    ],
    nested: { invoice_settings: invoiceSettings, address, shipping },
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
    path: "/v1/customers/:id{cus_\\w+}/payment_methods",
    allowed: ["type", "allow_redisplay", ...PAGE_PARAMS],
    handle: (em, { params, account }, path) => {
      const customer = requireObject(em, path.id, "customer", account);
      const type = optionalString(params, "type");
      return em.store.listFor(
        "payment_method",
        account,
        (p) => p.customer === customer.id && (!type || p.type === type),
      );
    },
  },
  {
    method: "GET",
    path: "/v1/customers/:id{cus_\\w+}/payment_methods/:child{pm_\\w+}",
    allowed: ["expand"],
    handle: (em, request, path) => {
      const customer = requireObject(em, path.id, "customer", request.account);
      const id = childId(request);
      const pm = requireObject(em, id, "payment_method", request.account);
      if (pm.customer !== customer.id) throw noSuch("PaymentMethod", id);
      return pm;
    },
  },
  {
    method: "GET",
    path: "/v1/customers/:id{cus_\\w+}/cash_balance",
    allowed: ["expand"],
    handle: (em, { account }, path) => {
      return cashBalanceOf(requireObject(em, path.id, "customer", account));
    },
  },
  // What the emulator never holds for a customer (balance adjustments, cash, sources, tax
  // ids): their lists are empty and their ids unknown, once the customer is found.
  ...(
    [
      ["balance_transactions", "cbtxn_", "customer balance transaction", []],
      ["cash_balance_transactions", "ccsbtxn_", "customer cash balance transaction", []],
      ["sources", "", "source", ["object"]],
      ["tax_ids", "txi_", "tax id", []],
    ] as const
  ).flatMap(([collection, prefix, noun, filters]): Route[] => [
    {
      method: "GET",
      path: `/v1/customers/:id{cus_\\w+}/${collection}`,
      allowed: [...filters, ...PAGE_PARAMS],
      handle: (em, { account }, path) => {
        requireObject(em, path.id, "customer", account);
        return [];
      },
    },
    {
      method: "GET",
      path: `/v1/customers/:id{cus_\\w+}/${collection}/:child{${prefix}\\w+}`,
      allowed: ["expand"],
      handle: (em, request, path) => {
        requireObject(em, path.id, "customer", request.account);
        throw noSuch(noun, childId(request));
      },
    },
  ]),
  {
    method: "GET",
    path: "/v1/customers",
    allowed: ["email", "created", "test_clock", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
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
    handle: (em, { params, account }) => {
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
    handle: (em, { params, account }, path) => {
      const customer = requiredString(params, "customer");
      return attachPaymentMethod(em, resolvePaymentMethod(em, path.id, account), customer, account);
    },
  },
  {
    method: "POST",
    path: "/v1/payment_methods/:id{pm_\\w+}/detach",
    allowed: [],
    handle: (em, { account }, path) => {
      return detachPaymentMethod(em, requireObject(em, path.id, "payment_method", account));
    },
  },
  {
    method: "GET",
    path: "/v1/payment_methods",
    allowed: ["customer", "type", ...PAGE_PARAMS],
    handle: (em, { params, account }) => {
      const customer = optionalString(params, "customer");
      return em.store.listFor(
        "payment_method",
        account,
        (p) => !customer || p.customer === customer,
      );
    },
  },
];
