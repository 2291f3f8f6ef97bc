import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../tests/setup/test-app";
import { readApiError } from "../../tests/support/read-json";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function post(path: string, body: string | Uint8Array, contentType?: string) {
  const headers: Record<string, string> = { Origin: TEST_ORIGIN };
  if (contentType) headers["Content-Type"] = contentType;
  const response = await app.request(path, { method: "POST", headers, body });
  return { status: response.status, ...(await readApiError(response)) };
}

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe("input hygiene at the API's edge", () => {
  it("answers a NUL in the path with a 404 and in the query with a 400", async () => {
    const inPath = await app.request("/api/public/offerings/lawn%00care");
    expect(inPath.status).toBe(404);
    const inQuery = await app.request("/api/health?x=%00");
    expect(inQuery.status).toBe(400);
    expect(await inQuery.json()).toEqual({
      error: { code: "bad_request", message: "The query string can't contain NUL characters." },
    });
  });

  it("refuses a body that isn't UTF-8, sent as raw bytes", async () => {
    const response = await post(
      "/api/public/manage-links",
      latin1('{"email":"josé@example.com"}'),
      "application/json",
    );
    expect(response).toMatchObject({
      status: 400,
      message: "The request body is not valid UTF-8 text.",
    });
  });

  it("refuses a body that isn't declared JSON, on better-auth's routes too", async () => {
    for (const path of ["/api/public/manage-links", "/api/auth/sign-out"]) {
      for (const contentType of ["text/plain", undefined]) {
        const response = await post(path, "{}", contentType);
        expect(response.status, `${path} as ${contentType}`).toBe(415);
      }
    }
  });

  it("names the field holding a NUL or an unpaired surrogate", async () => {
    expect(
      await post(
        "/api/public/manage-links",
        '{"email":"a\\u0000@example.com"}',
        "application/json",
      ),
    ).toMatchObject({ status: 400, message: "email can't contain NUL characters." });
    expect(
      await post("/api/auth/reset-password", '{"token":"\\ud800","x":1}', "application/json"),
    ).toMatchObject({ status: 400, message: "token contains characters that aren't valid text." });
    expect(
      await post("/api/public/manage-links", '{"a":[{"b":"\\u0000"}]}', "application/json"),
    ).toMatchObject({ message: "a[0].b can't contain NUL characters." });
    expect(
      await post("/api/public/manage-links", '{"\\u0000":1}', "application/json"),
    ).toMatchObject({ message: "A field name can't contain NUL characters." });
  });

  it("walks a body nested 100,000 deep without overflowing", async () => {
    const deep = `${"[".repeat(100_000)}"\\u0000"${"]".repeat(100_000)}`;
    const response = await post("/api/public/manage-links", deep, "application/json");
    expect(response.status).toBe(400);
    expect(response.message).toMatch(/^….*can't contain NUL characters\.$/);
  });

  it("hands the route the body untouched", async () => {
    const response = await app.request("/api/public/manage-links", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ email: "zoë@example.com" }),
    });
    // The address is not one z.email() accepts; the route read it, with its ë intact.
    expect(response.status).toBe(400);
    expect((await readApiError(response)).message).toBe("Enter a valid email address");
    const accepted = await app.request("/api/public/manage-links", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "pat@example.com" }),
    });
    expect(accepted.status).toBe(200);
  });

  it("leaves Stripe's webhooks to their signature check", async () => {
    const response = await post(
      "/api/webhooks/stripe",
      latin1('{"name":"José\u0000"}'),
      "text/plain",
    );
    expect(response).toMatchObject({ status: 400, message: "Missing Stripe-Signature header." });
  });
});
