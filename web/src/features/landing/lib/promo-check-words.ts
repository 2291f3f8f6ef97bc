import { formatCadencePrice } from "@contracts/cadence";
import { formatCents } from "@contracts/money";
import {
  describeDiscountedPrice,
  type PromoCodeCheck,
  type PromoDiscount,
} from "@contracts/promotions";

/**
 * The check's answer gives the first discounted charge and describeDiscount's summary, not the
 * coupon's terms. How long it lasts is read back from the summary's ending (the same contract
 * writes it), and the amount off from the two prices: for this one price that is the coupon,
 * whether it was a percentage or an amount.
 */
export function discountOfCheck(check: PromoCodeCheck): PromoDiscount {
  const amountOffCents = check.priceCents - check.discountedCents;
  const months = /for (\d+) months?$/.exec(check.summary);
  if (months)
    return {
      percentOff: null,
      amountOffCents,
      duration: "repeating",
      durationInMonths: Number(months[1]),
    };
  const duration = check.summary.endsWith("the first charge") ? "once" : "forever";
  return { percentOff: null, amountOffCents, duration, durationInMonths: null };
}

/** "$20.00/week for 3 months, then $25.00/week"; "$20.00 for the first charge, then …". */
export function discountedPriceSentence(check: PromoCodeCheck): string {
  return describeDiscountedPrice(check.priceCents, check.cadence, discountOfCheck(check));
}

/** What the pay button says is charged today: "$20.00/week", or "$20.00" for a one-off. */
export function firstChargeLabel(check: PromoCodeCheck): string {
  return discountOfCheck(check).duration === "once"
    ? formatCents(check.discountedCents)
    : formatCadencePrice(check.discountedCents, check.cadence);
}
