import { describe, expect, it } from "vitest";
import { findRegistrations, undeclaredRegistrations } from "./check-routes-declared";

const calls = (file: string, text: string) =>
  undeclaredRegistrations(findRegistrations(file, text)).map((r) => `${r.line}: ${r.call}`);

describe("check-routes-declared", () => {
  it("finds Hono registrations outside a declaration", () => {
    const text = [
      'app.get("/robots.txt", handler);',
      "router.post(`/api/x`, handler);",
      'app.on("PATCH", "/api/y", handler);',
      'app.on(["GET", "POST"], path, handler);',
      'app.all("*", handler);',
    ].join("\n");
    expect(calls("server/modules/x/x-routes.ts", text)).toEqual([
      '1: get "/robots.txt"',
      "2: post `/api/x`",
      '3: on "/api/y"',
      "4: on path",
      '5: all "*"',
    ]);
  });

  it("leaves declared routes, maps, headers, event emitters and drizzle indexes alone", () => {
    const text = [
      "declaredRouter().openapi(route, handler);",
      "pages.page(appPages, handler);",
      'c.req.header("content-type"); headers.get("content-type"); cache.get(version, card);',
      'stripe.on("request", (event) => log(event));',
      "index().on(t.createdAt.desc(), t.id, t.name);",
      "Promise.all([a, b]);",
    ].join("\n");
    expect(calls("server/modules/x/x-routes.ts", text)).toEqual([]);
  });

  it("allows only the listed registrations, in their own files", () => {
    const text = 'app.all("/api/*", notFound);';
    expect(calls("server/app.ts", text)).toEqual([]);
    expect(calls("server/modules/x/x-routes.ts", text)).toEqual(['1: all "/api/*"']);
  });
});
