import type { z } from "zod";
import { customerPortalSchema } from "../../../contracts/customer-portal";
import {
  emptyRequestSchema,
  pauseRequestSchema,
  portalInvoicesSchema,
  switchPreviewRequestSchema,
  switchPreviewSchema,
  switchRequestSchema,
} from "../../../contracts/subscription-control";
import {
  declareRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { subscriberAction } from "../../http/route-limits";
import { subscriberLinkParams } from "../customer-portal/customer-portal-api";

// What a customer controls from the self-service link (issue 21, ADR 033). Every change goes
// to Stripe first; the answer is the page's data as it now stands.

const changesAtStripe = (what: string) =>
  limitedBy(subscriberAction, `${what} at Stripe, and e-mails the customer and the business.`);

/** A change to the subscription: the page's data afterwards, or why it can't be done. */
function controlRoute<P extends string, B extends z.ZodType>(
  path: P,
  summary: string,
  body: B,
  what: string,
) {
  return declareRoute({
    method: "post",
    path,
    summary,
    tags: ["customer-portal"],
    access: "subscriber-link",
    limit: changesAtStripe(what),
    request: { params: subscriberLinkParams, body: jsonBody(body) },
    responses: {
      200: jsonResponse(customerPortalSchema, "The subscription as it now stands"),
      ...errorResponses(400, 404, 409, 415, 429, 502),
    },
  });
}

export const resumeSubscriptionRoute = controlRoute(
  "/api/public/customers/{customUrl}/{manageKey}/resume",
  "Resume a subscription set to end at its period's end",
  emptyRequestSchema,
  "Clears cancel_at_period_end",
);

export const pauseSubscriptionRoute = controlRoute(
  "/api/public/customers/{customUrl}/{manageKey}/pause",
  "Pause for some periods or until a date (one period skips the next visit)",
  pauseRequestSchema,
  "Sets pause_collection (void, resumes_at)",
);

export const endPauseRoute = controlRoute(
  "/api/public/customers/{customUrl}/{manageKey}/pause/end",
  "End a pause now: the next renewal is charged",
  emptyRequestSchema,
  "Clears pause_collection",
);

export const switchOfferingRoute = controlRoute(
  "/api/public/customers/{customUrl}/{manageKey}/switch",
  "Move to another offering of the same business, as previewed",
  switchRequestSchema,
  "Changes the subscription's price (an upgrade is charged now, prorated)",
);

export const previewSwitchRoute = declareRoute({
  method: "post",
  path: "/api/public/customers/{customUrl}/{manageKey}/switch/preview",
  summary: "What moving to another offering would charge, and when, from Stripe's preview",
  tags: ["customer-portal"],
  access: "subscriber-link",
  limit: limitedBy(subscriberAction, "Asks Stripe for an invoice preview."),
  request: { params: subscriberLinkParams, body: jsonBody(switchPreviewRequestSchema) },
  responses: {
    200: jsonResponse(switchPreviewSchema, "The switch's charge now and from the next renewal"),
    ...errorResponses(400, 404, 409, 415, 429, 502),
  },
});

export const listPortalInvoicesRoute = declareRoute({
  method: "get",
  path: "/api/public/customers/{customUrl}/{manageKey}/invoices",
  summary: "The subscription's invoices, newest first, with their pages at Stripe",
  tags: ["customer-portal"],
  access: "subscriber-link",
  limit: limitedBy(subscriberAction, "Lists the subscription's invoices at Stripe."),
  request: { params: subscriberLinkParams },
  responses: {
    200: jsonResponse(portalInvoicesSchema, "Paid, due, skipped and void invoices"),
    ...errorResponses(404, 429, 502),
  },
});

export const subscriptionControlApi = [
  resumeSubscriptionRoute,
  pauseSubscriptionRoute,
  endPauseRoute,
  previewSwitchRoute,
  switchOfferingRoute,
  listPortalInvoicesRoute,
];
