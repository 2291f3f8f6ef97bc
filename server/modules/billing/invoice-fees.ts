import type Stripe from "stripe";
import { type PlanId, planById } from "../../../contracts/plans";
import type { Db } from "../../db/client";
import { paymentIntentIdOf } from "../../integrations/stripe/invoice-payment-intent";
import { listPlanPeriods } from "../plans/plan-period-repository";
import { planAt } from "../plans/plan-timeline";
import { findRecordedInvoiceIds } from "./billing-repository";

/** What a payment cost its creator: the fee Stripe took, and the plan it was taken under. */
export interface PaymentFee {
  feeCents: number;
  /** The plan's own percentage (Professional's is 0; its fee is processing passed through). */
  feePercent: number;
  plan: PlanId;
}

/**
 * The fee of each paid invoice not yet in the earnings (ADR 037): what Stripe actually took on
 * its PaymentIntent, never recomputed from a percentage, beside the creator's plan in force when
 * the invoice was made. Stripe is asked only about new payments: one call each, usually one.
 */
export async function feesOfNewPayments(
  deps: { db: Db; stripe: Stripe },
  userId: string,
  invoices: Stripe.Invoice[],
): Promise<Map<string, PaymentFee>> {
  const fees = new Map<string, PaymentFee>();
  if (invoices.length === 0) return fees;
  const recorded = await findRecordedInvoiceIds(
    deps.db,
    invoices.map((invoice) => invoice.id!),
  );
  const timeline = (await listPlanPeriods(deps.db, [userId])).get(userId);
  for (const invoice of invoices) {
    if (recorded.has(invoice.id!)) continue;
    const intentId = paymentIntentIdOf(invoice);
    // Paid without a charge (a code took it to $0): nothing was taken.
    const intent = intentId ? await deps.stripe.paymentIntents.retrieve(intentId) : null;
    const plan = planAt(timeline, new Date(invoice.created * 1000));
    fees.set(invoice.id!, {
      feeCents: intent?.application_fee_amount ?? 0,
      feePercent: planById(plan).feePercent,
      plan,
    });
  }
  return fees;
}
