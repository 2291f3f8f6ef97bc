import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import type { Stored } from "../core/state";

// What a subscription's discounts take off an invoice, and when each stops applying: `once`
// after the first invoice it discounts, `repeating` at the first renewal at or after its end,
// `forever` never.

export interface DiscountAmount {
  discount: string;
  amount: number;
  /** False when the coupon's applies_to leaves out the line's product: it takes nothing off. */
  appliesToLine: boolean;
}

const discountsOf = (em: Emulator, subscription: Stripe.Subscription) =>
  (subscription.discounts as string[]).flatMap((id) => {
    const discount = em.store.get(id, "discount");
    return discount ? [discount] : [];
  });

/**
 * What a coupon takes off a line of `amount` for `product`: nothing when its applies_to leaves
 * the product out; a percentage rounded to the nearest cent; at most the line.
 */
export function couponAmount(coupon: Stored<"coupon">, amount: number, product: string): number {
  const products = coupon._applies_to?.products;
  if (products && !products.includes(product)) return 0;
  const off =
    coupon.percent_off !== null
      ? Math.round((amount * coupon.percent_off) / 100)
      : (coupon.amount_off ?? 0);
  return Math.min(off, amount);
}

/** Whether a discount still covers an invoice whose period starts at `periodStart`. */
function covers(discount: Stripe.Discount, periodStart: number): boolean {
  return discount.end === null || periodStart < discount.end;
}

/**
 * The discounts on a subscription invoice's one line, in the subscription's order. A $0 line
 * (a trial) takes none, so a `once` coupon waits for the first paid invoice (guess from
 * Stripe's docs: "applies to the first charge"; verify in test mode). Together they never take
 * the line below zero.
 */
export function discountAmounts(
  em: Emulator,
  subscription: Stripe.Subscription,
  line: { amount: number; product: string; periodStart: number },
  /** Discounts to apply instead of the subscription's (a preview's `discounts`). */
  instead?: Stripe.Discount[],
): DiscountAmount[] {
  if (line.amount <= 0) return [];
  let remaining = line.amount;
  return (instead ?? discountsOf(em, subscription))
    .filter((discount) => covers(discount, line.periodStart))
    .map((discount) => {
      const coupon = discount.coupon as Stored<"coupon">;
      const products = coupon._applies_to?.products;
      const appliesToLine = !products || products.includes(line.product);
      const amount = Math.min(couponAmount(coupon, line.amount, line.product), remaining);
      remaining -= amount;
      return { discount: discount.id, amount, appliesToLine };
    });
}

/**
 * After an invoice: a `once` discount that discounted it (a paid one) and a `repeating` one
 * whose end the new period has reached come off the subscription, with
 * `customer.subscription.updated` naming the discounts it had.
 */
export function dropSpentDiscounts(
  em: Emulator,
  subscription: Stored<"subscription">,
  invoice: Stripe.Invoice,
) {
  const before = subscription.discounts as string[];
  const spent = new Set(
    discountsOf(em, subscription)
      .filter((discount) =>
        discount.coupon.duration === "once"
          ? // An invoice voided by a pause charged nothing: the coupon waits for a paid one.
            invoice.subtotal > 0 && invoice.status !== "void"
          : discount.end !== null && discount.end <= invoice.period_start,
      )
      .map((discount) => discount.id),
  );
  if (spent.size === 0) return;
  subscription.discounts = before.filter((id) => !spent.has(id));
  em.store.put(subscription);
  em.webhooks.emit("customer.subscription.updated", subscription, {
    previous: { discounts: before },
  });
}
