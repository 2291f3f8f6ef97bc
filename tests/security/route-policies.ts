import { apiRoutes, pageRoutes } from "../../server/api-routes";
import { pageKeyOf } from "../../server/http/page-declaration";
import { type Access, routeKeyOf } from "../../server/http/route-declaration";

/**
 * Who may call each route, from its declaration (server/api-routes.ts): the authorization
 * matrix tests each policy; the rate-limit coverage test requires a declared limit for every
 * route a stranger can call. better-auth's endpoints (under /api/auth) are its own ("auth").
 */
export type Policy = Access | "auth";

/** Every declared route's policy, keyed "METHOD path" as Hono registers it. */
export const policies: Record<string, Policy> = Object.fromEntries([
  ...apiRoutes.map((route) => [routeKeyOf(route), route.access]),
  ...pageRoutes.map((page) => [pageKeyOf(page), page.access]),
]);
