import { z } from "zod";
import {
  invitationResponseSchema,
  joinWaitlistResponseSchema,
  joinWaitlistSchema,
  readInvitationSchema,
  waitlistEntrySchema,
  waitlistSchema,
} from "../../../contracts/waitlist";
import {
  declareRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { databaseOnly, subscribe, subscriberLink } from "../../http/route-limits";
import { offeringParams } from "../offerings/offering-api";

export const joinWaitlistRoute = declareRoute({
  method: "post",
  path: "/api/public/waitlist",
  summary: "Join a full (or out-of-area) offering's waitlist",
  description:
    "Answers the same whether or not the address was already waiting; never tells the list's length.",
  tags: ["waitlist"],
  access: "public",
  limit: limitedBy(subscribe, "Shares the subscribe count: a form anyone can post."),
  request: { body: jsonBody(joinWaitlistSchema) },
  responses: {
    201: jsonResponse(joinWaitlistResponseSchema, "On the list"),
    ...errorResponses(400, 404, 409, 415, 429),
  },
});

export const readInvitationRoute = declareRoute({
  method: "post",
  path: "/api/public/waitlist/invitation",
  summary: "A waitlist invitation's details, from the secret in its link",
  description: "POST, so the secret never sits in a URL.",
  tags: ["waitlist"],
  access: "public",
  limit: limitedBy(subscriberLink, "Looks up a secret: counted like self-service links."),
  request: { body: jsonBody(readInvitationSchema) },
  responses: {
    200: jsonResponse(invitationResponseSchema, "The invitation"),
    ...errorResponses(400, 404, [410, "The invitation lapsed or was used."], 415, 429),
  },
});

const entryParams = offeringParams.extend({
  entryId: z.uuid({ error: "That person is not on this subscription's waitlist." }),
});

export const getWaitlistRoute = declareRoute({
  method: "get",
  path: "/api/offerings/{id}/waitlist",
  summary: "An offering's waitlist, in order, and the seats free now",
  tags: ["waitlist"],
  access: "creator",
  limit: databaseOnly,
  request: { params: offeringParams },
  responses: {
    200: jsonResponse(waitlistSchema, "The waitlist"),
    ...errorResponses(400, 401, 404, 429),
  },
});

export const removeWaitlistEntryRoute = declareRoute({
  method: "delete",
  path: "/api/offerings/{id}/waitlist/{entryId}",
  summary: "Take someone off the waitlist (an invitation they held goes to the next person)",
  tags: ["waitlist"],
  access: "creator",
  limit: databaseOnly,
  request: { params: entryParams },
  responses: {
    204: { description: "Removed" },
    ...errorResponses(400, 401, 404, 429),
  },
});

export const inviteWaitlistEntryRoute = declareRoute({
  method: "post",
  path: "/api/offerings/{id}/waitlist/{entryId}/invite",
  summary: "Invite someone now into a free seat, ahead of the order",
  tags: ["waitlist"],
  access: "creator",
  limit: databaseOnly,
  request: { params: entryParams },
  responses: {
    200: jsonResponse(z.object({ entry: waitlistEntrySchema }), "Invited"),
    ...errorResponses(
      400,
      401,
      404,
      [409, "No seat is free, or their address is outside the area."],
      429,
    ),
  },
});

export const waitlistApi = [
  joinWaitlistRoute,
  readInvitationRoute,
  getWaitlistRoute,
  removeWaitlistEntryRoute,
  inviteWaitlistEntryRoute,
];
