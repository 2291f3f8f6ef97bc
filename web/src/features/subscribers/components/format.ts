import type { SubscriberDiscount } from "@contracts/promotions";

/** Dates as the creator's browser writes them; the instant itself stays in dateTime. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
  });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** While a free trial runs: "Trial until Dec 11, 2026". */
export const trialUntil = (trialEndsAt: string) => `Trial until ${formatDate(trialEndsAt)}`;

/** A promo code's discount: "20% off until Mar 1, 2027", or "20% off" for good. */
export function discountWords(discount: SubscriberDiscount): string {
  return discount.endsAt
    ? `${discount.summary} until ${formatDate(discount.endsAt)}`
    : discount.summary;
}
