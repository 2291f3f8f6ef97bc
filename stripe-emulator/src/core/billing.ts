import { cardError, declinedError, insufficientFundsError, outcomeOf } from "./cards";
import type { Emulator } from "./context";
import type { StripeApiError } from "./errors";
import { newId, PLATFORM_BALANCE, publicView, type StripeObject } from "./state";

// Invoices, PaymentIntents and the money movement of destination charges.

// Stored objects are Stripe-shaped JSON read by many paths; typing each path would dwarf the logic.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Obj = StripeObject & Record<string, any>;

const MONTH_SECONDS = 30 * 24 * 3600;
/** Smart-retry-like schedule for failed renewals: days after the first failure. */
export const RETRY_DAYS = [3, 5, 7];

export function addMonth(unix: number): number {
  const d = new Date(unix * 1000);
  const next = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  // Jan 31 + 1 month: clamp to the month's last day, as Stripe does.
  if (next.getUTCDate() !== d.getUTCDate()) next.setUTCDate(0);
  return Math.floor(next.getTime() / 1000) || unix + MONTH_SECONDS;
}

export function createPaymentIntent(
  em: Emulator,
  input: {
    amount: number;
    customer: string | null;
    paymentMethod: string | null;
    invoice: string | null;
    destination: string | null;
    applicationFeeAmount: number | null;
    onBehalfOf: string | null;
    metadata?: Record<string, string>;
  },
  account: string | null,
): Obj {
  const id = newId("pi");
  return em.store.put(
    {
      id,
      object: "payment_intent",
      amount: input.amount,
      amount_capturable: 0,
      amount_received: 0,
      application_fee_amount: input.applicationFeeAmount,
      capture_method: "automatic",
      client_secret: `${id}_secret_${newId("s").slice(2)}`,
      confirmation_method: "automatic",
      created: em.store.now(),
      currency: "usd",
      customer: input.customer,
      description: input.invoice ? "Subscription creation" : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: input.metadata ?? {},
      next_action: null,
      on_behalf_of: input.onBehalfOf,
      payment_method: input.paymentMethod,
      payment_method_types: ["card"],
      setup_future_usage: null,
      status: input.paymentMethod ? "requires_confirmation" : "requires_payment_method",
      transfer_data: input.destination ? { destination: input.destination } : null,
      _invoice: input.invoice,
    },
    account,
  );
}

export type ChargeResult =
  | { status: "succeeded" }
  | { status: "requires_action" }
  | { status: "failed"; error: StripeApiError };

/**
 * Attempts the PaymentIntent with a card. On-session, a 3-D Secure card asks for a challenge;
 * off-session (renewals) a card already authenticated goes through.
 */
export function attemptPayment(
  em: Emulator,
  pi: Obj,
  paymentMethodId: string,
  offSession: boolean,
): ChargeResult {
  const pm = em.store.get<Obj>(paymentMethodId, "payment_method");
  pi.payment_method = paymentMethodId;
  if (!pm)
    return fail(em, pi, cardError("card_declined", "Your card was declined.", "generic_decline"));
  const outcome = outcomeOf(pm._number as string);
  if (outcome === "declined") return fail(em, pi, declinedError());
  if (outcome === "insufficient_funds") return fail(em, pi, insufficientFundsError());
  if (outcome === "fails_when_charged") return fail(em, pi, declinedError());
  if (outcome === "requires_3ds" && !offSession && !pi._authenticated) {
    pi.status = "requires_action";
    pi.next_action = {
      type: "redirect_to_url",
      redirect_to_url: {
        url: `${em.baseUrl}/3ds/${pi.id}`,
        return_url: (pi._return_url as string | null | undefined) ?? null,
      },
    };
    em.store.put(pi);
    return { status: "requires_action" };
  }
  succeed(em, pi);
  return { status: "succeeded" };
}

