import { z } from "zod";
import {
  createPromoCodeSchema,
  promoCodeListSchema,
  promoCodeResponseSchema,
  setPromoCodeActiveSchema,
} from "../../../contracts/promotions";
import {
  declareRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { creatorStripe, databaseOnly } from "../../http/route-limits";

const promoCodeParams = z.object({ id: z.uuid({ error: "That code was not found." }) });

export const listPromoCodesRoute = declareRoute({
  method: "get",
  path: "/api/promo-codes",
  summary: "The creator's promo codes, newest first, with how often each was used",
  tags: ["promotions"],
  access: "creator",
  limit: databaseOnly,
  responses: {
    200: jsonResponse(promoCodeListSchema, "The codes"),
    ...errorResponses(401, 429),
  },
});

export const createPromoCodeRoute = declareRoute({
  method: "post",
  path: "/api/promo-codes",
  summary: "Create a promo code (a Stripe coupon limited to the chosen offerings)",
  tags: ["promotions"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Creates a coupon at Stripe."),
  request: { body: jsonBody(createPromoCodeSchema) },
  responses: {
    201: jsonResponse(promoCodeResponseSchema, "The new code"),
    ...errorResponses(
      400,
      401,
      [409, "The creator already has a code with that text."],
      415,
      429,
      502,
    ),
  },
});

export const deactivatePromoCodeRoute = declareRoute({
  method: "patch",
  path: "/api/promo-codes/{id}",
  summary: "Deactivate a promo code: no new sign-up can use it; subscribers keep their discount",
  tags: ["promotions"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Deletes the coupon at Stripe."),
  request: { params: promoCodeParams, body: jsonBody(setPromoCodeActiveSchema) },
  responses: {
    200: jsonResponse(promoCodeResponseSchema, "The code as changed"),
    ...errorResponses(400, 401, 404, 415, 429, 502),
  },
});

export const promotionApi = [listPromoCodesRoute, createPromoCodeRoute, deactivatePromoCodeRoute];
