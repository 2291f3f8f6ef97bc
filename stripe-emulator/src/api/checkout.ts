import { createCheckoutSession, expireCheckoutSession } from "../billing/checkout-sessions";
import { requireRedeemable } from "../billing/coupons";
import { createPortalSession } from "../billing/portal-sessions";
import type { Route } from "../core/context";
import { invalid, missing, StripeApiError } from "../core/errors";
import { applyExpand } from "../core/expand";
import { requireAccount, requireObject, requireTransferDestination } from "../core/lookup";
import {
  metadataOf,
  optionalArray,
  optionalBool,
  optionalInt,
  optionalNumber,
  optionalObject,
  optionalString,
  requiredString,
} from "../core/params";
import { billingMode, transferData } from "../core/shapes";
import { discountsParam, discountsShape } from "./coupons";
import { PAGE_PARAMS } from "./list-params";

const SESSION_STATUSES = ["open", "complete", "expired"];
/** Checkout's limit on a subscription's trial. */
const MAX_TRIAL_DAYS = 730;

function trialPeriodDaysOf(data: Record<string, unknown>): number | null {
  const days = optionalInt(data, "trial_period_days");
  if (days === undefined) return null;
  if (days < 1 || days > MAX_TRIAL_DAYS)
    throw invalid(
      "subscription_data[trial_period_days]",
      `Invalid subscription_data[trial_period_days]: must be between 1 and ${MAX_TRIAL_DAYS} days.`,
    );
  return days;
}

/** Countries Checkout cannot ship to (Stripe's list in `allowed_countries`). */
const UNSHIPPABLE = "AS CX CC CU HM IR KP MH FM NF MP PW SY UM VI".split(" ");

/** `shipping_address_collection[allowed_countries]`: two-letter codes, at least one; null when not sent. */
function allowedCountriesOf(params: Record<string, unknown>): string[] | null {
  const collection = optionalObject(params, "shipping_address_collection");
  if (!collection) return null;
  const countries = optionalArray(collection, "allowed_countries");
  if (!countries || countries.length === 0)
    throw missing("shipping_address_collection[allowed_countries]");
  return countries.map((country, i) => {
    const code = String(country);
    if (!/^[A-Z]{2}$/.test(code) || UNSHIPPABLE.includes(code))
      throw invalid(
        `shipping_address_collection[allowed_countries][${i}]`,
        `Invalid shipping_address_collection[allowed_countries][${i}]: '${code}' is not a two-letter country code Checkout can ship to.`,
      );
    return code;
  });
}

/** `customer_update`: each of address, name, shipping `auto` or `never` (the default); only with `customer`. */
function customerUpdateOf(params: Record<string, unknown>, customer: string | null) {
  const update = optionalObject(params, "customer_update");
  if (update && !customer)
    throw invalid("customer_update", "customer_update can only be used with customer.");
  const choice = (field: "address" | "name" | "shipping"): "auto" | "never" => {
    const value = optionalString(update ?? {}, field) ?? "never";
    if (value !== "auto" && value !== "never")
      throw invalid(
        `customer_update[${field}]`,
        `Invalid customer_update[${field}]: must be one of auto or never`,
      );
    return value === "auto" ? "auto" : "never";
  };
  return { address: choice("address"), name: choice("name"), shipping: choice("shipping") };
}

/** `expires_at`: 30 minutes to 24 hours after creation, on the emulator's clock; 24 hours by default. */
function expiresAtOf(params: Record<string, unknown>, now: number): number {
  const expiresAt = optionalInt(params, "expires_at");
  if (expiresAt === undefined) return now + 24 * 3600;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600)
    throw invalid(
      "expires_at",
      "The `expires_at` timestamp must be at least 30 minutes and at most 24 hours after the Checkout Session's creation.",
    );
  return expiresAt;
}

