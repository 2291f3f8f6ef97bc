import { type PromoCodeCheck, promoCodeCheckResponseSchema } from "@contracts/promotions";
import { apiRequest } from "@/lib/api-client";

/**
 * "Have a code?": what the typed code does to this offering's price. A code that can't be used
 * is a 400 whose message says why (wrong, expired, used up, no longer active, another offering).
 */
export function checkPromoCode(input: {
  customUrl: string;
  code: string;
}): Promise<PromoCodeCheck> {
  return apiRequest("/api/public/promo-codes/check", {
    method: "POST",
    body: input,
    schema: promoCodeCheckResponseSchema,
  });
}