function fail(em: Emulator, pi: Obj, error: StripeApiError): ChargeResult {
  const charge = em.store.put(
    {
      id: newId("ch"),
      object: "charge",
      amount: pi.amount,
      amount_captured: 0,
      captured: false,
      currency: "usd",
      customer: pi.customer,
      failure_code: error.body.code ?? null,
      failure_message: error.body.message,
      outcome: { type: "issuer_declined", reason: error.body.decline_code ?? null },
      paid: false,
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      status: "failed",
      created: em.store.now(),
      livemode: false,
      metadata: {},
    },
    em.store.ownerOf(pi.id),
  );
  pi.latest_charge = charge.id;
  pi.status = "requires_payment_method";
  pi.next_action = null;
  pi.last_payment_error = {
    type: error.body.type,
    code: error.body.code,
    decline_code: error.body.decline_code,
    message: error.body.message,
    charge: charge.id,
    doc_url: error.body.doc_url,
    payment_method: publicPm(em, pi.payment_method as string | null),
  };
  em.store.put(pi);
  em.webhooks.emit("payment_intent.payment_failed", pi);
  error.body.charge = charge.id;
  error.body.payment_intent = publicView(pi);
  error.body.payment_method = publicPm(em, pi.payment_method as string | null);
  const invoice = pi._invoice ? em.store.get<Obj>(pi._invoice as string, "invoice") : undefined;
  if (invoice) invoiceFailed(em, invoice);
  return { status: "failed", error };
}

function publicPm(em: Emulator, id: string | null) {
  if (!id) return null;
  const pm = em.store.get<Obj>(id);
  return pm ? publicView(pm) : null;
}

/** The 3-D Secure challenge was failed: the PaymentIntent needs another payment method. */
export function failAuthentication(em: Emulator, pi: Obj) {
  pi.status = "requires_payment_method";
  pi.next_action = null;
  pi.last_payment_error = {
    type: "invalid_request_error",
    code: "payment_intent_authentication_failure",
    doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
    message:
      "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
    payment_method: publicPm(em, pi.payment_method as string | null),
  };
  em.store.put(pi);
  em.webhooks.emit("payment_intent.payment_failed", pi);
  const invoice = pi._invoice ? em.store.get<Obj>(pi._invoice as string, "invoice") : undefined;
  if (invoice) invoiceFailed(em, invoice);
}

export function succeed(em: Emulator, pi: Obj) {
  pi.status = "succeeded";
  pi.next_action = null;
  pi.last_payment_error = null;
  pi.amount_received = pi.amount;
  const charge = em.store.put(
    {
      id: newId("ch"),
      object: "charge",
      amount: pi.amount,
      amount_captured: pi.amount,
      application_fee_amount: pi.application_fee_amount,
      captured: true,
      currency: "usd",
      customer: pi.customer,
      on_behalf_of: pi.on_behalf_of,
      paid: true,
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      status: "succeeded",
      transfer_data: pi.transfer_data,
      created: em.store.now(),
      livemode: false,
      metadata: {},
    },
    em.store.ownerOf(pi.id),
  );
  pi.latest_charge = charge.id;
  em.store.put(pi);
  moveMoney(em, pi);
  em.webhooks.emit("payment_intent.succeeded", pi);
  const invoice = pi._invoice ? em.store.get<Obj>(pi._invoice as string, "invoice") : undefined;
  if (invoice) invoicePaid(em, invoice, pi);
}

/**
 * Destination charge: the fee stays with the platform and the rest is transferred to the
 * destination. Direct charge (the PaymentIntent lives on a connected account): the account keeps
 * the amount less the platform's application fee.
 */
function moveMoney(em: Emulator, pi: Obj) {
  const destination = (pi.transfer_data as { destination?: string } | null)?.destination ?? null;
  const owner = em.store.ownerOf(pi.id);
  const payee = destination ?? owner;
  const fee = (pi.application_fee_amount as number | null) ?? 0;
  if (!payee) {
    em.store.balance(PLATFORM_BALANCE).available += pi.amount;
    em.store.save();
    return;
  }
  em.store.balance(PLATFORM_BALANCE).available += fee;
  const created = em.store.now();
  if (fee > 0 || destination) {
    em.store.put({
      id: newId("fee"),
      object: "application_fee",
      account: payee,
      amount: fee,
      amount_refunded: 0,
      application: "ca_emulator",
      charge: pi.latest_charge,
      currency: "usd",
      created,
      livemode: false,
      originating_transaction: null,
      refunded: false,
      refunds: { object: "list", data: [], has_more: false, url: "/v1/application_fees/refunds" },
      source: null,
    });
  }
  if (destination) {
    em.store.put({
      id: newId("tr"),
      object: "transfer",
      amount: pi.amount - fee,
      amount_reversed: 0,
      balance_transaction: null,
      currency: "usd",
      description: null,
      destination,
      destination_payment: newId("py"),
      reversals: { object: "list", data: [], has_more: false, url: "/v1/transfers/reversals" },
      reversed: false,
      source_transaction: pi.latest_charge,
      source_type: "card",
      transfer_group: `group_${pi.id}`,
      created,
      livemode: false,
      metadata: {},
    });
  }
  em.store.balance(payee).available += pi.amount - fee;
  em.store.save();
}

