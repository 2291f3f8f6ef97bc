import type { SubscriberDiscount } from "@contracts/promotions";
import { formatDate } from "@/lib/format-date";

/** While a free trial runs: "Trial until Dec 11, 2026". */
export const trialUntil = (trialEndsAt: string) => `Trial until ${formatDate(trialEndsAt)}`;

/** A promo code's discount: "20% off until Mar 1, 2027", or "20% off" for good. */
export function discountWords(discount: SubscriberDiscount): string {
  return discount.endsAt
    ? `${discount.summary} until ${formatDate(discount.endsAt)}`
    : discount.summary;
}
