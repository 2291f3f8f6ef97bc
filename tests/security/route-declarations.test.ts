import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../server/api-routes";
import { honoPath, routeKeyOf } from "../../server/http/route-declaration";
import { creatorRouteLimits, ROUTE_LIMIT, routeLimits } from "../../server/http/route-limits";
import { createTestApp, type TestApp } from "../setup/test-app";
import { registeredRoutes } from "./route-inventory";
import { policies } from "./route-policies";

// Each route is declared once (server/api-routes.ts): these tests hold the declarations and the
// app to each other, and the OpenAPI document to both.

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const declaredKeys = apiRoutes.map(routeKeyOf);

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
    }
  });

  it("cover every route the app serves (until a module is converted: the old tables)", () => {
    const declared = new Set(declaredKeys);
    const undeclared = registeredRoutes(app)
      .map((route) => `${route.method} ${route.path}`)
      .filter(
        (key) =>
          !declared.has(key) &&
          !(key in policies) &&
          !(key in routeLimits) &&
          !(key in creatorRouteLimits),
      );
    expect(undeclared, "declare these (server/api-routes.ts)").toEqual([]);
  });
});

describe("GET /api/openapi.json", () => {
  interface Operation {
    responses: Record<string, unknown>;
    requestBody?: { content: Record<string, { schema: unknown }> };
    parameters?: { in: string; name: string }[];
    "x-access": string;
    "x-rate-limit": Record<string, unknown>;
  }
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    const response = await app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    document = (await response.json()) as typeof document;
  });

  it("is OpenAPI 3.1 and lists every declared route, with its schemas, access and limit", () => {
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

  it("lists only routes the app serves", () => {
    const served = new Set(registeredRoutes(app).map((r) => `${r.method} ${r.path}`));
    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${honoPath(path)}`),
    );
    expect(listed.filter((key) => !served.has(key))).toEqual([]);
  });
});
