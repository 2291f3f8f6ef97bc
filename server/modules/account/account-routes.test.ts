import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asCreator } from "../../../tests/factories/creator-factory";
import { createOffering, createOnboardedCreator } from "../../../tests/factories/offering-factory";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { createTestApp, jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { offerings, subscribers } from "../../db/schema/app";
import { user } from "../../db/schema/auth";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("deleting an account", () => {
  it("refuses a User ID that does not match and deletes nothing", async () => {
    const creator = await createOnboardedCreator(app);
    const response = await app.request(
      "/api/account",
      asCreator(
        creator,
        jsonRequest("DELETE", { confirmUserId: `${creator.id} `, password: creator.password }),
      ),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "validation_failed",
        message: "User ID does not match. Please type your exact User ID to confirm.",
      },
    });
    const [row] = await app.runtime.deps.db
      .select({ n: count() })
      .from(user)
      .where(eq(user.id, creator.id));
    expect(row!.n).toBe(1);
  });

  it("cancels subscribers' Stripe subscriptions, then deletes offerings and the user", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator);
    const { subscriptionId } = await subscribeWithCard(app, offering);

    const response = await app.request(
      "/api/account",
      asCreator(
        creator,
        jsonRequest("DELETE", { confirmUserId: creator.id, password: creator.password }),
      ),
    );
    expect(response.status).toBe(200);

    const subscription = await app.runtime.deps.stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe("canceled");
    const db = app.runtime.deps.db;
    expect(await db.select().from(offerings).where(eq(offerings.userId, creator.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(subscribers)
        .where(eq(subscribers.stripeSubscriptionId, subscriptionId)),
    ).toEqual([]);
    expect(await db.select().from(user).where(eq(user.id, creator.id))).toEqual([]);
    // The session went with the user.
    expect((await app.request("/api/me", asCreator(creator))).status).toBe(401);
  });
});
