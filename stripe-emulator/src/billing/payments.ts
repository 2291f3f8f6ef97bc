import type Stripe from "stripe";
import { declineOf, outcomeOf } from "../core/card-rules";
import { cardDeclineError, cardError, declinedError } from "../core/cards";
import type { Emulator } from "../core/context";
import type { StripeApiError } from "../core/errors";
import { newId, publicView, type Stored } from "../core/state";
import { recordCharge } from "./charges";
import { createDispute } from "./disputes";
import { invoiceFailed, invoicePaid } from "./invoice-payments";
import { moveMoney } from "./money";

// PaymentIntents: creation, attempts with Stripe's test cards, success and failure.

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
): Stored<"payment_intent"> {
  const id = newId("pi");
  // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
  const intent: Stripe.PaymentIntent = {
    id,
    object: "payment_intent",
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: input.applicationFeeAmount,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
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
    payment_method_configuration_details: null,
    payment_method_options: {
      card: {
        installments: null,
        mandate_options: null,
        network: null,
        request_three_d_secure: "automatic",
      },
    },
    payment_method_types: ["card"],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.paymentMethod ? "requires_confirmation" : "requires_payment_method",
    transfer_data: input.destination ? { destination: input.destination } : null,
    transfer_group: null,
  };
  return em.store.put({ ...intent, _invoice: input.invoice }, account);
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
  pi: Stored<"payment_intent">,
  paymentMethodId: string,
  offSession: boolean,
): ChargeResult {
  const pm = em.store.get(paymentMethodId, "payment_method");
  pi.payment_method = paymentMethodId;
  if (!pm)
    return fail(em, pi, cardError("card_declined", "Your card was declined.", "generic_decline"));
  const decline = declineOf(pm._number as string);
  if (decline) return fail(em, pi, cardDeclineError(decline));
  const outcome = outcomeOf(pm._number as string);
  if (outcome === "fails_when_charged") return fail(em, pi, declinedError());
  const needs3ds = outcome === "requires_3ds" || outcome === "requires_3ds_always";
  if (outcome === "requires_3ds_always" && offSession)
    // Stripe's "always authenticate" card cannot be charged without the customer (guess at the
    // PaymentIntent's state: Stripe may leave it requires_action; the emulator fails it).
    return fail(
      em,
      pi,
      cardError(
        "authentication_required",
        "Your card was declined. This transaction requires authentication.",
        "authentication_required",
      ),
    );
  if (needs3ds && !offSession && !pi._authenticated) {
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

function fail(em: Emulator, pi: Stored<"payment_intent">, error: StripeApiError): ChargeResult {
  const charge = recordCharge(em, pi, {
    code: error.body.code ?? null,
    message: error.body.message,
    declineCode: error.body.decline_code ?? null,
  });
  pi.latest_charge = charge.id;
  pi.status = "requires_payment_method";
  pi.next_action = null;
  // Only card errors come here (declines); their codes are Stripe's own.
  pi.last_payment_error = {
    type: "card_error",
    code: error.body.code as Stripe.PaymentIntent.LastPaymentError.Code | undefined,
    decline_code: error.body.decline_code,
    message: error.body.message,
    charge: charge.id,
    doc_url: error.body.doc_url as string | undefined,
    payment_method: publicPm(em, pi.payment_method as string | null) ?? undefined,
  };
  em.store.put(pi);
  em.webhooks.emit("payment_intent.payment_failed", pi);
  error.body.charge = charge.id;
  error.body.payment_intent = publicView(pi);
  error.body.payment_method = publicPm(em, pi.payment_method as string | null);
  const invoice = pi._invoice ? em.store.get(pi._invoice as string, "invoice") : undefined;
  if (invoice) invoiceFailed(em, invoice);
  return { status: "failed", error };
}

function publicPm(em: Emulator, id: string | null) {
  if (!id) return null;
  const pm = em.store.get(id, "payment_method");
  return pm ? (publicView(pm) as Stripe.PaymentMethod) : null;
}

/** The 3-D Secure challenge was failed: the PaymentIntent needs another payment method. */
export function failAuthentication(em: Emulator, pi: Stored<"payment_intent">) {
  pi.status = "requires_payment_method";
  pi.next_action = null;
  pi.last_payment_error = {
    type: "invalid_request_error",
    code: "payment_intent_authentication_failure",
    doc_url: "https://stripe.com/docs/error-codes/payment-intent-authentication-failure",
    message:
      "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
    payment_method: publicPm(em, pi.payment_method as string | null) ?? undefined,
  };
  em.store.put(pi);
  em.webhooks.emit("payment_intent.payment_failed", pi);
  const invoice = pi._invoice ? em.store.get(pi._invoice as string, "invoice") : undefined;
  if (invoice) invoiceFailed(em, invoice);
}

export function succeed(em: Emulator, pi: Stored<"payment_intent">) {
  pi.status = "succeeded";
  pi.next_action = null;
  pi.last_payment_error = null;
  pi.amount_received = pi.amount;
  const charge = recordCharge(em, pi, null);
  pi.latest_charge = charge.id;
  em.store.put(pi);
  moveMoney(em, pi);
  em.webhooks.emit("payment_intent.succeeded", pi);
  const invoice = pi._invoice ? em.store.get(pi._invoice as string, "invoice") : undefined;
  if (invoice) invoicePaid(em, invoice, pi);
  const pm = pi.payment_method
    ? em.store.get(pi.payment_method as string, "payment_method")
    : undefined;
  if (pm && outcomeOf(pm._number as string) === "disputed") createDispute(em, charge);
}
