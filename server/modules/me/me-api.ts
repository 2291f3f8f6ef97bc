import { meSchema } from "../../../contracts/me";
import { declareRoute, errorResponses, jsonResponse } from "../../http/route-declaration";
import { databaseOnly } from "../../http/route-limits";

export const getMeRoute = declareRoute({
  method: "get",
  path: "/api/me",
  summary: "The signed-in creator and their business profile (null before onboarding)",
  tags: ["me"],
  access: "creator",
  limit: databaseOnly,
  responses: {
    200: jsonResponse(meSchema, "The creator and their profile"),
    ...errorResponses(401),
  },
});

export const meApi = [getMeRoute];
