import type Stripe from "stripe";
import type { Emulator, Route } from "../core/context";
import { invalid, missing, StripeApiError } from "../core/errors";
import { applyExpand } from "../core/expand";
import { requireAccount, requireObject, requireTransferDestination } from "../core/lookup";
import {
  metadataOf,
  optionalArray,
  optionalNumber,
  optionalObject,
  optionalString,
  requiredString,
} from "../core/params";
import { billingMode, transferData } from "../core/shapes";
import { newId, type Stored } from "../core/state";
import { PAGE_PARAMS } from "./list-params";

const SESSION_STATUSES = ["open", "complete", "expired"];

/** An open session expires: its page refuses payment from now on (`checkout.session.expired`). */
function expireCheckoutSession(
  em: Emulator,
  session: Stored<"checkout.session">,
): Stored<"checkout.session"> {
  session.status = "expired";
  session.expires_at = Math.min(session.expires_at as number, em.store.now());
  em.store.put(session);
  em.webhooks.emit("checkout.session.expired", session);
  return session;
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
    ],
    nested: {
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
    handle(em, { params, account }) {
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
      const id = `cs_test_${newId("x").slice(2)}${newId("x").slice(2)}`;
      const customer = optionalString(params, "customer") ?? null;
      if (customer) requireObject(em, customer, "customer", account);
      if (customer && params.customer_email)
        throw invalid(
          "customer_email",
          "You may only specify one of these parameters: customer, customer_email.",
        );
      if (data.on_behalf_of) requireAccount(em, String(data.on_behalf_of));
      const now = em.store.now();
      // Prices here are always created with a unit_amount (the API requires one).
      const amount = (price.unit_amount ?? 0) * quantity;
      // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
      const session: Stripe.Checkout.Session = {
        id,
        object: "checkout.session",
        adaptive_pricing: null,
        after_expiration: null,
        allow_promotion_codes: null,
        amount_subtotal: amount,
        amount_total: amount,
        automatic_tax: { enabled: false, liability: null, provider: null, status: null },
        billing_address_collection: null,
        cancel_url: optionalString(params, "cancel_url") ?? null,
        client_reference_id: optionalString(params, "client_reference_id") ?? null,
        client_secret: null,
        collected_information: null,
        consent: null,
        consent_collection: null,
        created: now,
        currency: "usd",
        currency_conversion: null,
        custom_fields: [],
        custom_text: {
          after_submit: null,
          shipping_address: null,
          submit: null,
          terms_of_service_acceptance: null,
        },
        customer,
        customer_creation: customer ? null : "always",
        customer_details: null,
        customer_email: optionalString(params, "customer_email") ?? null,
        discounts: [],
        expires_at: now + 24 * 3600,
        invoice: null,
        invoice_creation: null,
        livemode: false,
        locale: null,
        metadata: metadataOf(params),
        mode: "subscription",
        origin_context: null,
        payment_intent: null,
        payment_link: null,
        payment_method_collection:
          optionalString(params, "payment_method_collection") === "if_required"
            ? "if_required"
            : "always",
        payment_method_configuration_details: null,
        payment_method_options: {},
        payment_method_types: ["card"],
        payment_status: "unpaid",
        permissions: null,
        recovered_from: null,
        saved_payment_method_options: null,
        setup_intent: null,
        shipping_address_collection: null,
        shipping_cost: null,
        shipping_options: [],
        status: "open",
        submit_type: null,
        subscription: null,
        success_url: successUrl,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
        ui_mode: "hosted",
        url: `${em.baseUrl}/checkout/${id}`,
        wallet_options: null,
      };
      return em.store.put(
        {
          ...session,
          _price: price.id,
          _quantity: quantity,
          _subscription_data: {
            application_fee_percent: optionalNumber(data, "application_fee_percent") ?? null,
            destination: transfer.destination ? String(transfer.destination) : null,
            on_behalf_of: data.on_behalf_of ? String(data.on_behalf_of) : null,
            metadata: metadataOf(data),
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
    handle(em, { account }, path) {
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
    handle(em, { params, account }) {
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
    handle(em, { account }, path) {
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
    handle(em, { params, account }) {
      const customer = requireObject(em, requiredString(params, "customer"), "customer", account);
      const id = newId("bps");
      const session: Stripe.BillingPortal.Session = {
        id,
        object: "billing_portal.session",
        configuration: "bpc_emulator_default",
        created: em.store.now(),
        customer: customer.id,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: optionalString(params, "on_behalf_of") ?? null,
        return_url: optionalString(params, "return_url") ?? null,
        url: `${em.baseUrl}/billing_portal/${id}`,
      };
      return em.store.put(session, account);
    },
  },
];
