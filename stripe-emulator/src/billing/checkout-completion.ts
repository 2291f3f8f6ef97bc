import type Stripe from "stripe";
import { assertAttachable, cardError } from "../core/cards";
import type { Emulator } from "../core/context";
import { invalid } from "../core/errors";
import type { Stored } from "../core/state";
import { newCustomer } from "./customers";
import { attachPaymentMethod, createCardPaymentMethod } from "./payment-methods";
import { attemptPayment } from "./payments";
import { startSubscription } from "./subscriptions";

export interface CheckoutForm {
  /** Shipping and phone, checked by collectCheckoutDetails. */
  details: Omit<CheckoutDetails, "name">;
  email: string;
  name: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What the page collected besides the card: shipping and phone, when the session asks. */
export type CheckoutDetails = NonNullable<Stored<"checkout.session">["_collected"]>;

/** The shipping fields the hosted page posts. */
export interface ShippingFields {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string;
}

/** Countries whose addresses Checkout's form asks a state or province for (guess: a subset). */
const STATE_REQUIRED = ["US", "CA", "AU"];

/**
 * The page's shipping address and phone, checked as Checkout's form checks them: each required
 * field filled, the country one of `allowed_countries`. A refusal names what to fix.
 */
export function collectCheckoutDetails(
  session: Stored<"checkout.session">,
  fields: ShippingFields,
): Omit<CheckoutDetails, "name"> {
  const value = (text: string) => text.trim();
  const allowed = session.shipping_address_collection?.allowed_countries as string[] | undefined;
  let shipping: CheckoutDetails["shipping"] = null;
  if (allowed) {
    const country = value(fields.country).toUpperCase();
    const required: Array<[keyof ShippingFields, string]> = [
      ["name", "full name"],
      ["line1", "address line 1"],
      ["city", "city"],
      ["postal_code", "postal code"],
      ["country", "country"],
    ];
    if (STATE_REQUIRED.includes(country)) required.push(["state", "state"]);
    const empty = required.filter(([field]) => !value(fields[field])).map(([, label]) => label);
    if (empty.length > 0)
      throw invalid("shipping_details", `Please fill in your shipping ${empty.join(", ")}.`);
    if (!allowed.includes(country))
      throw invalid(
        "shipping_details[address][country]",
        `We can't ship to ${country}. Choose one of: ${allowed.join(", ")}.`,
      );
    shipping = {
      name: value(fields.name),
      address: {
        city: value(fields.city),
        country,
        line1: value(fields.line1),
        line2: value(fields.line2) || null,
        postal_code: value(fields.postal_code),
        state: value(fields.state) || null,
      },
    };
  }
  let phone: string | null = null;
  if (session.phone_number_collection?.enabled) {
    phone = value(fields.phone);
    if (!phone) throw invalid("phone", "Please fill in your phone number.");
    if (!/^\+?[0-9][0-9 ().-]{5,}$/.test(phone))
      throw invalid("phone", "Your phone number is incomplete or invalid.");
  }
  return { shipping, phone };
}

/**
 * What a completed session writes onto its customer: everything when Checkout created the
 * customer, else only what `customer_update` allows (`customer.updated` when anything changed).
 * The billing address is the shipping address (the page's "same as shipping"). The phone goes
 * to an existing customer with its shipping or address (guess: Stripe's docs do not say).
 */
function updateCustomerFromCheckout(
  em: Emulator,
  session: Stored<"checkout.session">,
  customer: Stored<"customer">,
) {
  const collected = session._collected;
  if (!collected) return;
  const isCreatedByCheckout = session.customer_creation === "always";
  const update = isCreatedByCheckout
    ? { address: "auto", name: "auto", shipping: "auto" }
    : (session._customer_update ?? { address: "never", name: "never", shipping: "never" });
  const previous: Record<string, unknown> = {};
  const set = <K extends "address" | "name" | "phone" | "shipping">(
    field: K,
    next: Stored<"customer">[K],
  ) => {
    if (JSON.stringify(customer[field]) === JSON.stringify(next)) return;
    previous[field] = customer[field];
    customer[field] = next;
  };
  const { shipping, phone } = collected;
  if (shipping && update.shipping === "auto")
    set("shipping", { address: shipping.address, name: shipping.name, phone });
  if (shipping && update.address === "auto") set("address", shipping.address);
  if (collected.name && update.name === "auto") set("name", collected.name);
  if (phone && (isCreatedByCheckout || update.shipping === "auto" || update.address === "auto"))
    set("phone", phone);
  if (Object.keys(previous).length === 0) return;
  em.store.put(customer);
  if (!isCreatedByCheckout) em.webhooks.emit("customer.updated", customer, { previous });
}

export type CheckoutOutcome =
  | { status: "complete" }
  | { status: "requires_action"; challengeUrl: string };

const intentOf = (em: Emulator, subscription: Stripe.Subscription) => {
  const invoice = em.store.get(subscription.latest_invoice as string, "invoice");
  return invoice ? em.store.get(invoice._payment_intent as string, "payment_intent") : undefined;
};

/** The session is paid: record the customer and subscription and tell the app. */
function finish(
  em: Emulator,
  session: Stored<"checkout.session">,
  subscription: Stripe.Subscription,
) {
  const customer = em.store.get(subscription.customer as string, "customer");
  if (customer) updateCustomerFromCheckout(em, session, customer);
  const collected = session._collected;
  session.status = "complete";
  // A trial's first invoice is $0: Stripe says nothing was needed, not that it was paid.
  session.payment_status = subscription.status === "trialing" ? "no_payment_required" : "paid";
  session.customer = subscription.customer;
  session.customer_details = {
    address: collected?.shipping?.address ?? null,
    email: customer?.email ?? session.customer_email ?? null,
    name: customer?.name ?? null,
    phone: collected?.phone ?? null,
    tax_exempt: "none",
    tax_ids: [],
  };
  // Basil moved Checkout's `shipping_details` here.
  if (collected?.shipping) session.collected_information = { shipping_details: collected.shipping };
  session.subscription = subscription.id;
  session.invoice = subscription.latest_invoice;
  em.store.put(session);
  em.webhooks.emit("checkout.session.completed", session);
}

/**
 * What submitting the hosted Checkout form does: a customer (made once per session), the card
 * as its default, and the subscription with the session's subscription_data, paid on-session.
 * A 3-D Secure card returns the challenge to show; a decline throws the card error. Submitting
 * again after a decline or a failed challenge pays the same subscription with the new card.
 */
export function submitCheckout(
  em: Emulator,
  session: Stored<"checkout.session">,
  form: CheckoutForm,
): CheckoutOutcome {
  const account = em.store.ownerOf(session.id);
  // Like Stripe's page, a session created with customer_email shows it read-only: a posted
  // form can't swap it for another address either.
  form = { ...form, email: session.customer_email ?? form.email };
  const pm = createCardPaymentMethod(
    em,
    { number: form.cardNumber, expMonth: form.expMonth, expYear: form.expYear, cvc: form.cvc },
    { name: form.name || null, email: form.email || null },
    account,
  );
  assertAttachable(pm._number as string);
  const customerId =
    (session.customer as string | null) ??
    (session._customer as string | undefined) ??
    em.store.put(newCustomer(em, { email: form.email || null, name: form.name || null }), account)
      .id;
  session._customer = customerId;
  session._collected = { ...form.details, name: form.name || null };
  em.store.put(session);
  attachPaymentMethod(em, pm, customerId, account);
  const customer = em.store.get(customerId, "customer")!;
  customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: pm.id };
  em.store.put(customer);

