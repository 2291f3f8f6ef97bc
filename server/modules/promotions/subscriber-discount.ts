import { formatCents } from "../../../contracts/money";
import type { SubscriberDiscount } from "../../../contracts/promotions";
import { discountedCents } from "../../../contracts/promotions";

interface DiscountColumns {
  priceCents: number;
  discountPercentOff: number | null;
  discountAmountOffCents: number | null;
  discountEndsAt: Date | null;
}

/**
 * A subscriber's discount for the self-service page and the creator's tools: what each charge
 * comes to and until when; null without one, or once it has ended.
 */
export function subscriberDiscountOf(
  row: DiscountColumns,
  now = new Date(),
): SubscriberDiscount | null {
  const { discountPercentOff: percentOff, discountAmountOffCents: amountOffCents } = row;
  if (percentOff === null && amountOffCents === null) return null;
  if (row.discountEndsAt && row.discountEndsAt <= now) return null;
  return {
    summary: percentOff !== null ? `${percentOff}% off` : `${formatCents(amountOffCents ?? 0)} off`,
    discountedCents: discountedCents(row.priceCents, {
      percentOff,
      amountOffCents,
      duration: "forever",
      durationInMonths: null,
    }),
    endsAt: row.discountEndsAt?.toISOString() ?? null,
  };
}
