import { describeDiscount, type PromoCode } from "@contracts/promotions";

// How the Promotions list reads one code.

const expiryFormat = new Intl.DateTimeFormat(undefined, {
  year: "numeric",
  month: "short",
  day: "numeric",
  // The expiry is a calendar day (UTC), not an instant: read it in UTC so it never shifts a day.
  timeZone: "UTC",
});

/** "20% off for 3 months". */
export const promoSummary = (promo: PromoCode) => describeDiscount(promo);

/** "Until Mar 31, 2027", or "No expiry". */
export function promoExpiry(promo: PromoCode): string {
  if (!promo.expiresOn) return "No expiry";
  return `Until ${expiryFormat.format(new Date(`${promo.expiresOn}T00:00:00Z`))}`;
}

/** "0 uses", "1 use", "3 of 10 uses". */
export function promoUses(promo: PromoCode): string {
  const noun = (count: number) => (count === 1 ? "use" : "uses");
  if (promo.maxRedemptions === null) return `${promo.timesUsed} ${noun(promo.timesUsed)}`;
  return `${promo.timesUsed} of ${promo.maxRedemptions} ${noun(promo.maxRedemptions)}`;
}

export type PromoStatus = "active" | "inactive" | "expired" | "used_up";

/** Active, unless deactivated, past its last day, or used as often as it may be. */
export function promoStatus(promo: PromoCode, today = new Date()): PromoStatus {
  if (!promo.isActive) return "inactive";
  if (promo.expiresOn && promo.expiresOn < today.toISOString().slice(0, 10)) return "expired";
  if (promo.maxRedemptions !== null && promo.timesUsed >= promo.maxRedemptions) return "used_up";
  return "active";
}

/** "Lawn Care, Dog Walks" */
export const promoAppliesTo = (promo: PromoCode) =>
  promo.offerings.map((offering) => offering.title).join(", ");
