import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { invalid } from "../core/errors";
import { newId, PLATFORM_BALANCE, type Stored } from "../core/state";

/** What Stripe charges the platform for a dispute, returned when it is won. */
const DISPUTE_FEE_CENTS = 1500;

/**
 * The customer's bank disputes a charge (test card 4000 0000 0000 0259 does this right after
 * it succeeds, as on Stripe): the amount and the dispute fee leave the balance of whoever
 * holds the charge (the platform, for a destination charge), the charge is marked disputed,
 * and `charge.dispute.created` and `charge.dispute.funds_withdrawn` are sent.
 */
export function createDispute(em: Emulator, charge: Stored<"charge">): Stored<"dispute"> {
  const now = em.store.now();
  const owner = em.store.ownerOf(charge.id);
  const amount = (charge.amount as number) - (charge.amount_refunded as number);
  // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
  const dispute: Stripe.Dispute = {
    id: newId("dp"),
    object: "dispute",
    amount,
    balance_transactions: [],
    charge: charge.id,
    created: now,
    currency: "usd",
    enhanced_eligibility_types: [],
    // Nothing submitted yet: every evidence field is empty, as on a new Stripe dispute.
    evidence: {
      access_activity_log: null,
      billing_address: null,
      cancellation_policy: null,
      cancellation_policy_disclosure: null,
      cancellation_rebuttal: null,
      customer_communication: null,
      customer_email_address: null,
      customer_name: null,
      customer_purchase_ip: null,
      customer_signature: null,
      duplicate_charge_documentation: null,
      duplicate_charge_explanation: null,
      duplicate_charge_id: null,
      enhanced_evidence: {},
      product_description: null,
      receipt: null,
      refund_policy: null,
      refund_policy_disclosure: null,
      refund_refusal_explanation: null,
      service_date: null,
      service_documentation: null,
      shipping_address: null,
      shipping_carrier: null,
      shipping_date: null,
      shipping_documentation: null,
      shipping_tracking_number: null,
      uncategorized_file: null,
      uncategorized_text: null,
    },
    evidence_details: {
      due_by: now + 7 * 86_400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: (charge.payment_intent as string | null) ?? null,
    payment_method_details: {
      type: "card",
      card: { brand: "visa", case_type: "chargeback", network_reason_code: "4837" },
    } as Stripe.Dispute.PaymentMethodDetails,
    reason: "fraudulent",
    status: "needs_response",
  };
  em.store.balance(owner ?? PLATFORM_BALANCE).available -= amount + DISPUTE_FEE_CENTS;
  charge.disputed = true;
  em.store.put(charge);
  const stored = em.store.put(dispute, owner);
  em.store.save();
  em.webhooks.emit("charge.dispute.created", stored);
  em.webhooks.emit("charge.dispute.funds_withdrawn", stored);
  return stored;
}

/**
 * Emulator control: the bank decides. Won gives the amount and the fee back
 * (`charge.dispute.funds_reinstated`); either way `charge.dispute.closed` is sent.
 */
export function closeDispute(em: Emulator, id: string, outcome: "won" | "lost"): Stored<"dispute"> {
  const dispute = em.store.get(id, "dispute");
  if (!dispute) throw invalid("id", `No such dispute: '${id}'`);
  if (dispute.status === "won" || dispute.status === "lost")
    throw invalid("id", `Dispute ${id} is already closed (${dispute.status}).`);
  const owner = em.store.ownerOf(dispute.id);
  dispute.status = outcome;
  if (outcome === "won") {
    em.store.balance(owner ?? PLATFORM_BALANCE).available +=
      (dispute.amount as number) + DISPUTE_FEE_CENTS;
  }
  const stored = em.store.put(dispute);
  em.store.save();
  if (outcome === "won") em.webhooks.emit("charge.dispute.funds_reinstated", stored);
  em.webhooks.emit("charge.dispute.closed", stored);
  return stored;
}
