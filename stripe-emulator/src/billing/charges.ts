import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, type Stored } from "../core/state";

/**
 * What the charge says about the card: the PaymentMethod's card details plus what this
 * authorization added (amount, code, network, 3-D Secure). Fields that describe only the stored
 * card (display_brand, networks, three_d_secure_usage, generated_from) stay on the PaymentMethod.
 */
function chargeCard(
  card: Stripe.PaymentMethod.Card,
  pi: Stored<"payment_intent">,
  succeeded: boolean,
): Stripe.Charge.PaymentMethodDetails.Card {
  return {
    amount_authorized: succeeded ? pi.amount : null,
    authorization_code: succeeded ? String(100000 + Math.floor(Math.random() * 900000)) : null,
    brand: card.brand,
    checks: card.checks
      ? {
          address_line1_check: card.checks.address_line1_check,
          address_postal_code_check: card.checks.address_postal_code_check,
          cvc_check: card.checks.cvc_check,
        }
      : null,
    country: card.country,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    fingerprint: card.fingerprint ?? null,
    funding: card.funding,
    installments: null,
    last4: card.last4,
    mandate: null,
    network: card.networks?.preferred ?? card.brand,
    network_transaction_id: succeeded ? newId("ntx").slice(4) : null,
    regulated_status: card.regulated_status,
    three_d_secure: pi._authenticated
      ? {
          authentication_flow: "challenge",
          electronic_commerce_indicator: "05",
          exemption_indicator: null,
          result: "authenticated",
          result_reason: null,
          transaction_id: newId("3ds").slice(4),
          version: "2.2.0",
        }
      : null,
    wallet: null,
  };
}

/**
 * The charge behind one payment attempt, typed with the SDK's basil type. A failure carries the
 * card error's code and message, as Stripe's failed charges do.
 */
export function recordCharge(
  em: Emulator,
  pi: Stored<"payment_intent">,
  failure: { code: string | null; message: string; declineCode: string | null } | null,
): Stored<"charge"> {
  const pm = pi.payment_method
    ? em.store.get(pi.payment_method as string, "payment_method")
    : undefined;
  const succeeded = failure === null;
  const charge: Stripe.Charge = {
    id: newId("ch"),
    object: "charge",
    amount: pi.amount,
    amount_captured: succeeded ? pi.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: succeeded ? pi.application_fee_amount : null,
    balance_transaction: succeeded ? newId("txn") : null,
    billing_details: pm?.billing_details ?? {
      address: null,
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: "REGULARS",
    captured: succeeded,
    created: em.store.now(),
    currency: "usd",
    customer: pi.customer,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: pi.on_behalf_of,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: succeeded ? "approved_by_network" : "declined_by_network",
      reason: failure?.declineCode ?? null,
      risk_level: "normal",
      seller_message: succeeded
        ? "Payment complete."
        : "The bank did not return any further details with this decline.",
      type: succeeded ? "authorized" : "issuer_declined",
    },
    paid: succeeded,
    payment_intent: pi.id,
    // Stored objects hold ids; expansion happens in the response.
    payment_method: pi.payment_method as string | null,
    payment_method_details: {
      type: "card",
      card: pm?.card ? chargeCard(pm.card as Stripe.PaymentMethod.Card, pi, succeeded) : undefined,
    },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: succeeded ? "succeeded" : "failed",
    transfer_data: pi.transfer_data
      ? { amount: pi.transfer_data.amount ?? null, destination: pi.transfer_data.destination }
      : null,
    transfer_group: null,
  };
  return em.store.put(charge, em.store.ownerOf(pi.id));
}
