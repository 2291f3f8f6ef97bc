import { z } from "zod";
import {
  createOfferingSchema,
  liveSubscriberCountSchema,
  offeringListSchema,
  offeringResponseSchema,
  setOfferingStatusSchema,
  updateOfferingSchema,
} from "../../../contracts/offerings";
import { idempotencyKeyHeaderSchema } from "../../http/params";
import {
  declareRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { creatorStripe, databaseOnly } from "../../http/route-limits";

/** `{id}` of every `/api/offerings/{id}…` route, the waitlist's included. */
export const offeringParams = z.object({
  id: z.uuid({ error: "That subscription was not found." }),
});

export const listOfferingsRoute = declareRoute({
  method: "get",
  path: "/api/offerings",
  summary: "The creator's offerings, newest first",
  tags: ["offerings"],
  access: "creator",
  limit: databaseOnly,
  responses: {
    200: jsonResponse(offeringListSchema, "The offerings"),
    ...errorResponses(401, 429),
  },
});

export const createOfferingRoute = declareRoute({
  method: "post",
  path: "/api/offerings",
  summary: "Create an offering (a product and a monthly price at Stripe)",
  description:
    "Send a fresh Idempotency-Key per submit attempt, and the same one on its retries: a retry or a double click then creates one offering, and answers as the first did.",
  tags: ["offerings"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Creates a product and a price at Stripe."),
  request: {
    headers: idempotencyKeyHeaderSchema,
    body: jsonBody(createOfferingSchema),
  },
  responses: {
    201: jsonResponse(offeringResponseSchema, "The new offering"),
    ...errorResponses(
      400,
      401,
      [409, "The same key was used with other details, or its first request is still running."],
      415,
      429,
    ),
  },
});

export const updateOfferingRoute = declareRoute({
  method: "patch",
  path: "/api/offerings/{id}",
  summary: "Change an offering's title, description or price",
  tags: ["offerings"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Updates the product at Stripe; a new price replaces the old."),
  request: { params: offeringParams, body: jsonBody(updateOfferingSchema) },
  responses: {
    200: jsonResponse(offeringResponseSchema, "The offering as changed"),
    ...errorResponses(400, 401, 404, 415, 429),
  },
});

export const liveSubscriberCountRoute = declareRoute({
  method: "get",
  path: "/api/offerings/{id}/live-subscribers",
  summary: "How many live subscribers deactivating would concern",
  tags: ["offerings"],
  access: "creator",
  limit: databaseOnly,
  request: { params: offeringParams },
  responses: {
    200: jsonResponse(liveSubscriberCountSchema, "The count"),
    ...errorResponses(401, 404),
  },
});

export const setOfferingStatusRoute = declareRoute({
  method: "patch",
  path: "/api/offerings/{id}/status",
  summary: "Activate or deactivate an offering",
  description:
    "Deactivating stops new sign-ups; `liveSubscribers: cancel_at_period_end` also ends each live subscription at the end of its period.",
  tags: ["offerings"],
  access: "creator",
  limit: limitedBy(
    creatorStripe,
    "Deactivating can cancel every live subscription of the offering at Stripe.",
  ),
  request: { params: offeringParams, body: jsonBody(setOfferingStatusSchema) },
  responses: {
    200: jsonResponse(offeringResponseSchema, "The offering as changed"),
    ...errorResponses(400, 401, 404, 415, 429),
  },
});

export const offeringApi = [
  listOfferingsRoute,
  createOfferingRoute,
  updateOfferingRoute,
  liveSubscriberCountRoute,
  setOfferingStatusRoute,
];
