import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { overviewSchema } from "../../../contracts/dashboard";
import { publicOfferingResponseSchema } from "../../../contracts/landing";
import { meSchema } from "../../../contracts/me";
import { offeringListSchema } from "../../../contracts/offerings";
import { notificationSettingsSchema } from "../../../contracts/profile";
import { asCreator, createCreator } from "../../../tests/factories/creator-factory";
import { createOffering, createOnboardedCreator } from "../../../tests/factories/offering-factory";
import { jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { readJson } from "../../../tests/support/read-json";
import { startTestAppPerFile } from "../../../tests/support/test-app-per-file";

let app: TestApp;

startTestAppPerFile((started) => {
  app = started;
});

async function getJson<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  init: RequestInit = {},
) {
  const response = await app.request(path, init);
  expect(response.status, path).toBe(200);
  return readJson(response, schema);
}

describe("business name", () => {
  it("new offerings carry the business name from onboarding as their creator name", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator);
    expect(offering.creatorName).toBe("Green Thumb Lawn Care");
  });

  it("renaming updates the header data, every offering's creator and the landing page", async () => {
    const creator = await createOnboardedCreator(app);
    const first = await createOffering(app, creator, { title: "Mowing" });
    const second = await createOffering(app, creator, { title: "Hedges" });
    const bystander = await createOnboardedCreator(app);
    const theirs = await createOffering(app, bystander, { title: "Theirs" });

    const response = await app.request(
      "/api/profile/business-name",
      asCreator(creator, jsonRequest("PATCH", { businessName: "  Blue Sky Gardens  " })),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ businessName: "Blue Sky Gardens" });

    const me = await getJson("/api/me", meSchema, asCreator(creator));
    expect(me.profile!.businessName).toBe("Blue Sky Gardens");
    const overview = await getJson("/api/dashboard/overview", overviewSchema, asCreator(creator));
    expect(overview.firstOfferingCreatorName).toBe("Blue Sky Gardens");
    const { offerings } = await getJson("/api/offerings", offeringListSchema, asCreator(creator));
    expect(offerings.map((o) => [o.id, o.creatorName]).sort()).toEqual(
      [
        [first.id, "Blue Sky Gardens"],
        [second.id, "Blue Sky Gardens"],
      ].sort(),
    );
    // Landing pages are cached for a second at most.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const landing = await getJson(
      `/api/public/offerings/${first.customUrl}`,
      publicOfferingResponseSchema,
    );
    expect(landing.offering.creatorName).toBe("Blue Sky Gardens");

    // Nobody else's offerings change.
    const others = await getJson("/api/offerings", offeringListSchema, asCreator(bystander));
    expect(others.offerings.find((o) => o.id === theirs.id)?.creatorName).toBe(
      "Green Thumb Lawn Care",
    );

    // And offerings created later follow the new name.
    expect((await createOffering(app, creator, { title: "Leaves" })).creatorName).toBe(
      "Blue Sky Gardens",
    );
  });

  it("follows the onboarding rules: required, at most 120 characters, nothing else", async () => {
    const creator = await createOnboardedCreator(app);
    for (const [body, message] of [
      [{ businessName: "   " }, "Business name is required"],
      [{}, "Business name is required"],
      [{ businessName: "x".repeat(121) }, "Business name must be at most 120 characters"],
      [{ businessName: "Fine", userId: "someone-else" }, "Unknown field: userId."],
    ] as const) {
      const response = await app.request(
        "/api/profile/business-name",
        asCreator(creator, jsonRequest("PATCH", body)),
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "validation_failed", message } });
    }
    const me = await getJson("/api/me", meSchema, asCreator(creator));
    expect(me.profile!.businessName).toBe("Green Thumb Lawn Care");
  });

  it("needs a finished onboarding", async () => {
    const newcomer = await createCreator(app);
    const response = await app.request(
      "/api/profile/business-name",
      asCreator(newcomer, jsonRequest("PATCH", { businessName: "Early Bird" })),
    );
    expect(response.status).toBe(409);
  });
});

describe("notification switches", () => {
  it("start on, and each one round-trips on its own", async () => {
    const creator = await createOnboardedCreator(app);
    const read = () =>
      getJson("/api/profile/notifications", notificationSettingsSchema, asCreator(creator));
    expect(await read()).toEqual({ newSubscriber: true, cancellation: true, paymentFailed: true });

    const patch = (body: unknown) =>
      app.request("/api/profile/notifications", asCreator(creator, jsonRequest("PATCH", body)));
    const off = await patch({ cancellation: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({
      newSubscriber: true,
      cancellation: false,
      paymentFailed: true,
    });
    await patch({ newSubscriber: false, paymentFailed: false });
    expect(await read()).toEqual({
      newSubscriber: false,
      cancellation: false,
      paymentFailed: false,
    });
    await patch({ newSubscriber: true });
    expect(await read()).toEqual({
      newSubscriber: true,
      cancellation: false,
      paymentFailed: false,
    });

    // Another creator's switches are their own.
    const other = await createOnboardedCreator(app);
    expect(
      await getJson("/api/profile/notifications", notificationSettingsSchema, asCreator(other)),
    ).toEqual({
      newSubscriber: true,
      cancellation: true,
      paymentFailed: true,
    });
  });

  it("refuses bodies that change nothing or aren't switches", async () => {
    const creator = await createOnboardedCreator(app);
    for (const body of [{}, { cancellation: "no" }, { marketing: false }]) {
      const response = await app.request(
        "/api/profile/notifications",
        asCreator(creator, jsonRequest("PATCH", body)),
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});
