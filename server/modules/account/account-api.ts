import { deleteAccountResponseSchema, deleteAccountSchema } from "../../../contracts/account";
import {
  declareRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { creatorStripe } from "../../http/route-limits";

export const deleteAccountRoute = declareRoute({
  method: "delete",
  path: "/api/account",
  summary: "Delete the creator's account, its catalogue and every subscription to it",
  description:
    "Asks for the User ID typed out, the password and, with two-factor authentication on, an unused code. Everything at Stripe that could still charge a customer is closed first; if that fails, nothing is deleted. Each subscriber who still had a subscription is e-mailed that the business closed it.",
  tags: ["account"],
  access: "creator",
  limit: limitedBy(
    creatorStripe,
    "Archives the catalogue and cancels every subscription at Stripe.",
  ),
  request: { body: jsonBody(deleteAccountSchema) },
  responses: {
    200: jsonResponse(deleteAccountResponseSchema, "The account is deleted"),
    ...errorResponses(
      [400, "The User ID does not match, or a field is missing or not valid."],
      401,
      [403, "The password or the two-factor code is not correct."],
      415,
      [429, "Too many requests, or too many attempts to delete this account (5 per 15 minutes)."],
      502,
    ),
  },
});

export const accountApi = [deleteAccountRoute];
