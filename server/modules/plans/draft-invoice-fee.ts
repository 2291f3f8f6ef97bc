import type Stripe from "stripe";
import { applicationFeeCents, subscriptionPriceOfInvoice } from "../../../contracts/plans";
import type { Db } from "../../db/client";
import { isUuid, SUBSCRIPTION_METADATA } from "../billing/subscription-metadata";
import { findOfferingById } from "../offerings/offering-repository";
import { planInForceAt } from "./plan-period-repository";

export type DraftFeeOutcome = "set" | "not_ours" | "not_draft";

/**
 * ADR 037's first mechanism: a renewal waits as a draft after `invoice.created`; its fee is set
 * to the creator's plan in force when the invoice was made, on its amount due, whatever the
 * subscription's percentage says. This is what keeps a renewal from ever being charged at a
 * plan the creator no longer has. The webhook is answered only after Stripe took the amount,
 * so a failure is retried by Stripe inside its wait.
 */
export async function setDraftInvoiceFee(
  deps: { db: Db; stripe: Stripe },
  invoiceId: string,
): Promise<DraftFeeOutcome> {
  // Events are pointers: the invoice as it is now.
  const invoice = await deps.stripe.invoices.retrieve(invoiceId);
  if (invoice.status !== "draft") return "not_draft";
  const offeringId =
    invoice.parent?.subscription_details?.metadata?.[SUBSCRIPTION_METADATA.offeringId];
  const offering = isUuid(offeringId) ? await findOfferingById(deps.db, offeringId) : null;
  // Not a creator's subscription (the platform's own plan invoices, another integration's).
  if (!offering) return "not_ours";
  const plan = await planInForceAt(deps.db, offering.userId, new Date(invoice.created * 1000));
  // The subscription's percentage of what is due, as Stripe would take it (ADR 037, amended).
  const fee = applicationFeeCents(plan, invoice.amount_due, subscriptionPriceOfInvoice(invoice));
  await deps.stripe.invoices.update(
    invoice.id!,
    { application_fee_amount: fee },
    { idempotencyKey: `${invoice.id}:fee:${plan}:${fee}` },
  );
  return "set";
}
