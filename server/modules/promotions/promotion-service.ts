import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import {
  type CreatePromoCodeInput,
  describeDiscount,
  discountedCents,
  type PromoCode,
  type PromoCodeCheck,
  type PromoDiscount,
  promoCodeTextSchema,
} from "../../../contracts/promotions";
import type { Db } from "../../db/client";
import { isStripeMissing, toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import type { OfferingRow } from "../offerings/offering-repository";
import {
  countActivePromoCodesOfCreator,
  countUsesOfCodes,
  deactivatePromoCode,
  findPromoCodeByText,
  findPromoCodeOfCreator,
  insertPromoCode,
  isPromoCodeForOffering,
  listOfferingsOfCodes,
  listOfferingsOfCreator,
  listPromoCodesOfCreator,
  type PromoCodeRow,
} from "./promotion-repository";

export interface PromotionDeps {
  db: Db;
  stripe: Stripe;
}

/** A creator's active codes: at most this many, each a Stripe coupon on the platform's account. */
const MAX_PROMO_CODES_PER_CREATOR = 100;

const PROMO_CODE_MESSAGES = {
  unknown: "That code isn't valid for this subscription. Check it and try again.",
  inactive: "That code is no longer active.",
  notForOffering: "That code doesn't apply to this subscription.",
  expired: "That code has expired.",
  usedUp: "That code has been used as many times as it can be.",
} as const;

function discountOf(row: PromoCodeRow): PromoDiscount {
  return {
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    duration: row.duration,
    durationInMonths: row.durationInMonths,
  };
}

/** The last second of the expiry day, UTC: Stripe's `redeem_by`. */
function redeemByOf(expiresOn: string): number {
  return Math.floor(Date.parse(`${expiresOn}T23:59:59Z`) / 1000);
}

function couponParams(
  id: string,
  input: CreatePromoCodeInput,
  products: string[],
  userId: string,
): Stripe.CouponCreateParams {
  return {
    id,
    name: input.code,
    ...(input.kind === "percent"
      ? { percent_off: input.percentOff }
      : { amount_off: input.amountOffCents, currency: "usd" }),
    duration: input.duration,
    ...(input.duration === "repeating" ? { duration_in_months: input.durationInMonths } : {}),
    ...(input.expiresOn ? { redeem_by: redeemByOf(input.expiresOn) } : {}),
    ...(input.maxRedemptions ? { max_redemptions: input.maxRedemptions } : {}),
    applies_to: { products },
    metadata: { regulars_user_id: userId },
  };
}

async function toPromoCodes(db: Db, rows: PromoCodeRow[]): Promise<PromoCode[]> {
  const ids = rows.map((row) => row.id);
  const [offeringsByCode, usesByCode] = await Promise.all([
    listOfferingsOfCodes(db, ids),
    countUsesOfCodes(db, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    duration: row.duration,
    durationInMonths: row.durationInMonths,
    expiresOn: row.expiresOn,
    maxRedemptions: row.maxRedemptions,
    timesUsed: usesByCode.get(row.id) ?? 0,
    isActive: row.isActive,
    offerings: offeringsByCode.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listPromoCodes(deps: PromotionDeps, userId: string) {
  return toPromoCodes(deps.db, await listPromoCodesOfCreator(deps.db, userId));
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The coupon first, under an id chosen here, then the rows in one transaction: a retry after
 * a failure in between finds the coupon it made. A coupon left by a request that failed for
 * good is deleted, so nothing redeemable stays behind without its code.
 */
export async function createPromoCode(
  deps: PromotionDeps,
  userId: string,
  input: CreatePromoCodeInput,
): Promise<PromoCode> {
  if (input.expiresOn && input.expiresOn < todayUtc()) {
    throw new AppError("validation_failed", "Expiry date can't be in the past.");
  }
  if (await findPromoCodeByText(deps.db, userId, input.code)) {
    throw new AppError("conflict", `You already have a code ${input.code}. Choose another.`);
  }
  if ((await countActivePromoCodesOfCreator(deps.db, userId)) >= MAX_PROMO_CODES_PER_CREATOR) {
    throw new AppError(
      "conflict",
      `You can have at most ${MAX_PROMO_CODES_PER_CREATOR} active codes. Deactivate one you no longer use first.`,
    );
  }
  const offeringIds = [...new Set(input.offeringIds)];
  const owned = await listOfferingsOfCreator(deps.db, userId, offeringIds);
  if (owned.length !== offeringIds.length) {
    throw new AppError("validation_failed", "Choose subscriptions from your own list.");
  }
  const products = owned.flatMap((offering) =>
    offering.stripeProductId ? [offering.stripeProductId] : [],
  );
  const id = randomUUID();
  const stripeCouponId = `rg_${id.replaceAll("-", "")}`;
  const coupon = await deps.stripe.coupons
    .create(couponParams(stripeCouponId, input, products, userId))
    .catch((error: unknown) => {
      // Stripe's clock is the judge (a test clock may be ahead of ours).
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === "redeem_by") {
        throw new AppError("validation_failed", "Expiry date can't be in the past.", {
          cause: error,
        });
      }
      throw toAppError(error, "Could not create the code with Stripe. Please try again.");
    });
  const row = await insertPromoCode(
    deps.db,
    {
      id,
      userId,
      code: input.code,
      percentOff: input.kind === "percent" ? (input.percentOff ?? null) : null,
      amountOffCents: input.kind === "amount" ? (input.amountOffCents ?? null) : null,
      duration: input.duration,
      durationInMonths: input.duration === "repeating" ? (input.durationInMonths ?? null) : null,
      expiresOn: input.expiresOn ?? null,
      maxRedemptions: input.maxRedemptions ?? null,
      stripeCouponId: coupon.id,
    },
    offeringIds,
  ).catch(async (error: unknown) => {
    await deps.stripe.coupons.del(coupon.id).catch(() => undefined);
    throw error;
  });
  if (!row) {
    // The same text was taken by a request that ran at the same time.
    await deps.stripe.coupons.del(coupon.id).catch(() => undefined);
    throw new AppError("conflict", `You already have a code ${input.code}. Choose another.`);
  }
  const [promoCode] = await toPromoCodes(deps.db, [row]);
  return promoCode!;
}

/**
 * No new sign-up can use it: Stripe's coupon is deleted, which keeps the discounts it already
 * gave (subscribers keep theirs, as Stripe does).
 */
export async function deactivateCode(
  deps: PromotionDeps,
  userId: string,
  promoCodeId: string,
): Promise<PromoCode> {
  const row = await findPromoCodeOfCreator(deps.db, userId, promoCodeId);
  if (!row) throw new AppError("not_found", "That code was not found.");
  await deps.stripe.coupons.del(row.stripeCouponId).catch((error: unknown) => {
    if (isStripeMissing(error)) return;
    throw toAppError(error, "Could not deactivate the code with Stripe. Please try again.");
  });
  const updated = await deactivatePromoCode(deps.db, userId, promoCodeId);
  if (!updated) throw new AppError("not_found", "That code was not found.");
  const [promoCode] = await toPromoCodes(deps.db, [updated]);
  return promoCode!;
}

/**
 * The code a customer typed for an offering, checked: it must be the offering creator's,
 * active, made for this offering, and still redeemable by Stripe's account of it (its clock
 * and its count: Stripe decides expiry and use limits, so test clocks move past them too).
 */
export async function resolvePromoCode(
  deps: PromotionDeps,
  offering: Pick<OfferingRow, "id" | "userId">,
  typed: string,
): Promise<PromoCodeRow> {
  const parsed = promoCodeTextSchema.safeParse(typed);
  if (!parsed.success) throw new AppError("validation_failed", PROMO_CODE_MESSAGES.unknown);
  const row = await findPromoCodeByText(deps.db, offering.userId, parsed.data);
  if (!row) throw new AppError("validation_failed", PROMO_CODE_MESSAGES.unknown);
  if (!row.isActive) throw new AppError("validation_failed", PROMO_CODE_MESSAGES.inactive);
  if (!(await isPromoCodeForOffering(deps.db, row.id, offering.id))) {
    throw new AppError("validation_failed", PROMO_CODE_MESSAGES.notForOffering);
  }
  const coupon = await deps.stripe.coupons.retrieve(row.stripeCouponId).catch((error: unknown) => {
    if (isStripeMissing(error))
      throw new AppError("validation_failed", PROMO_CODE_MESSAGES.inactive);
    throw toAppError(error, "We couldn't check that code just now. Please try again.");
  });
  if (!coupon.valid) {
    const usedUp =
      coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions;
    throw new AppError(
      "validation_failed",
      usedUp ? PROMO_CODE_MESSAGES.usedUp : PROMO_CODE_MESSAGES.expired,
    );
  }
  return row;
}

export function promoCodeCheck(offering: OfferingRow, row: PromoCodeRow): PromoCodeCheck {
  const discount = discountOf(row);
  return {
    code: row.code,
    priceCents: offering.priceCents,
    cadence: offering.cadence,
    discountedCents: discountedCents(offering.priceCents, discount),
    ...discount,
    summary: describeDiscount(discount),
  };
}
