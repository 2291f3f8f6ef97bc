import { z } from "zod";
import { isCustomUrlShape } from "../../../contracts/custom-url";
import { publicOfferingResponseSchema } from "../../../contracts/landing";
import { checkPromoCodeSchema, promoCodeCheckResponseSchema } from "../../../contracts/promotions";
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  finalizeSubscriptionResponseSchema,
  finalizeSubscriptionSchema,
  startFreeSubscriptionResponseSchema,
  startFreeSubscriptionSchema,
  startSubscriptionResponseSchema,
  startSubscriptionSchema,
} from "../../../contracts/subscribe";
import {
  declareRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { publicRead, subscribe, subscribeFinalize } from "../../http/route-limits";

const SUBSCRIPTION_NOT_FOUND = "Subscription Not Found";

export const publicOfferingRoute = declareRoute({
  method: "get",
  path: "/api/public/offerings/{customUrl}",
  summary: "An active offering's landing page data",
  tags: ["subscribe"],
  access: "public-offering",
  limit: limitedBy(
    publicRead,
    "Landing pages' data: generous, a person never gets near 10 a second; served from a one-second cache.",
  ),
  request: {
    params: z.object({
      customUrl: z.string().refine(isCustomUrlShape, { error: SUBSCRIPTION_NOT_FOUND }),
    }),
  },
  responses: {
    200: jsonResponse(publicOfferingResponseSchema, "The offering"),
    ...errorResponses([404, "No active offering at that address."], 429),
  },
});

const createsStripeObjects =
  "Creates Stripe objects (a customer, a subscription or a Checkout Session). Declined cards are limited far tighter on their own (card-attempt-limits.ts).";

export const startSubscriptionRoute = declareRoute({
  method: "post",
  path: "/api/public/subscribe",
  summary: "Subscribe with a card (steps 1–3: customer, card, incomplete subscription)",
  description:
    "Idempotent per `attemptId`: a retry of the same attempt answers as the first did. Confirm the payment with the client secret, then call finalize.",
  tags: ["subscribe"],
  access: "public",
  limit: limitedBy(subscribe, createsStripeObjects),
  request: { body: jsonBody(startSubscriptionSchema) },
  responses: {
    201: jsonResponse(startSubscriptionResponseSchema, "The subscription, awaiting payment"),
    ...errorResponses(400, 402, 404, 409, 410, 415, 429, 502),
  },
});

export const startFreeSubscriptionRoute = declareRoute({
  method: "post",
  path: "/api/public/subscribe/free",
  summary: "Subscribe to a free ($0.00) offering: no card, recorded at once",
  description: "Idempotent per `attemptId`.",
  tags: ["subscribe"],
  access: "public",
  limit: limitedBy(subscribe, createsStripeObjects),
  request: { body: jsonBody(startFreeSubscriptionSchema) },
  responses: {
    201: jsonResponse(startFreeSubscriptionResponseSchema, "The new subscriber"),
    ...errorResponses(400, 404, 409, 410, 415, 429, 502),
  },
});

export const finalizeSubscriptionRoute = declareRoute({
  method: "post",
  path: "/api/public/subscribe/finalize",
  summary: "Record a card subscription once its first payment is confirmed",
  tags: ["subscribe"],
  access: "public",
  limit: limitedBy(
    subscribeFinalize,
    "Reads the subscription from Stripe; called once per attempt (twice on a lost answer).",
  ),
  request: { body: jsonBody(finalizeSubscriptionSchema) },
  responses: {
    200: jsonResponse(finalizeSubscriptionResponseSchema, "The new subscriber"),
    ...errorResponses(400, 402, 404, 409, 415, 429, 502),
  },
});

export const checkoutRoute = declareRoute({
  method: "post",
  path: "/api/public/checkout",
  summary: "Start a Stripe Checkout Session for an offering",
  tags: ["subscribe"],
  access: "public",
  limit: limitedBy(subscribe, createsStripeObjects),
  request: { body: jsonBody(checkoutRequestSchema) },
  responses: {
    200: jsonResponse(checkoutResponseSchema, "Where to send the customer"),
    ...errorResponses(400, 404, 409, 410, 415, 429, 502),
  },
});

export const checkPromoCodeRoute = declareRoute({
  method: "post",
  path: "/api/public/promo-codes/check",
  summary: "Check a promo code for an offering: the price before and after, and how long",
  tags: ["subscribe"],
  access: "public",
  limit: limitedBy(
    subscribe,
    "Reads the code's coupon at Stripe; shares the subscribe count, so guessing codes is as slow as subscribing.",
  ),
  request: { body: jsonBody(checkPromoCodeSchema) },
  responses: {
    200: jsonResponse(promoCodeCheckResponseSchema, "What the code does"),
    ...errorResponses(
      [400, "The code is wrong, expired, used up, inactive or not for this offering."],
      404,
      409,
      415,
      429,
      502,
    ),
  },
});

export const subscribeApi = [
  publicOfferingRoute,
  startSubscriptionRoute,
  startFreeSubscriptionRoute,
  finalizeSubscriptionRoute,
  checkoutRoute,
  checkPromoCodeRoute,
];