function invoiceFailed(em: Emulator, invoice: Obj) {
  invoice.attempt_count = ((invoice.attempt_count as number) ?? 0) + 1;
  invoice.attempted = true;
  const subscription = subscriptionOfInvoice(em, invoice);
  if (invoice.billing_reason === "subscription_cycle") {
    const retryIndex = (invoice.attempt_count as number) - 1;
    const days = RETRY_DAYS[retryIndex];
    invoice.next_payment_attempt =
      days === undefined ? null : (invoice._first_failed_at ?? em.store.now()) + days * 86400;
    invoice._first_failed_at ??= em.store.now();
  }
  em.store.put(invoice);
  em.webhooks.emit("invoice.payment_failed", invoice);
  if (
    subscription &&
    subscription.status === "active" &&
    invoice.billing_reason === "subscription_cycle"
  ) {
    setSubscriptionStatus(em, subscription, "past_due");
  }
}

function invoicePaid(em: Emulator, invoice: Obj, pi: Obj) {
  const now = em.store.now();
  invoice.status = "paid";
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempted = true;
  invoice.attempt_count = ((invoice.attempt_count as number) ?? 0) + 1;
  invoice.next_payment_attempt = null;
  invoice.status_transitions = { ...(invoice.status_transitions as object), paid_at: now };
  invoice._payments = [
    {
      id: newId("inpay"),
      object: "invoice_payment",
      amount_paid: pi.amount,
      amount_requested: pi.amount,
      currency: "usd",
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: "payment_intent", payment_intent: pi.id },
      status: "paid",
      status_transitions: { canceled_at: null, paid_at: now },
      created: now,
    },
  ];
  em.store.put(invoice);
  em.webhooks.emit("invoice.paid", invoice);
  em.webhooks.emit("invoice.payment_succeeded", invoice);
  const subscription = subscriptionOfInvoice(em, invoice);
  if (!subscription) return;
  const previous: Record<string, unknown> = {};
  if (
    subscription.payment_settings?.save_default_payment_method === "on_subscription" &&
    pi.payment_method &&
    subscription.default_payment_method !== pi.payment_method
  ) {
    previous.default_payment_method = subscription.default_payment_method;
    subscription.default_payment_method = pi.payment_method;
  }
  if (subscription.status !== "active" && subscription.status !== "canceled") {
    setSubscriptionStatus(em, subscription, "active", previous);
  } else {
    em.store.put(subscription);
    if (Object.keys(previous).length > 0)
      em.webhooks.emit("customer.subscription.updated", subscription, { previous });
  }
}

export function subscriptionOfInvoice(em: Emulator, invoice: Obj): Obj | undefined {
  const id = invoice.parent?.subscription_details?.subscription as string | undefined;
  return id ? em.store.get<Obj>(id, "subscription") : undefined;
}

export function setSubscriptionStatus(
  em: Emulator,
  subscription: Obj,
  status: string,
  alsoChanged: Record<string, unknown> = {},
) {
  const previous = subscription.status;
  if (previous === status) return;
  subscription.status = status;
  if (status === "canceled") {
    subscription.canceled_at ??= em.store.now();
    subscription.ended_at = em.store.now();
    // A canceled subscription's open invoices are no longer retried.
    for (const invoice of em.store.list<Obj>(
      "invoice",
      (i) =>
        i.status === "open" && i.parent?.subscription_details?.subscription === subscription.id,
    )) {
      invoice.next_payment_attempt = null;
      em.store.put(invoice);
    }
  }
  em.store.put(subscription);
  em.webhooks.emit(
    status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated",
    subscription,
    { previous: { ...alsoChanged, status: previous } },
  );
}

