import { describe, expect, it } from "vitest";
import { jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { startTestAppPerFile } from "../../../tests/support/test-app-per-file";

let app: TestApp;

startTestAppPerFile((started) => {
  app = started;
});

describe("the HTTP edge", () => {
  it("reports health after checking the database", async () => {
    const response = await app.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("sends security headers with a CSP that allows Stripe's script origin", async () => {
    const response = await app.request("/api/health");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await app.request("/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "There is no such API endpoint." },
    });
  });

  it("refuses a mutation from another origin (CSRF)", async () => {
    const response = await app.request(
      "/api/auth/sign-up/email",
      jsonRequest(
        "POST",
        { email: "x@example.com", password: "secret1" },
        { Origin: "https://evil.example" },
      ),
    );
    expect(response.status).toBe(403);
  });

  it("refuses anonymous callers on creator routes", async () => {
    const response = await app.request("/api/me");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: "unauthenticated", message: "Please sign in to continue." },
    });
  });
});
