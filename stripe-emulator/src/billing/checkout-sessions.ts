import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, type Stored } from "../core/state";
import { couponAmount } from "./discounts";

// Checkout Sessions in subscription mode: created open, then expired or completed
// (checkout-completion.ts).

type SubscriptionData = NonNullable<Stored<"checkout.session">["_subscription_data"]>;

/** What the coupons take off the first payment, as its invoice will. */
function firstDiscount(coupons: Stored<"coupon">[], price: Stripe.Price, amount: number) {
  let remaining = amount;
  for (const coupon of coupons)
    remaining -= Math.min(couponAmount(coupon, amount, price.product as string), remaining);
  return amount - remaining;
}

/** An open session for one recurring price; completing it starts the subscription asked for. */
export function createCheckoutSession(
  em: Emulator,
  input: {
    /** `shipping_address_collection[allowed_countries]`; null when no address is collected. */
    allowedCountries: string[] | null;
    collectPhone: boolean;
    customerUpdate: NonNullable<Stored<"checkout.session">["_customer_update"]>;
    /** Unix seconds; 24 hours after creation unless the caller chose. */
    expiresAt: number;
    price: Stripe.Price;
    quantity: number;
    customer: string | null;
    /** Redeemed when the session completes, on the subscription it starts. */
    coupons: Stored<"coupon">[];
    customerEmail: string | null;
    successUrl: string;
    cancelUrl: string | null;
    clientReferenceId: string | null;
    metadata: Record<string, string>;
    paymentMethodCollection: Stripe.Checkout.Session.PaymentMethodCollection;
    subscriptionData: SubscriptionData;
  },
  account: string | null,
): Stored<"checkout.session"> {
  const id = `cs_test_${newId("x").slice(2)}${newId("x").slice(2)}`;
  const now = em.store.now();
  // Prices here are always created with a unit_amount (the API requires one).
  const amount = (input.price.unit_amount ?? 0) * input.quantity;
  const discount = firstDiscount(input.coupons, input.price, amount);
  // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
  const session: Stripe.Checkout.Session = {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: amount,
    amount_total: amount - discount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
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
    customer: input.customer,
    customer_creation: input.customer ? null : "always",
    customer_details: null,
    customer_email: input.customerEmail,
    discounts: input.coupons.map((coupon) => ({ coupon: coupon.id, promotion_code: null })),
    expires_at: input.expiresAt,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    metadata: input.metadata,
    mode: "subscription",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: input.paymentMethodCollection,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ["card"],
    payment_status: "unpaid",
    permissions: null,
    phone_number_collection: { enabled: input.collectPhone },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: input.allowedCountries
      ? {
          allowed_countries:
            input.allowedCountries as Stripe.Checkout.Session.ShippingAddressCollection.AllowedCountry[],
        }
      : null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: `${em.baseUrl}/checkout/${id}`,
    wallet_options: null,
  };
  return em.store.put(
    {
      ...session,
      _price: input.price.id,
      _quantity: input.quantity,
      _subscription_data: input.subscriptionData,
      _coupons: input.coupons.map((coupon) => coupon.id),
      _customer_update: input.customerUpdate,
    },
    account,
  );
}

/** An open session expires: its page refuses payment from now on (`checkout.session.expired`). */
export function expireCheckoutSession(
  em: Emulator,
  session: Stored<"checkout.session">,
): Stored<"checkout.session"> {
  session.status = "expired";
  session.expires_at = Math.min(session.expires_at as number, em.store.now());
  em.store.put(session);
  em.webhooks.emit("checkout.session.expired", session);
  return session;
}