/** A new invoice and PaymentIntent for one period of a subscription. */
export function createSubscriptionInvoice(
  em: Emulator,
  subscription: Obj,
  reason: "subscription_create" | "subscription_cycle",
) {
  const item = subscription.items.data[0] as Obj;
  const amount = (item.price.unit_amount as number) * ((item.quantity as number) ?? 1);
  const now = em.store.now();
  const invoiceId = newId("in");
  const pct = subscription.application_fee_percent as number | null;
  const owner = em.store.ownerOf(subscription.id);
  const fee = pct == null ? null : Math.round((amount * pct) / 100);
  const destination =
    (subscription.transfer_data as { destination?: string } | null)?.destination ?? null;
  const invoice: Obj = {
    id: invoiceId,
    object: "invoice",
    account_country: "US",
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    billing_reason: reason,
    collection_method: "charge_automatically",
    created: now,
    currency: "usd",
    customer: subscription.customer,
    customer_email: em.store.get<Obj>(subscription.customer as string)?.email ?? null,
    description: null,
    hosted_invoice_url: `${em.baseUrl}/invoices/${invoiceId}`,
    lines: {
      object: "list",
      data: [
        {
          id: newId("il"),
          object: "line_item",
          amount,
          currency: "usd",
          description: `1 × ${String(item.price.nickname ?? "Subscription")}`,
          period: { start: item.current_period_start, end: item.current_period_end },
          parent: {
            type: "subscription_item_details",
            subscription_item_details: {
              subscription: subscription.id,
              subscription_item: item.id,
              proration: false,
              invoice_item: null,
            },
          },
          pricing: {
            type: "price_details",
            price_details: { price: item.price.id, product: item.price.product },
            unit_amount_decimal: String(item.price.unit_amount),
          },
          quantity: item.quantity ?? 1,
        },
      ],
      has_more: false,
      url: `/v1/invoices/${invoiceId}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `EMU-${String(em.store.count("invoice") + 1).padStart(5, "0")}`,
    on_behalf_of: subscription.on_behalf_of ?? null,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: {
        subscription: subscription.id,
        metadata: subscription.metadata ?? {},
      },
    },
    period_end: item.current_period_end,
    period_start: item.current_period_start,
    status: amount === 0 ? "paid" : "open",
    status_transitions: {
      finalized_at: now,
      marked_uncollectible_at: null,
      paid_at: amount === 0 ? now : null,
      voided_at: null,
    },
    subtotal: amount,
    total: amount,
    test_clock: null,
  };
  if (amount > 0) {
    const pi = createPaymentIntent(
      em,
      {
        amount,
        customer: subscription.customer as string,
        // Stripe puts the subscription's (or customer's) default card on the invoice's payment.
        paymentMethod: defaultPaymentMethodOf(em, subscription),
        invoice: invoiceId,
        destination,
        applicationFeeAmount: destination || owner ? fee : null,
        onBehalfOf: (subscription.on_behalf_of as string | null) ?? null,
      },
      owner,
    );
    invoice._payment_intent = pi.id;
  }
  em.store.put(invoice, owner);
  subscription.latest_invoice = invoiceId;
  em.store.put(subscription);
  return invoice;
}

export function defaultPaymentMethodOf(em: Emulator, subscription: Obj): string | null {
  if (subscription.default_payment_method) return subscription.default_payment_method as string;
  const customer = em.store.get<Obj>(subscription.customer as string, "customer");
  return (customer?.invoice_settings?.default_payment_method as string | null) ?? null;
}

const isCollectable = (s: Obj) => s.status === "active" || s.status === "past_due";

/** Charges an invoice off-session with the subscription's default card. */
export function collectInvoice(em: Emulator, invoice: Obj) {
  const subscription = subscriptionOfInvoice(em, invoice);
  const pi = invoice._payment_intent
    ? em.store.get<Obj>(invoice._payment_intent as string)
    : undefined;
  if (!subscription || !pi || !isCollectable(subscription)) {
    invoice.next_payment_attempt = null;
    em.store.put(invoice);
    return;
  }
  const pm = defaultPaymentMethodOf(em, subscription);
  if (!pm) {
    invoiceFailed(em, invoice);
    return;
  }
  attemptPayment(em, pi, pm, true);
}
