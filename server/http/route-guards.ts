import type { RouteConfig } from "@hono/zod-openapi";
import type { Hono, MiddlewareHandler } from "hono";
import type { Auth } from "../auth/auth";
import { loadSession, requireCreator } from "../auth/require-creator";
import { AppError } from "../lib/errors";
import type { AppEnv } from "./app-env";
import { type RouteDeclaration, type RouteFacts, routeKeyOf } from "./route-declaration";
import type { RouteLimiters } from "./route-limits";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json/i;

/**
 * Refuses a body that isn't declared JSON before the route's validator reads it, in our words
 * (the library's own gate answers a bare 415 "Unsupported Media Type"). It also keeps
 * text/plain "simple" cross-site requests (which skip CORS preflight) away from our mutations.
 */
const requireJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!JSON_TYPE.test(c.req.header("content-type") ?? "")) {
    throw new AppError(
      "unsupported_media_type",
      "Send the request body as JSON (Content-Type: application/json).",
    );
  }
  await next();
};

/** Marks what installRouteGuards puts in front of a route, so tests can tell it from handlers. */
export const ROUTE_GUARD = Symbol("route-guard");

export interface GuardDeps {
  auth: Auth;
  limiters: RouteLimiters;
  /** Whether "dev" routes answer (the payment emulator's tools); otherwise they are a 404. */
  devRoutes: boolean;
}

/**
 * What runs in front of a declared route's validators and handler, in order: the creator's
 * session (so a per-creator limit can count it), the limit (before validation: a request that
 * fails validation counts too), the access check, then the JSON gate.
 */
function guardsFor(
  declaration: RouteFacts & Pick<RouteConfig, "request">,
  deps: GuardDeps,
): MiddlewareHandler<AppEnv>[] {
  const guards: MiddlewareHandler<AppEnv>[] = [];
  const { access, limit } = declaration;
  if (access === "creator") guards.push(loadSession(deps.auth));
  if ("rule" in limit) guards.push(deps.limiters.forRule(limit.rule));
  if (access === "creator") guards.push(requireCreator());
  if (access === "dev" && !deps.devRoutes) {
    guards.push(() => {
      throw new AppError("not_found", "There is no such API endpoint.");
    });
  }
  // A webhook reads its body raw and checks its signature over the exact bytes, whatever the type.
  if (access !== "webhook" && declaration.request?.body?.content["application/json"]) {
    guards.push(requireJsonBody);
  }
  return guards.map((guard) => Object.assign(guard, { [ROUTE_GUARD]: true }));
}

/**
 * The guards of one declaration, for a router that registers its routes where they must sit
 * (a declared page behind the files that come before it: server/http/page-router.ts).
 */
export function routeGuards(deps: GuardDeps) {
  return (declaration: RouteFacts) => guardsFor(declaration, deps);
}

export type RouteGuards = ReturnType<typeof routeGuards>;

/** Installs every declaration's guards; call it before any route is mounted. */
export function installRouteGuards(
  app: Hono<AppEnv>,
  declarations: readonly RouteDeclaration[],
  deps: GuardDeps,
): void {
  for (const declaration of declarations) {
    const [method, path] = routeKeyOf(declaration).split(" ") as [string, string];
    for (const guard of guardsFor(declaration, deps)) app.on(method, path, guard);
  }
}
