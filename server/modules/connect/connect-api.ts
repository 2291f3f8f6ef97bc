import {
  accountLinkRequestSchema,
  clientSecretResponseSchema,
  connectStatusSchema,
  noFieldsRequestSchema,
  urlResponseSchema,
} from "../../../contracts/connect";
import {
  declareRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { creatorStripe } from "../../http/route-limits";

const noAccountYet = "Set up your payment account first.";

export const getConnectStatusRoute = declareRoute({
  method: "get",
  path: "/api/connect/account",
  summary: "The creator's connected account as Stripe sees it now, or null before setup",
  tags: ["connect"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Reads the connected account from Stripe on every load."),
  responses: {
    200: jsonResponse(connectStatusSchema, "The connected account, or null"),
    ...errorResponses(401, 429, 502),
  },
});

export const createConnectAccountRoute = declareRoute({
  method: "post",
  path: "/api/connect/account",
  summary: "Create the creator's connected account at Stripe (or answer the existing one)",
  description:
    "A double click creates one account: Stripe is asked with the same idempotency key, and once the account is recorded this answers it as GET does.",
  tags: ["connect"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Creates the connected account at Stripe."),
  request: { body: jsonBody(noFieldsRequestSchema) },
  responses: {
    200: jsonResponse(connectStatusSchema, "The connected account"),
    ...errorResponses(
      400,
      401,
      [409, "The platform's own Stripe Connect profile is not complete yet."],
      415,
      429,
      502,
    ),
  },
});

export const refreshConnectStatusRoute = declareRoute({
  method: "post",
  path: "/api/connect/account/refresh",
  summary: "Read the connected account from Stripe again and store its flags",
  tags: ["connect"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Reads the connected account from Stripe."),
  request: { body: jsonBody(noFieldsRequestSchema) },
  responses: {
    200: jsonResponse(connectStatusSchema, "The connected account, or null"),
    ...errorResponses(400, 401, 415, 429, 502),
  },
});

export const createAccountLinkRoute = declareRoute({
  method: "post",
  path: "/api/connect/account-link",
  summary: "A Stripe-hosted onboarding link for the connected account",
  description:
    "`purpose: embedded` returns to a page that closes itself (the setup opened in a window); `dashboard` returns to the dashboard.",
  tags: ["connect"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Creates an account link at Stripe."),
  request: { body: jsonBody(accountLinkRequestSchema) },
  responses: {
    200: jsonResponse(urlResponseSchema, "Where to send the creator"),
    ...errorResponses(400, 401, [409, noAccountYet], 415, 429, 502),
  },
});

export const createAccountSessionRoute = declareRoute({
  method: "post",
  path: "/api/connect/account-session",
  summary: "A client secret for Stripe's embedded onboarding component",
  tags: ["connect"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Creates an account session at Stripe."),
  request: { body: jsonBody(noFieldsRequestSchema) },
  responses: {
    200: jsonResponse(clientSecretResponseSchema, "The account session's client secret"),
    ...errorResponses(400, 401, [409, noAccountYet], 415, 429, 502),
  },
});

export const createLoginLinkRoute = declareRoute({
  method: "post",
  path: "/api/connect/login-link",
  summary: "A one-time link into the creator's Stripe Express dashboard",
  tags: ["connect"],
  access: "creator",
  limit: limitedBy(creatorStripe, "Creates a login link at Stripe."),
  request: { body: jsonBody(noFieldsRequestSchema) },
  responses: {
    200: jsonResponse(urlResponseSchema, "The dashboard link"),
    ...errorResponses(
      400,
      401,
      [409, "The payment account is not set up, or its setup is not complete."],
      415,
      429,
      502,
    ),
  },
});

export const connectApi = [
  getConnectStatusRoute,
  createConnectAccountRoute,
  refreshConnectStatusRoute,
  createAccountLinkRoute,
  createAccountSessionRoute,
  createLoginLinkRoute,
];
