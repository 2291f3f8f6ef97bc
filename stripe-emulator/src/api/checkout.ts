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
    ],
    nested: {
      discounts: discountsShape,
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
