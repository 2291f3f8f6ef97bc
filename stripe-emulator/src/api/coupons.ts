import type Stripe from "stripe";
import { currentCoupon, newCoupon, requireCoupon } from "../billing/coupons";
import type { ParamShape, Route } from "../core/context";
import { alreadyExists, invalid, missing } from "../core/errors";
import {
  createdRange,
  metadataOf,
  optionalArray,
  optionalInt,
  optionalNumber,
  optionalObject,
  optionalString,
  type Params,
} from "../core/params";
import { PAGE_PARAMS } from "./list-params";

const DURATIONS: readonly string[] = ["once", "repeating", "forever"];

/** `discounts[i]`: a coupon, an existing discount, or a promotion code (not emulated). */
export const discountsShape: ParamShape = { coupon: true, discount: true, promotion_code: true };

/**
 * The `discounts` param: undefined when absent, [] when sent empty (which removes them all, as
 * on Stripe), else each entry's coupon or discount.
 */
export function discountsParam(params: Params): Array<{ coupon?: string; discount?: string }> {
  if (params.discounts === "") return [];
  return (optionalArray(params, "discounts") ?? []).map((raw, i) => {
    const entry = (raw ?? {}) as Record<string, unknown>;
    if (entry.promotion_code !== undefined)
      throw invalid(
        `discounts[${i}][promotion_code]`,
        "The emulator does not emulate promotion codes: pass discounts[][coupon].",
      );
    const coupon = entry.coupon === undefined ? undefined : String(entry.coupon);
    const discount = entry.discount === undefined ? undefined : String(entry.discount);
    if (coupon !== undefined && discount !== undefined)
      throw invalid(
        `discounts[${i}]`,
        "You may only specify one of these parameters: coupon, discount, promotion_code.",
      );
    if (!coupon && !discount) throw missing(`discounts[${i}][coupon]`);
    return coupon ? { coupon } : { discount };
  });
}

/** What POST /v1/coupons asks for, checked as Stripe checks it. */
function readCoupon(em: Parameters<Route["handle"]>[0], params: Params) {
  const id = optionalString(params, "id") ?? null;
  if (id !== null && !/^[\w\-.]{1,200}$/.test(id))
    throw invalid("id", "Invalid coupon id: use letters, digits, -, . and _.");
  const percentOff = optionalNumber(params, "percent_off") ?? null;
  const amountOff = optionalInt(params, "amount_off") ?? null;
  if (percentOff !== null && amountOff !== null)
    throw invalid(
      "percent_off",
      "You may only specify one of these parameters: amount_off, percent_off.",
    );
  if (percentOff === null && amountOff === null)
    throw invalid("percent_off", "You must pass either amount_off or percent_off.");
  if (percentOff !== null && (percentOff <= 0 || percentOff > 100))
    throw invalid(
      "percent_off",
      "Invalid percent_off: must be greater than 0 and less than or equal to 100.",
    );
  if (amountOff !== null && amountOff < 1)
    throw invalid("amount_off", `Invalid positive integer: ${amountOff}`);
  const currency = optionalString(params, "currency")?.toLowerCase() ?? null;
  if (amountOff !== null && currency === null)
    throw invalid("currency", "You must pass currency when passing amount_off.");
  const duration = optionalString(params, "duration") ?? "once";
  if (!DURATIONS.includes(duration))
    throw invalid("duration", "Invalid duration: must be one of forever, once, or repeating");
  const months = optionalInt(params, "duration_in_months") ?? null;
  if (duration === "repeating" && months === null)
    throw invalid(
      "duration_in_months",
      "You must pass duration_in_months when duration is repeating.",
    );
  if (duration !== "repeating" && months !== null)
    throw invalid(
      "duration_in_months",
      "duration_in_months can only be set when duration is repeating.",
    );
  if (months !== null && months < 1)
    throw invalid("duration_in_months", `Invalid positive integer: ${months}`);
  const maxRedemptions = optionalInt(params, "max_redemptions") ?? null;
  if (maxRedemptions !== null && maxRedemptions < 1)
    throw invalid("max_redemptions", `Invalid positive integer: ${maxRedemptions}`);
  const redeemBy = optionalInt(params, "redeem_by") ?? null;
  if (redeemBy !== null && redeemBy <= em.store.now())
    throw invalid(
      "redeem_by",
      "Invalid timestamp: must be an integer Unix timestamp in the future.",
    );
  const appliesTo = optionalObject(params, "applies_to");
  const products = appliesTo ? (optionalArray(appliesTo, "products") ?? []).map(String) : null;
  const name = optionalString(params, "name") ?? null;
  if (name !== null && name.length > 40)
    throw invalid("name", "Invalid name: must be at most 40 characters.");
  return {
    id,
    percentOff,
    amountOff,
    currency: amountOff !== null ? currency : null,
    duration: duration as Stripe.Coupon.Duration,
    durationInMonths: months,
    maxRedemptions,
    redeemBy,
    products,
    name,
    metadata: metadataOf(params),
  };
}

const COUPON_PATH = "/v1/coupons/:id{[\\w\\-.]+}";

export const couponRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/coupons",
    allowed: [
      "id",
      "percent_off",
      "amount_off",
      "currency",
      "currency_options",
      "duration",
      "duration_in_months",
      "max_redemptions",
      "redeem_by",
      "applies_to",
      "name",
      "metadata",
      "expand",
    ],
    nested: { applies_to: { products: true }, currency_options: "any" },
    handle: (em, { params, account }) => {
      const input = readCoupon(em, params);
      // Any object under that id blocks it: the emulator keys every object by its id.
      if (input.id !== null && em.store.get(input.id))
        throw alreadyExists("id", "Coupon already exists.");
      return em.store.put(newCoupon(em, input), account);
    },
  },
  {
    method: "GET",
    path: COUPON_PATH,
    allowed: ["expand"],
    handle: (em, { account }, path) => requireCoupon(em, path.id, account),
  },
  {
    method: "POST",
    path: COUPON_PATH,
    allowed: ["name", "metadata", "currency_options", "expand"],
    nested: { currency_options: "any" },
    handle: (em, { params, account }, path) => {
      const coupon = requireCoupon(em, path.id, account);
      if (params.name !== undefined) coupon.name = optionalString(params, "name") ?? null;
      if (params.metadata !== undefined) {
        const merged: Record<string, string> = { ...coupon.metadata, ...metadataOf(params) };
        coupon.metadata = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== ""));
      }
      return em.store.put(coupon);
    },
  },
  {
    method: "DELETE",
    path: COUPON_PATH,
    allowed: [],
    handle: (em, { account }, path) => {
      // Discounts already given carry their own copy of the coupon and keep working.
      const coupon = requireCoupon(em, path.id, account);
      em.store.remove(coupon.id);
      return { id: coupon.id, object: "coupon", deleted: true };
    },
  },
  {
    method: "GET",
    path: "/v1/coupons",
    allowed: ["created", ...PAGE_PARAMS],
    handle: (em, { params, account }) =>
      em.store
        .listFor("coupon", account, undefined, createdRange(params))
        .map((coupon) => currentCoupon(em, coupon)),
  },
];
