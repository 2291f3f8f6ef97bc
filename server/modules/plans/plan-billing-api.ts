import {
  changePlanSchema,
  confirmPlanSchema,
  creatorPlanSchema,
  planCardPortalSchema,
  planCardRequestSchema,
  planChangePreviewSchema,
  startPlanResponseSchema,
  startPlanSchema,
} from "../../../contracts/plan-billing";
import {
  declareRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { creatorStripe } from "../../http/route-limits";

// The creator's own plan with the platform (issue 23, ADR 038): the Account tab's plan card,
// buying a plan with a card, and changing or leaving it.

export const creatorPlanRoute = declareRoute({
  method: "get",
  path: "/api/plan",
  summary: "The creator's plan: in force now, next charge, card, scheduled change, invoices",
  tags: ["plans"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Reads the plan subscription and its invoices from Stripe."),
  responses: {
    200: jsonResponse(creatorPlanSchema, "The plan"),
    ...errorResponses(401, 429, 502),
  },
});

export const startPlanRoute = declareRoute({
  method: "post",
  path: "/api/plan/start",
  summary: "Start buying Premium or Professional with a card made by Stripe.js",
  description:
    "Makes the creator a customer of the platform (once) and an incomplete monthly subscription to the plan. The answer's clientSecret is confirmed in the browser (3-D Secure when the bank asks), then POST /api/plan/confirm records the plan. A repeat of the same attemptId is the same purchase.",
  tags: ["plans"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Creates a customer and a subscription at Stripe."),
  request: { body: jsonBody(startPlanSchema) },
  responses: {
    200: jsonResponse(startPlanResponseSchema, "The purchase, to confirm in the browser"),
    ...errorResponses(
      400,
      401,
      [402, "The card was declined."],
      [409, "A paid plan is already bought: change it instead."],
      415,
      429,
      502,
    ),
  },
});

export const confirmPlanRoute = declareRoute({
  method: "post",
  path: "/api/plan/confirm",
  summary: "Record a plan whose first charge the browser confirmed",
  description:
    "Answers the plan when its first invoice is paid. An attempt that wasn't paid is cancelled (402), so the next one starts clean.",
  tags: ["plans"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Reads, and may cancel, the plan subscription at Stripe."),
  request: { body: jsonBody(confirmPlanSchema) },
  responses: {
    200: jsonResponse(creatorPlanSchema, "The plan, now in force"),
    ...errorResponses(
      400,
      401,
      [402, "The first charge wasn't paid: nothing is in force."],
      [404, "No such purchase of this creator."],
      415,
      429,
      502,
    ),
  },
});

export const previewPlanChangeRoute = declareRoute({
  method: "post",
  path: "/api/plan/change/preview",
  summary: "What changing plan would charge now, and when it takes effect (Stripe's preview)",
  tags: ["plans"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Asks Stripe for an invoice preview."),
  request: { body: jsonBody(changePlanSchema) },
  responses: {
    200: jsonResponse(planChangePreviewSchema, "The change's terms"),
    ...errorResponses(
      400,
      401,
      [409, "No paid plan to change, or a payment is failing."],
      415,
      429,
      502,
    ),
  },
});

export const changePlanRoute = declareRoute({
  method: "post",
  path: "/api/plan/change",
  summary: "Upgrade now (prorated), downgrade or leave at the month's end, or undo that",
  tags: ["plans"],
  access: "creator",
  limit: limitedBy(
    creatorStripe,
    "Changes the plan subscription at Stripe (an upgrade is charged).",
  ),
  request: { body: jsonBody(changePlanSchema) },
  responses: {
    200: jsonResponse(creatorPlanSchema, "The plan as it now stands"),
    ...errorResponses(
      400,
      401,
      [402, "The upgrade's charge was declined: nothing changed."],
      [409, "No paid plan to change, or a payment is failing."],
      415,
      429,
      502,
    ),
  },
});

export const planCardRoute = declareRoute({
  method: "post",
  path: "/api/plan/card",
  summary: "Open Stripe's page to replace the plan's card",
  description:
    "A Stripe billing portal session for the creator as the platform's customer; it returns to the Account tab.",
  tags: ["plans"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Creates a billing portal session at Stripe."),
  request: { body: jsonBody(planCardRequestSchema) },
  responses: {
    200: jsonResponse(planCardPortalSchema, "The page to open"),
    ...errorResponses(400, 401, [409, "No paid plan, so no card."], 415, 429, 502),
  },
});

export const planBillingApi = [
  planCardRoute,
  creatorPlanRoute,
  startPlanRoute,
  confirmPlanRoute,
  previewPlanChangeRoute,
  changePlanRoute,
];
