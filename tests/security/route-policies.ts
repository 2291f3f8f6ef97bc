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
const undeclaredPolicies: Record<string, Policy> = {};

/** Every API route's policy: the declared routes' own, and the table's. */
export const policies: Record<string, Policy> = {
  ...undeclaredPolicies,
  ...Object.fromEntries(apiRoutes.map((route) => [routeKeyOf(route), route.access])),
};
