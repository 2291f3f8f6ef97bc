import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../server/db/schema/app";
import { asCreator } from "../factories/creator-factory";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { advanceEmulatorClock } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { jsonRequest, type TestApp } from "../setup/test-app";
import { startTestAppPerFile } from "../support/test-app-per-file";

let app: TestApp;

startTestAppPerFile((started) => {
  app = started;
});

async function mailOf(subscriberId: string, kind: string) {
  return app.runtime.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.subscriberId, subscriberId), eq(emailOutbox.kind, kind)));
}

describe("cancellation e-mails say who ended the subscription, once", () => {
  it("tells both sides the business cancelled at the period's end, and says it once", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { title: "Piano Lessons" });
    const { subscriberId } = await subscribeWithCard(app, offering, { name: "Pia" });
    const response = await app.request(
      `/api/offerings/${offering.id}/status`,
      asCreator(
        creator,
        jsonRequest("PATCH", { isActive: false, liveSubscribers: "cancel_at_period_end" }),
      ),
    );
    expect(response.status).toBe(200);
    await app.flushWebhooks();

    const [toCustomer] = await mailOf(subscriberId, "subscription_cancelled");
    expect(toCustomer?.text).toContain("Piano Lessons");
    expect(toCustomer?.text).toMatch(/keep access until/i);
    const [toCreator] = await mailOf(subscriberId, "creator_cancellation");
    expect(toCreator?.to).toBe(creator.email);
    expect(toCreator?.subject).toBe("You cancelled Pia's Piano Lessons subscription");

    // The period ends and Stripe reports the subscription deleted: nothing new to say.
    await advanceEmulatorClock(app, 32);
    await app.flushWebhooks();
    expect(await mailOf(subscriberId, "subscription_cancelled")).toHaveLength(1);
    expect(await mailOf(subscriberId, "creator_cancellation")).toHaveLength(1);
  });

  it("tells the creator the customer cancelled, unless the creator turned that off", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { title: "Dog Walks" });
    const quiet = await app.request(
      "/api/profile/notifications",
      asCreator(creator, jsonRequest("PATCH", { cancellation: false })),
    );
    expect(quiet.status).toBe(200);
    const { subscriberId, manageKey } = await subscribeWithCard(app, offering, { name: "Rex" });
    const cancelled = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: offering.customUrl, manageKey }),
    );
    expect(cancelled.status).toBe(200);
    await app.flushWebhooks();

    const [toCustomer] = await mailOf(subscriberId, "subscription_cancelled");
    expect(toCustomer?.text).toMatch(/you cancelled/i);
    expect(await mailOf(subscriberId, "creator_cancellation")).toHaveLength(0);
    // The other switches stay on.
    expect(await mailOf(subscriberId, "creator_new_subscriber")).toHaveLength(1);
  });
});
