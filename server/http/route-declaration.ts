import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { z } from "zod";
import { apiErrorSchema } from "../../contracts/api-error";
import type { Exemption, LimitRule, RouteLimit } from "./route-limits";

/**
 * Who may call a route. createApp installs the check for "creator" (a session, else 401) and
 * "dev" (only with the payment emulator, else 404); the others are open at the edge and say
 * what the handler checks: a public offering's custom URL, a subscriber's manage key, Stripe's
 * signature. tests/security/authorization-matrix.test.ts tests each policy.
 */
export type Access =
  | "creator"
  | "public-offering"
  | "subscriber-link"
  | "public"
  | "webhook"
  | "dev";

/** A limit and why it is that one. */
export interface Limited {
  rule: LimitRule;
  reason: string;
}

/** A declared route's limit: a rule with its reason, or an exemption with its reason. */
export type DeclaredLimit = Limited | Exemption;

export const limitedBy = (rule: LimitRule, reason: string): Limited => ({ rule, reason });

/**
 * What a route says beyond OpenAPI: who may call it and how often. (A type, not an interface:
 * the library wants route configs that can take `x-` extension keys.)
 */
export type RouteFacts = {
  access: Access;
  limit: DeclaredLimit;
};

/**
 * One route, declared once: method, path (OpenAPI style, `/api/offerings/{id}`, always the full
 * path), request and response schemas, access and limit. The module's router registers its
 * handler with `router.openapi(declaration, handler)` (typed from it), createApp installs the
 * limit and access check, and the OpenAPI document and the security tests read it.
 */
export type RouteDeclaration<R extends RouteConfig = RouteConfig> = R &
  RouteFacts & { getRoutingPath(): string };

export function declareRoute<
  P extends string,
  R extends Omit<RouteConfig, "path"> & RouteFacts & { path: P },
>(declaration: R): RouteDeclaration<R> {
  return createRoute(declaration) as RouteDeclaration<R>;
}

/** The limit as the rate-limit tables spell it: the rule, or the exemption. */
export function routeLimitOf(declaration: RouteFacts): RouteLimit {
  return "rule" in declaration.limit ? declaration.limit.rule : declaration.limit;
}

/** "POST /api/offerings/:id", the way Hono registers it (and the tests name routes). */
export function routeKeyOf(declaration: RouteConfig): string {
  return `${declaration.method.toUpperCase()} ${honoPath(declaration.path)}`;
}

export function honoPath(openApiPath: string): string {
  return openApiPath.replaceAll(/\/{(.+?)}/g, "/:$1");
}

/** A required JSON body. */
export function jsonBody<S extends z.ZodType>(schema: S, description?: string) {
  return {
    required: true,
    ...(description ? { description } : {}),
    content: { "application/json": { schema } },
  } as const;
}

/** A JSON answer. */
export function jsonResponse<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { "application/json": { schema } } } as const;
}

/**
 * The error body, one component of the document (`#/components/schemas/ApiError`) that every
 * error answer refers to, rather than a copy per operation.
 */
// A copy made here, not the contract's own instance: zod 4 gives `.openapi()` only to schemas built
// after @hono/zod-openapi has loaded, and the contract may be loaded first (a test, the web).
export const apiErrorComponent = apiErrorSchema.clone().openapi("ApiError");

const errorDescriptions = {
  400: "The request is not valid; the message says which field and why.",
  401: "Not signed in.",
  402: "The payment failed; the message says why.",
  403: "Refused: a secret it needs is not correct.",
  404: "There is no such thing, or it isn't yours.",
  409: "It conflicts with the current state; the message says what to do.",
  410: "It existed and is over (a lapsed invitation); the message says what to do instead.",
  415: "The body is not JSON.",
  429: "Too many requests; Retry-After says when to try again.",
  502: "Stripe could not be reached or refused; nothing was changed.",
} as const;

/**
 * The error answers a route can give, each `{ error: { code, message } }`. Pass the statuses the
 * route can answer with beyond its own; `description` overrides the general wording.
 */
export function errorResponses<const S extends keyof typeof errorDescriptions>(
  ...statuses: (S | [S, string])[]
) {
  type ErrorResponse = ReturnType<typeof jsonResponse<typeof apiErrorComponent>>;
  const responses: Partial<Record<S, ErrorResponse>> = {};
  for (const entry of statuses) {
    const [status, description]: [S, string] = Array.isArray(entry)
      ? entry
      : [entry, errorDescriptions[entry]];
    responses[status] = jsonResponse(apiErrorComponent, description);
  }
  return responses as Record<S, ErrorResponse>;
}