  let subscription = session._subscription
    ? em.store.get(session._subscription, "subscription")
    : undefined;
  if (subscription?.status === "incomplete") {
    subscription.default_payment_method = pm.id;
    em.store.put(subscription);
    const pi = intentOf(em, subscription);
    if (pi) attemptPayment(em, pi, pm.id, false);
  } else {
    // Stored by the session's creation, with its price and quantity.
    const data = session._subscription_data!;
    subscription = startSubscription(
      em,
      {
        customer: customerId,
        priceId: session._price!,
        quantity: session._quantity!,
        defaultPaymentMethod: pm.id,
        applicationFeePercent: data.application_fee_percent ?? null,
        destination: data.destination ?? null,
        onBehalfOf: data.on_behalf_of ?? null,
        metadata: data.metadata ?? {},
        saveDefaultPaymentMethod: "on_subscription",
        trialEnd: data.trial_period_days ? em.store.now() + data.trial_period_days * 86_400 : null,
        // Redeemed now, not at the session's creation: a coupon used up or deleted meanwhile
        // refuses the payment on the page (guess: check what Stripe's page does).
        coupons: session._coupons ?? [],
        checkoutSession: session.id,
      },
      account,
      "allow_incomplete",
    );
    session._subscription = subscription.id;
    em.store.put(session);
  }
  return settleCheckout(em, session) ?? { status: "complete" };
}

/**
 * Where the session's payment stands: finishes it if paid, returns the challenge if 3-D Secure
 * is pending, throws the card error if the last attempt failed, or null when nothing was tried.
 */
export function settleCheckout(
  em: Emulator,
  session: Stored<"checkout.session">,
): CheckoutOutcome | null {
  const subscription = session._subscription
    ? em.store.get(session._subscription as string, "subscription")
    : undefined;
  if (!subscription) return null;
  if (subscription.status === "active" || subscription.status === "trialing") {
    finish(em, session, subscription);
    return { status: "complete" };
  }
  const pi = intentOf(em, subscription);
  if (pi?.status === "requires_action") {
    // The challenge comes back to the Checkout page, which then finishes the session.
    pi.next_action = {
      type: "redirect_to_url",
      redirect_to_url: {
        url: `${em.baseUrl}/3ds/${pi.id}`,
        return_url: `${em.baseUrl}/checkout/${session.id}`,
      },
    };
    em.store.put(pi);
    return { status: "requires_action", challengeUrl: `${em.baseUrl}/3ds/${pi.id}` };
  }
  const failure = pi?.last_payment_error;
  if (failure)
    throw cardError(
      String(failure.code ?? "card_declined"),
      String(failure.message ?? "Your card was declined."),
      failure.decline_code ? String(failure.decline_code) : undefined,
    );
  return null;
}
