import { formatCadencePrice } from "@contracts/cadence";
import { formatCents } from "@contracts/money";
import { describeDiscountedPrice, type PromoCodeCheck } from "@contracts/promotions";

/** "$20.00/week for 3 months, then $25.00/week"; "$20.00 for the first charge, then …". */
export function discountedPriceSentence(check: PromoCodeCheck): string {
  return describeDiscountedPrice(check.priceCents, check.cadence, check);
}

/** What the pay button says is charged today: "$20.00/week", or "$20.00" for a one-off. */
export function firstChargeLabel(check: PromoCodeCheck): string {
  return check.duration === "once"
    ? formatCents(check.discountedCents)
    : formatCadencePrice(check.discountedCents, check.cadence);
}
