import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { declaredRouter } from "./declared-router";
import {
  type DeclaredLimit,
  declareRoute,
  jsonResponse,
  limitedBy,
  type RouteDeclaration,
} from "./route-declaration";
import { publicRead } from "./route-limits";

/** The document's outline: JSON, an OpenAPI 3.1 version, its info and paths. */
function openApiDocumentSchema() {
  return z.looseObject({
    openapi: z.string().startsWith("3.1."),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.looseObject({})),
  });
}

export const openApiDocumentRoute = declareRoute({
  method: "get",
  path: "/api/openapi.json",
  summary: "This API's OpenAPI 3.1 document, generated from the route declarations",
  tags: ["reference"],
  access: "public",
  limit: limitedBy(publicRead, "A public read of a document built once per process."),
  responses: { 200: jsonResponse(openApiDocumentSchema(), "The OpenAPI document") },
});

/** The limit as the document states it: `x-rate-limit`. */
function describeLimit(limit: DeclaredLimit) {
  if ("exempt" in limit) return { exempt: limit.exempt };
  const { bucket, max, windowSeconds, per, store } = limit.rule;
  return { bucket, max, windowSeconds, per, store, reason: limit.reason };
}

/**
 * The OpenAPI 3.1 document of the declared routes. Each operation also says who may call it
 * (`x-access`, server/http/route-declaration.ts) and its limit (`x-rate-limit`).
 */
function buildOpenApiDocument(declarations: readonly RouteDeclaration[]) {
  const generator = new OpenAPIHono();
  for (const { access, limit, middleware: _middleware, ...route } of declarations) {
    generator.openAPIRegistry.registerPath({
      ...route,
      "x-access": access,
      "x-rate-limit": describeLimit(limit),
    });
  }
  return generator.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Regulars API",
      version: "1",
      description:
        "Errors are `{ error: { code, message } }` with a 4xx/5xx status; `message` is written for people. Mutations send `Content-Type: application/json`; creator routes use the session cookie better-auth sets (its own endpoints, under /api/auth, are not listed here).",
    },
  });
}

/** Serves the document at GET /api/openapi.json, built on first request. */
export function openApiRoutes(declarations: readonly RouteDeclaration[]) {
  let document: z.output<ReturnType<typeof openApiDocumentSchema>> | undefined;
  return declaredRouter().openapi(openApiDocumentRoute, (c) => {
    document ??= openApiDocumentSchema().parse(buildOpenApiDocument(declarations));
    return c.json(document, 200);
  });
}
