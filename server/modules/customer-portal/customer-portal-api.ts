import { z } from "zod";
import { isCustomUrlShape } from "../../../contracts/custom-url";
import {
  billingPortalRequestSchema,
  billingPortalResponseSchema,
  cancelSubscriptionRequestSchema,
  cancelSubscriptionResponseSchema,
  customerPortalSchema,
  emailChangeOutcomeSchema,
  emailChangeTokenRequestSchema,
  newManageLinkRequestSchema,
  newManageLinkResponseSchema,
  updateServiceAddressResponseSchema,
  updateServiceAddressSchema,
  updateSubscriberEmailResponseSchema,
  updateSubscriberEmailSchema,
} from "../../../contracts/customer-portal";
import {
  declareRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { subscriberAction, subscriberLink } from "../../http/route-limits";
import { SUBSCRIPTION_NOT_FOUND } from "./customer-portal-service";

/** The link's two parts from the path: anything that can't be one is "not found" at once. */
export const subscriberLinkParams = z.object({
  customUrl: z.string().refine(isCustomUrlShape, { error: SUBSCRIPTION_NOT_FOUND }),
  manageKey: z.uuid({ error: SUBSCRIPTION_NOT_FOUND }),
});

const changesSomething =
  "Changes something at Stripe or sends e-mail: an e-mail change asks the new address to confirm and tells the old one, confirming updates the Stripe customer, a new link or an undo mails the new link.";

export const customerPortalRoute = declareRoute({
  method: "get",
  path: "/api/public/customers/{customUrl}/{manageKey}",
  summary: "The self-service page's data: the subscriber and their offering",
  tags: ["customer-portal"],
  access: "subscriber-link",
  limit: limitedBy(
    subscriberLink,
    "The manage key is a bearer secret (a v4 UUID), the read is the database's. The server-drawn self-service page counts in the same bucket (createApp passes this rule to the web shell).",
  ),
  request: { params: subscriberLinkParams },
  responses: {
    200: jsonResponse(customerPortalSchema, "The subscription the link manages"),
    ...errorResponses([404, "No such link, or its offering is no longer active."], 429),
  },
});

export const updateSubscriberEmailRoute = declareRoute({
  method: "patch",
  path: "/api/public/customers/{customUrl}/{manageKey}/email",
  summary: "Ask to change the subscriber's e-mail; the new address must confirm it",
  tags: ["customer-portal"],
  access: "subscriber-link",
  limit: limitedBy(subscriberAction, changesSomething),
  request: { params: subscriberLinkParams, body: jsonBody(updateSubscriberEmailSchema) },
  responses: {
    200: jsonResponse(updateSubscriberEmailResponseSchema, "The change waiting for confirmation"),
    ...errorResponses(400, 404, 409, 415, 429, 502),
  },
});

export const updateServiceAddressRoute = declareRoute({
  method: "put",
  path: "/api/public/customers/{customUrl}/{manageKey}/address",
  summary: "Change where the service happens (inside the service area); the business is e-mailed",
  tags: ["customer-portal"],
  access: "subscriber-link",
  limit: limitedBy(subscriberAction, changesSomething),
  request: { params: subscriberLinkParams, body: jsonBody(updateServiceAddressSchema) },
  responses: {
    200: jsonResponse(updateServiceAddressResponseSchema, "The address as saved"),
    ...errorResponses(
      400,
      404,
      [409, "Not on-site, ended, or outside the service area."],
      415,
      429,
      502,
    ),
  },
});

export const newManageLinkRoute = declareRoute({
  method: "post",
  path: "/api/public/customers/{customUrl}/{manageKey}/new-link",
  summary: "Replace the self-service link; the old one stops working",
  tags: ["customer-portal"],
  access: "subscriber-link",
  limit: limitedBy(subscriberAction, changesSomething),
  request: { params: subscriberLinkParams, body: jsonBody(newManageLinkRequestSchema) },
  responses: {
    200: jsonResponse(newManageLinkResponseSchema, "The new link's key"),
    ...errorResponses(400, 404, 415, 429),
  },
});

/** Confirming and undoing an e-mail change: the same request and answers, from different links. */
function emailChangeLinkRoute<P extends string>(path: P, summary: string) {
  return declareRoute({
    method: "post",
    path,
    summary,
    description: "The token mailed for the change is the whole authorization (32 random bytes).",
    tags: ["customer-portal"],
    access: "public",
    limit: limitedBy(subscriberAction, changesSomething),
    request: { body: jsonBody(emailChangeTokenRequestSchema) },
    responses: {
      200: jsonResponse(emailChangeOutcomeSchema, "Where the subscription is managed from now on"),
      ...errorResponses(400, 404, 409, 415, 429, 502),
    },
  });
}

export const confirmEmailChangeRoute = emailChangeLinkRoute(
  "/api/public/email-changes/confirm",
  "Confirm an e-mail change from the link mailed to the new address",
);

export const undoEmailChangeRoute = emailChangeLinkRoute(
  "/api/public/email-changes/undo",
  "Undo an e-mail change from the link mailed to the old address",
);

export const createBillingPortalRoute = declareRoute({
  method: "post",
  path: "/api/create-billing-portal",
  summary: "Open Stripe's billing portal for the subscriber of a self-service link",
  tags: ["customer-portal"],
  access: "subscriber-link",
  limit: limitedBy(subscriberAction, "Creates a billing portal session at Stripe."),
  request: { body: jsonBody(billingPortalRequestSchema) },
  responses: {
    200: jsonResponse(billingPortalResponseSchema, "Where to send the customer"),
    ...errorResponses(400, 404, 409, 415, 429, 502),
  },
});

export const cancelSubscriptionRoute = declareRoute({
  method: "post",
  path: "/api/cancel-subscription",
  summary: "Cancel the subscription of a self-service link",
  tags: ["customer-portal"],
  access: "subscriber-link",
  limit: limitedBy(subscriberAction, "Cancels the subscription at Stripe."),
  request: { body: jsonBody(cancelSubscriptionRequestSchema) },
  responses: {
    200: jsonResponse(cancelSubscriptionResponseSchema, "Cancelled"),
    ...errorResponses(400, 404, 409, 415, 429, 502),
  },
});

export const customerPortalApi = [
  customerPortalRoute,
  updateSubscriberEmailRoute,
  updateServiceAddressRoute,
  newManageLinkRoute,
  confirmEmailChangeRoute,
  undoEmailChangeRoute,
  createBillingPortalRoute,
  cancelSubscriptionRoute,
];
