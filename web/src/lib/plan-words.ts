import { formatCents } from "@contracts/money";
import { CARD_PROCESSING, type PlanId, planById } from "@contracts/plans";

// How a platform plan's terms read, the same on the pricing page, the Account tab's plan card,
// the buy and change dialogs and the Earnings tab's payout terms (issue 23, ADR 037).

/** "2.9% + 30¢": Stripe's rate as Professional passes it through. Never wraps mid-rate. */
export const cardProcessingRate = `${CARD_PROCESSING.basisPoints / 100}%\u00a0+\u00a0${CARD_PROCESSING.fixedCents}¢`;

/** "Premium Plan": the plan's name as the Account tab heads it. */
export const planTitle = (plan: PlanId) => `${planById(plan).name} Plan`;

/** "$199.00/month"; Free is "$0.00/month". */
export const planPrice = (plan: PlanId) => `${formatCents(planById(plan).monthlyPriceCents)}/month`;

/** What the platform keeps of each payment under the plan, in a sentence. */
export function planFeeTerms(plan: PlanId): string {
  const terms = planById(plan);
  if (terms.passesProcessingThrough) {
    return `No platform fee. Card processing at Stripe's cost: ${cardProcessingRate} per charge`;
  }
  return `${terms.feePercent}% platform fee per payment; you keep ${100 - terms.feePercent}%`;
}

/** The payout terms' two figures: "95%" and "5%"; Professional's fee is "None". */
export function payoutSplit(plan: PlanId): { share: string; fee: string } {
  const terms = planById(plan);
  if (terms.passesProcessingThrough) return { share: "100%", fee: "None" };
  return { share: `${100 - terms.feePercent}%`, fee: `${terms.feePercent}%` };
}
