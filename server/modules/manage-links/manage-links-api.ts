import {
  manageLinksRequestSchema,
  manageLinksResponseSchema,
} from "../../../contracts/manage-links";
import {
  declareRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { manageLinks } from "../../http/route-limits";

export const requestManageLinksRoute = declareRoute({
  method: "post",
  path: "/api/public/manage-links",
  summary: '"Lost your link?": mail a self-service link for each subscription of an address',
  description:
    "Answers the same whatever the address, before looking anything up, so nobody can learn who subscribes.",
  tags: ["manage-links"],
  access: "public",
  limit: limitedBy(
    manageLinks,
    "Sends e-mail; the mailer also caps unsolicited mail per mailbox (ADR 023).",
  ),
  request: { body: jsonBody(manageLinksRequestSchema) },
  responses: {
    200: jsonResponse(manageLinksResponseSchema, "The same message whatever the address"),
    ...errorResponses(400, 415, 429),
  },
});

export const manageLinksApi = [requestManageLinksRoute];
