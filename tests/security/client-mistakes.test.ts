import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../contracts/api-error";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readJson } from "../support/read-json";

let app: TestApp;
let customUrl: string;

beforeAll(async () => {
  app = await createTestApp();
  const creator = await createOnboardedCreator(app);
  customUrl = (await createOffering(app, creator)).customUrl;
});
afterAll(() => app?.close());

describe("a client's mistake is a 4xx in our words, not a provider failure", () => {
  it("answers a well-formed but unknown card id with a 400, never Stripe's text", async () => {
    const response = await app.request(
      "/api/public/subscribe",
      jsonRequest("POST", {
        customUrl,
        attemptId: randomUUID(),
        name: "Mallory",
        email: "mallory@example.com",
        paymentMethodId: "pm_doesnotexist123",
      }),
    );
    expect(response.status).toBe(400);
    const body = await readJson(response, apiErrorSchema);
    expect(body.error).toEqual({
      code: "validation_failed",
      message: "We couldn't use that card. Please enter your card details again.",
    });
    expect(JSON.stringify(body)).not.toMatch(/No such|pm_doesnotexist/);
  });
});
