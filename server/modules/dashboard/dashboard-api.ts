import { analyticsSchema, earningsSchema, overviewSchema } from "../../../contracts/dashboard";
import {
  declareRoute,
  errorResponses,
  jsonResponse,
  limitedBy,
} from "../../http/route-declaration";
import { creatorStripe, databaseOnly } from "../../http/route-limits";

export const overviewRoute = declareRoute({
  method: "get",
  path: "/api/dashboard/overview",
  summary: "The Overview tab's tiles: monthly revenue, offerings and subscribers",
  tags: ["dashboard"],
  access: "creator",
  limit: databaseOnly,
  responses: {
    200: jsonResponse(overviewSchema, "The overview"),
    ...errorResponses(401),
  },
});

export const analyticsRoute = declareRoute({
  method: "get",
  path: "/api/dashboard/analytics",
  summary: "The Analytics tab: revenue, growth, each offering's performance, business metrics",
  description: "Each figure is defined in docs/metrics.md.",
  tags: ["dashboard"],
  access: "creator",
  limit: databaseOnly,
  responses: {
    200: jsonResponse(analyticsSchema, "The analytics"),
    ...errorResponses(401),
  },
});

export const earningsRoute = declareRoute({
  method: "get",
  path: "/api/dashboard/earnings",
  summary: "The Earnings tab: the connected account's balance and the recent payments",
  description: "A balance Stripe can't give is logged and shown as zero, never an error.",
  tags: ["dashboard"],
  access: "creator",
  limit: limitedBy(
    creatorStripe,
    "Reads the connected account's balance from Stripe each time the earnings tab loads.",
  ),
  responses: {
    200: jsonResponse(earningsSchema, "The earnings"),
    ...errorResponses(401, 429),
  },
});

export const dashboardApi = [overviewRoute, analyticsRoute, earningsRoute];
