import {
  businessNameResponseSchema,
  notificationSettingsSchema,
  updateBusinessNameSchema,
  updateNotificationSettingsSchema,
} from "../../../contracts/profile";
import { declareRoute, errorResponses, jsonBody, jsonResponse } from "../../http/route-declaration";
import { databaseOnly } from "../../http/route-limits";

const noProfileYet: [409, string] = [409, "Onboarding is not finished: there is no profile yet."];

export const updateBusinessNameRoute = declareRoute({
  method: "patch",
  path: "/api/profile/business-name",
  summary: "Rename the business, and the creator on every offering with it",
  tags: ["profile"],
  access: "creator",
  limit: databaseOnly,
  request: { body: jsonBody(updateBusinessNameSchema) },
  responses: {
    200: jsonResponse(businessNameResponseSchema, "The business name as stored"),
    ...errorResponses(400, 401, noProfileYet, 415),
  },
});

export const getNotificationSettingsRoute = declareRoute({
  method: "get",
  path: "/api/profile/notifications",
  summary: "Which e-mails the creator gets (each on until switched off)",
  tags: ["profile"],
  access: "creator",
  limit: databaseOnly,
  responses: {
    200: jsonResponse(notificationSettingsSchema, "The notification switches"),
    ...errorResponses(401),
  },
});

export const updateNotificationSettingsRoute = declareRoute({
  method: "patch",
  path: "/api/profile/notifications",
  summary: "Switch any of the creator's e-mails on or off; the others keep their value",
  tags: ["profile"],
  access: "creator",
  limit: databaseOnly,
  request: { body: jsonBody(updateNotificationSettingsSchema) },
  responses: {
    200: jsonResponse(notificationSettingsSchema, "The notification switches as changed"),
    ...errorResponses(400, 401, noProfileYet, 415),
  },
});

export const profileApi = [
  updateBusinessNameRoute,
  getNotificationSettingsRoute,
  updateNotificationSettingsRoute,
];