export const checkoutRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/checkout/sessions",
    allowed: [
      "mode",
      "line_items",
      "success_url",
      "cancel_url",
      "customer",
      "customer_email",
      "client_reference_id",
      "metadata",
      "subscription_data",
      "expand",
      "payment_method_types",
      "ui_mode",
      "allow_promotion_codes",
      "billing_address_collection",
      "locale",
      "payment_method_collection",
      "discounts",
      "shipping_address_collection",
      "phone_number_collection",
      "customer_update",
      "expires_at",
    ],
    nested: {
      discounts: discountsShape,
      shipping_address_collection: { allowed_countries: true },
      phone_number_collection: { enabled: true },
      customer_update: { address: true, name: true, shipping: true },
      line_items: {
        price: true,
        quantity: true,
        adjustable_quantity: "any",
        dynamic_tax_rates: "any",
        price_data: "any",
        tax_rates: "any",
      },
      subscription_data: {
        application_fee_percent: true,
        transfer_data: transferData,
        on_behalf_of: true,
        metadata: "any",
        description: true,
        billing_mode: billingMode,
        trial_period_days: true,
        trial_end: true,
        trial_settings: "any",
        default_tax_rates: "any",
        invoice_settings: "any",
        proration_behavior: true,
        billing_cycle_anchor: true,
      },
    },
    handle: (em, { params, account }) => {
      const mode = requiredString(params, "mode");
      if (mode !== "subscription")
        throw invalid("mode", "The emulator supports mode=subscription only.");
      const items = optionalArray(params, "line_items");
      const first = items?.[0] as Record<string, unknown> | undefined;
      if (!first?.price) throw missing("line_items[0][price]");
      const quantity = Number(first.quantity ?? 1);
      if (!Number.isInteger(quantity) || quantity < 1)
        throw invalid("line_items[0][quantity]", "Invalid positive integer");
      const price = requireObject(em, String(first.price), "price", account);
      if (!price.active)
        throw invalid(
          "line_items[0][price]",
          "The price specified is inactive. This field only accepts active prices.",
        );
      if (!price.recurring)
        throw invalid(
          "line_items[0][price]",
          "You must provide at least one recurring price in `subscription` mode when using prices.",
        );
      const successUrl = requiredString(params, "success_url");
      const data = optionalObject(params, "subscription_data") ?? {};
      const transfer = (data.transfer_data ?? {}) as Record<string, unknown>;
      if (transfer.destination)
        requireTransferDestination(
          em,
          String(transfer.destination),
          "subscription_data[transfer_data][destination]",
        );
      const customer = optionalString(params, "customer") ?? null;
      if (customer) requireObject(em, customer, "customer", account);
      if (customer && params.customer_email)
        throw invalid(
          "customer_email",
          "You may only specify one of these parameters: customer, customer_email.",
        );
      if (data.on_behalf_of) requireAccount(em, String(data.on_behalf_of));
      const coupons = discountsParam(params).map(({ coupon }, i) => {
        if (!coupon) throw missing(`discounts[${i}][coupon]`);
        return requireRedeemable(em, coupon, `discounts[${i}][coupon]`, account);
      });
      if (coupons.length > 0 && params.allow_promotion_codes !== undefined)
        throw invalid(
          "allow_promotion_codes",
          "You may only specify one of these parameters: allow_promotion_codes, discounts.",
        );
      return createCheckoutSession(
        em,
        {
          allowedCountries: allowedCountriesOf(params),
          collectPhone:
            optionalBool(optionalObject(params, "phone_number_collection") ?? {}, "enabled") ??
            false,
          customerUpdate: customerUpdateOf(params, customer),
          expiresAt: expiresAtOf(params, em.store.now()),
          price,
          quantity,
          customer,
          coupons,
          customerEmail: optionalString(params, "customer_email") ?? null,
          successUrl,
          cancelUrl: optionalString(params, "cancel_url") ?? null,
          clientReferenceId: optionalString(params, "client_reference_id") ?? null,
          metadata: metadataOf(params),
          paymentMethodCollection:
            optionalString(params, "payment_method_collection") === "if_required"
              ? "if_required"
              : "always",
          subscriptionData: {
            application_fee_percent: optionalNumber(data, "application_fee_percent") ?? null,
            destination: transfer.destination ? String(transfer.destination) : null,
            on_behalf_of: data.on_behalf_of ? String(data.on_behalf_of) : null,
            metadata: metadataOf(data),
            trial_period_days: trialPeriodDaysOf(data),
          },
        },
        account,
      );
    },
  },
  {
    method: "GET",
    path: "/v1/checkout/sessions/:id{cs_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "checkout.session", account),
  },
  {
    method: "GET",
    path: "/v1/checkout/sessions/:id{cs_\\w+}/line_items",
    allowed: PAGE_PARAMS,
    handle: (em, { account }, path) => {
      const session = requireObject(em, path.id, "checkout.session", account);
      // The same list as the includable `line_items`, built in one place.
      return (applyExpand(em.store, session, ["line_items"]) as { line_items: unknown }).line_items;
    },
  },
  {
    method: "GET",
    path: "/v1/checkout/sessions",
    allowed: [
      "status",
      "customer",
      "subscription",
      "payment_intent",
      "payment_link",
      "customer_details",
      "created",
      ...PAGE_PARAMS,
    ],
    nested: { customer_details: { email: true } },
    handle: (em, { params, account }) => {
      const status = optionalString(params, "status");
      if (status && !SESSION_STATUSES.includes(status))
        throw invalid("status", `Invalid status: must be one of ${SESSION_STATUSES.join(", ")}`);
      const customer = optionalString(params, "customer");
      const subscription = optionalString(params, "subscription");
      return em.store.listFor(
        "checkout.session",
        account,
        (c) =>
          (!status || c.status === status) &&
          (!customer || c.customer === customer) &&
          (!subscription || c.subscription === subscription),
      );
    },
  },
  {
    method: "POST",
    path: "/v1/checkout/sessions/:id{cs_\\w+}/expire",
    allowed: ["expand"],
    handle: (em, { account }, path) => {
      const session = requireObject(em, path.id, "checkout.session", account);
      if (session.status !== "open")
        throw new StripeApiError(400, {
          type: "invalid_request_error",
          message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        });
      return expireCheckoutSession(em, session);
    },
  },
  {
    method: "POST",
    path: "/v1/billing_portal/sessions",
    allowed: [
      "customer",
      "return_url",
      "configuration",
      "on_behalf_of",
      "flow_data",
      "locale",
      "expand",
    ],
    handle: (em, { params, account }) => {
      const customer = requireObject(em, requiredString(params, "customer"), "customer", account);
      return createPortalSession(
        em,
        {
          customer: customer.id,
          onBehalfOf: optionalString(params, "on_behalf_of") ?? null,
          returnUrl: optionalString(params, "return_url") ?? null,
        },
        account,
      );
    },
  },
];
