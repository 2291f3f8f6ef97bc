import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Offering } from "../../../contracts/offerings";
import { asCreator } from "../../../tests/factories/creator-factory";
import { createOffering, type OnboardedCreator } from "../../../tests/factories/offering-factory";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { jsonRequest, TEST_ORIGIN, type TestApp } from "../../../tests/setup/test-app";
import { startCreatorAppPerFile } from "../../../tests/support/test-app-per-file";
import { subscribers } from "../../db/schema/app";

let app: TestApp;
let creator: OnboardedCreator;
let offering: Offering;
let other: Offering;

startCreatorAppPerFile(async (started) => {
  ({ app, creator } = started);
  offering = await createOffering(app, creator, { title: "Dog Walking", priceCents: 4000 });
  other = await createOffering(app, creator, { title: "Cat Sitting" });
});

const portalPath = (customUrl: string, subscriberId: string) =>
  `/api/public/customers/${customUrl}/${subscriberId}`;

describe("subscriber self-service", () => {
  it("shows the subscription only with the matching custom URL", async () => {
    const { subscriberId } = await subscribeWithCard(app, offering, { name: "Rita" });
    const ok = await app.request(portalPath(offering.customUrl, subscriberId));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      offering: { title: "Dog Walking" },
      subscriber: { id: subscriberId, name: "Rita", paymentStatus: "active", priceCents: 4000 },
    });
    for (const path of [
      portalPath(other.customUrl, subscriberId),
      portalPath(offering.customUrl, "00000000-0000-4000-8000-000000000000"),
      portalPath(offering.customUrl, "not-a-uuid"),
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "not_found", message: "Subscription Not Found" },
      });
    }
  });

  it("still shows the subscriber when the offering is deactivated (issue 10, defect 3)", async () => {
    const temp = await createOffering(app, creator, { title: "Temp" });
    const { subscriberId } = await subscribeWithCard(app, temp);
    await app.request(
      `/api/offerings/${temp.id}/status`,
      asCreator(creator, jsonRequest("PATCH", { isActive: false })),
    );
    expect((await app.request(portalPath(temp.customUrl, subscriberId))).status).toBe(200);
  });

  it("changes the e-mail on our row and on the Stripe customer", async () => {
    const { subscriberId, subscriptionId } = await subscribeWithCard(app, offering);
    const response = await app.request(
      `${portalPath(offering.customUrl, subscriberId)}/email`,
      jsonRequest("PATCH", { email: "new-address@example.com" }),
    );
    expect(response.status).toBe(200);
    const [row] = await app.runtime.deps.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, subscriberId));
    expect(row!.email).toBe("new-address@example.com");
    const subscription = await app.runtime.deps.stripe.subscriptions.retrieve(subscriptionId, {
      expand: ["customer"],
    });
    expect((subscription.customer as { email: string }).email).toBe("new-address@example.com");

    const bad = await app.request(
      `${portalPath(offering.customUrl, subscriberId)}/email`,
      jsonRequest("PATCH", { email: "" }),
    );
    expect(bad.status).toBe(400);
  });

  it("opens the billing portal only for the subscriber and only back to our own pages", async () => {
    const { subscriberId } = await subscribeWithCard(app, offering);
    const returnUrl = `${TEST_ORIGIN}/customer/${offering.customUrl}/${subscriberId}`;
    const ok = await app.request(
      "/api/create-billing-portal",
      jsonRequest("POST", { customUrl: offering.customUrl, subscriberId, returnUrl }),
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { url: string }).url).toMatch(/^http/);

    const evil = await app.request(
      "/api/create-billing-portal",
      jsonRequest("POST", {
        customUrl: offering.customUrl,
        subscriberId,
        returnUrl: "https://evil.example/x",
      }),
    );
    expect(evil.status).toBe(400);

    // The original took a bare Stripe customer id; we refuse it.
    const bare = await app.request(
      "/api/create-billing-portal",
      jsonRequest("POST", { customer_id: "cus_123", return_url: returnUrl }),
    );
    expect(bare.status).toBe(400);
  });

  it("cancels in Stripe first, then marks the subscriber cancelled, one way", async () => {
    const { subscriberId, subscriptionId } = await subscribeWithCard(app, offering);
    const response = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: offering.customUrl, subscriberId }),
    );
    expect(response.status).toBe(200);
    const subscription = await app.runtime.deps.stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe("canceled");
    const [row] = await app.runtime.deps.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, subscriberId));
    expect(row!.paymentStatus).toBe("cancelled");

    const wrongOffering = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: other.customUrl, subscriberId }),
    );
    expect(wrongOffering.status).toBe(404);
  });

  it("rate limits subscriber lookups per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i += 1) {
      const response = await app.request(
        portalPath(offering.customUrl, "00000000-0000-4000-8000-000000000000"),
        {
          ip: "198.51.100.7",
        },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });
});
