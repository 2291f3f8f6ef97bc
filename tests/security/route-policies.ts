import { apiRoutes } from "../../server/api-routes";
import { type Access, routeKeyOf } from "../../server/http/route-declaration";

/**
 * Who may call each API route. The authorization matrix tests each policy; the rate-limit
 * coverage test requires a declared limit for every route a stranger can call. A declared route
 * (server/api-routes.ts) states its own `access`; the table below holds the routes of modules
 * not yet converted to declarations, and shrinks as they are.
 */
export type Policy = Access | "auth";

/** Routes not yet declared; a new route fails the test until it has a policy. */
const undeclaredPolicies: Record<string, Policy> = {
  "GET /api/dev/outbox": "dev",
  "GET /api/dashboard/overview": "creator",
  "GET /api/dashboard/analytics": "creator",
  "GET /api/dashboard/earnings": "creator",
  "GET /api/subscribers": "creator",
  "GET /api/subscribers/export/subscribers.csv": "creator",
  "GET /api/subscribers/export/payments.csv": "creator",
  "GET /api/subscribers/:id": "creator",
  "GET /api/subscribers/:id/payments": "creator",
  "POST /api/subscribers/:id/cancel": "creator",
  "POST /api/subscribers/:id/payments/:earningId/refund": "creator",
};

/** Every API route's policy: the declared routes' own, and the table's. */
export const policies: Record<string, Policy> = {
  ...undeclaredPolicies,
  ...Object.fromEntries(apiRoutes.map((route) => [routeKeyOf(route), route.access])),
};
