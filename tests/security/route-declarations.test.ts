import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiRoutes, pageRoutes } from "../../server/api-routes";
import { BETTER_AUTH_PREFIX } from "../../server/auth/auth-rate-limits";
import { pageKeyOf } from "../../server/http/page-declaration";
import { apiErrorComponent, honoPath, routeKeyOf } from "../../server/http/route-declaration";
import { ROUTE_GUARD } from "../../server/http/route-guards";
import { ROUTE_LIMIT } from "../../server/http/route-limits";
import { createTestAppWithPages, type TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";

// Each route is declared once (server/api-routes.ts: apiRoutes, and the web shell's pageRoutes):
// these tests hold the declarations and the app to each other, and the OpenAPI document to both.

let app: TestApp;

beforeAll(async () => {
  // With the web shell, so its pages and files are served (and must be declared) too.
  app = await createTestAppWithPages();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const apiKeys = apiRoutes.map(routeKeyOf);
const pageKeys = pageRoutes.map(pageKeyOf);
const declaredKeys = [...apiKeys, ...pageKeys];

/**
 * Every route the app serves, "METHOD path" as Hono registers it. Left out: middleware and
 * catch-alls (method ALL: they answer 404 or pass on, and serve nothing of their own), and
 * better-auth's endpoints, which it routes itself behind one mount and its own limiter
 * (server/auth/auth-rate-limits.ts; the rate-limit coverage test reviews each).
 */
function servedRoutes(): string[] {
  const keys = app.runtime.app.routes
    .filter((route) => route.method !== "ALL" && !route.path.startsWith(BETTER_AUTH_PREFIX))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)];
}

describe("route declarations", () => {
  it("declare each route once", () => {
    expect(declaredKeys.filter((key, i) => declaredKeys.indexOf(key) !== i)).toEqual([]);
  });

  it("are each served by the app, their handler after their guards", () => {
    const routes = app.runtime.app.routes;
    for (const key of declaredKeys) {
      const entries = routes.filter((route) => `${route.method} ${route.path}` === key);
      const last = entries.at(-1);
      if (!last) throw new Error(`${key} is declared but not served`);
      expect((last.handler as { [ROUTE_LIMIT]?: unknown })[ROUTE_LIMIT], key).toBeUndefined();
      expect(ROUTE_GUARD in last.handler, key).toBe(false);
    }
  });

  it("cover every route the app serves", () => {
    const declared = new Set(declaredKeys);
    const undeclared = servedRoutes().filter((key) => !declared.has(key));
    expect(undeclared, "declare these (server/api-routes.ts)").toEqual([]);
  });
});

describe("GET /api/openapi.json", () => {
  // What these tests read of the document: the route declares only its outline (openapi, info,
  // paths), so the operations' shape is spelled out here.
  const contentSchema = z.record(z.string(), z.object({ schema: z.unknown() }));
  const operationSchema = z.object({
    responses: z.record(z.string(), z.object({ content: contentSchema.optional() })),
    requestBody: z.object({ content: contentSchema }).optional(),
    parameters: z.array(z.object({ in: z.string(), name: z.string() })).optional(),
    "x-access": z.string(),
    "x-rate-limit": z.record(z.string(), z.unknown()),
  });
  const documentSchema = z.object({
    openapi: z.string(),
    paths: z.record(z.string(), z.record(z.string(), operationSchema)),
    components: z.object({ schemas: z.record(z.string(), z.unknown()).optional() }).optional(),
  });
  let document: z.input<typeof documentSchema>;

  beforeAll(async () => {
    const response = await app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    document = await readJson(response, documentSchema);
  });

  it("validates as OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("lists every declared route, with its schemas, access and limit", () => {
    expect(document.openapi).toBe("3.1.0");
    for (const route of apiRoutes) {
      const operation = document.paths[route.path]?.[route.method];
      const key = routeKeyOf(route);
      expect(operation, key).toBeDefined();
      expect(operation?.["x-access"], key).toBe(route.access);
      expect(operation?.["x-rate-limit"], key).toMatchObject(
        "rule" in route.limit
          ? { bucket: route.limit.rule.bucket, max: route.limit.rule.max }
          : { exempt: route.limit.exempt },
      );
      for (const status of Object.keys(route.responses)) {
        expect(operation?.responses, key).toHaveProperty(status);
      }
      if (route.request?.body) {
        expect(operation?.requestBody?.content["application/json"]?.schema, key).toBeDefined();
      }
      for (const name of route.path.match(/{(\w+)}/g) ?? []) {
        expect(operation?.parameters, key).toContainEqual(
          expect.objectContaining({ in: "path", name: name.slice(1, -1) }),
        );
      }
    }
  });

  it("describes the error body once, as a component every error answer refers to", () => {
    expect(document.components?.schemas?.ApiError).toMatchObject({
      type: "object",
      required: ["error"],
    });
    let errorAnswers = 0;
    for (const route of apiRoutes) {
      const responses = route.responses as Record<string, { content?: Record<string, unknown> }>;
      for (const [status, response] of Object.entries(responses)) {
        const declared = response.content?.["application/json"] as { schema?: unknown };
        if (declared?.schema !== apiErrorComponent) continue;
        errorAnswers += 1;
        const listed = document.paths[route.path]?.[route.method]?.responses[status];
        expect(
          listed?.content?.["application/json"]?.schema,
          `${routeKeyOf(route)} ${status}`,
        ).toEqual({ $ref: "#/components/schemas/ApiError" });
      }
    }
    expect(errorAnswers).toBeGreaterThan(50);
  });

  it("lists exactly the routes the app serves, but for the web shell's pages", () => {
    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${honoPath(path)}`),
    );
    const pages = new Set(pageKeys);
    const served = servedRoutes().filter((key) => !pages.has(key));
    expect(listed.sort()).toEqual(served.sort());
  });
});
