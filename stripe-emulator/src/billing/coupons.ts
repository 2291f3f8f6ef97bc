import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { noSuch, StripeApiError } from "../core/errors";
import { newId, type Stored } from "../core/state";
import { addInterval } from "./periods";

// Coupons and the discounts they give: validity on the emulator's clock, redemption (which
// counts towards max_redemptions) and the Discount object a redemption makes.

export interface NewCoupon {
  id: string | null;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: Stripe.Coupon.Duration;
  durationInMonths: number | null;
  maxRedemptions: number | null;
  redeemBy: number | null;
  products: string[] | null;
  name: string | null;
  metadata: Record<string, string>;
}

/** Stripe's generated coupon ids are eight letters and digits. */
function generatedId(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join("");
}

export function newCoupon(em: Emulator, input: NewCoupon): Stored<"coupon"> {
  // Typed with the SDK's own basil type, so the shape cannot drift from Stripe's.
  const coupon: Stripe.Coupon = {
    id: input.id ?? generatedId(),
    object: "coupon",
    amount_off: input.amountOff,
    created: em.store.now(),
    currency: input.currency,
    duration: input.duration,
    duration_in_months: input.durationInMonths,
    livemode: false,
    max_redemptions: input.maxRedemptions,
    metadata: input.metadata,
    name: input.name,
    percent_off: input.percentOff,
    redeem_by: input.redeemBy,
    times_redeemed: 0,
    valid: true,
  };
  return input.products ? { ...coupon, _applies_to: { products: input.products } } : coupon;
}

/** Whether the coupon can still be redeemed, by the emulator's clock and its use count. */
function isRedeemable(em: Emulator, coupon: Stripe.Coupon): boolean {
  if (coupon.redeem_by !== null && coupon.redeem_by <= em.store.now()) return false;
  return coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions;
}

/** The coupon with `valid` as of now (the clock may have moved past redeem_by since). */
export function currentCoupon(em: Emulator, coupon: Stored<"coupon">): Stored<"coupon"> {
  const valid = isRedeemable(em, coupon);
  if (coupon.valid === valid) return coupon;
  coupon.valid = valid;
  return em.store.put(coupon);
}

/**
 * The coupon named at `param`, checked for a new redemption. A deleted coupon is gone, as on
 * Stripe. The message for an expired or used-up coupon follows what Stripe's API has long said
 * ("Coupon expired: X") for both (guess: check the used-up wording in test mode).
 */
export function requireRedeemable(
  em: Emulator,
  id: string,
  param: string,
  account: string | null,
): Stored<"coupon"> {
  const coupon = em.store.find(id, "coupon", account);
  if (!coupon)
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "resource_missing",
      param,
      message: `No such coupon: '${id}'`,
    });
  if (!isRedeemable(em, coupon))
    throw new StripeApiError(400, {
      type: "invalid_request_error",
      code: "coupon_expired",
      param,
      message: `Coupon expired: ${id}`,
    });
  return coupon;
}

/** A redemption: the coupon counts one more use, and a Discount carries its terms from now on. */
export function redeemCoupon(
  em: Emulator,
  coupon: Stored<"coupon">,
  on: { customer: string | null; subscription: string | null; checkoutSession: string | null },
  account: string | null,
): Stored<"discount"> {
  coupon.times_redeemed += 1;
  coupon.valid = isRedeemable(em, coupon);
  em.store.put(coupon);
  const start = em.store.now();
  const discount: Stripe.Discount = {
    id: newId("di"),
    object: "discount",
    checkout_session: on.checkoutSession,
    // The coupon as it was redeemed: deleting it later leaves this discount working.
    coupon: { ...coupon },
    customer: on.customer,
    end:
      coupon.duration === "repeating" && coupon.duration_in_months
        ? addInterval(start, "month", coupon.duration_in_months, start)
        : null,
    invoice: null,
    invoice_item: null,
    promotion_code: null,
    start,
    subscription: on.subscription,
    subscription_item: null,
  };
  return em.store.put(discount, account);
}

/** Undoes a redemption whose subscription was not made after all. */
export function unredeem(em: Emulator, discountId: string) {
  const discount = em.store.get(discountId, "discount");
  if (!discount) return;
  const coupon = em.store.get(discount.coupon.id, "coupon");
  if (coupon) {
    coupon.times_redeemed = Math.max(0, coupon.times_redeemed - 1);
    coupon.valid = isRedeemable(em, coupon);
    em.store.put(coupon);
  }
  em.store.remove(discountId);
}

export function requireCoupon(em: Emulator, id: string, account: string | null) {
  const coupon = em.store.find(id, "coupon", account);
  if (!coupon) throw noSuch("coupon", id);
  return currentCoupon(em, coupon);
}
