import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../server/db/schema/app";
import { asCreator } from "../factories/creator-factory";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { advanceEmulatorClock } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { jsonRequest, type TestApp } from "../setup/test-app";
import { startTestAppPerFile } from "../support/test-app-per-file";

// A cancel at the period's end is told when it is set (ADR 033): the customer hears
// "cancellation scheduled", the business a change of subscription. When the period ends the
// customer hears "cancelled", once; the business only if it wasn't told at scheduling.

/** Days that take the clock past any monthly period's end. */
const PAST_A_MONTH = 32;

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

/** How many of each kind a subscriber was sent, for the kinds a cancellation sends. */
async function cancellationMailOf(subscriberId: string) {
  const kinds = [
    "subscription_cancel_scheduled",
    "subscription_cancelled",
    "creator_subscription_change",
    "creator_cancellation",
  ] as const;
  const counts: Record<string, number> = {};
  for (const kind of kinds) counts[kind] = (await mailOf(subscriberId, kind)).length;
  return counts;
}

/** Past a monthly period's end, with Stripe's webhooks delivered. */
async function passPeriodEnd() {
  await advanceEmulatorClock(app, PAST_A_MONTH);
  await app.flushWebhooks();
}

function cancelAsCustomer(customUrl: string, manageKey: string) {
  return app.request("/api/cancel-subscription", jsonRequest("POST", { customUrl, manageKey }));
}

describe("cancellation e-mails say who ended the subscription, once", () => {
  it("tells both sides when the business sets the end, then the customer when it comes, once", async () => {
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

    const [toCustomer] = await mailOf(subscriberId, "subscription_cancel_scheduled");
    expect(toCustomer?.text).toContain(
      "The business set your Piano Lessons subscription to end on",
    );
    expect(toCustomer?.text).toMatch(/resume/i);
    const [toCreator] = await mailOf(subscriberId, "creator_subscription_change");
    expect(toCreator?.to).toBe(creator.email);
    expect(toCreator?.subject).toMatch(/^You set Pia's Piano Lessons subscription to end on /);
    expect(await cancellationMailOf(subscriberId)).toEqual({
      subscription_cancel_scheduled: 1,
      subscription_cancelled: 0,
      creator_subscription_change: 1,
      creator_cancellation: 0,
    });

    // The period ends and Stripe reports the subscription deleted: the customer hears it ended;
    // the business, told at scheduling, hears nothing new.
    await passPeriodEnd();
    const [ended] = await mailOf(subscriberId, "subscription_cancelled");
    expect(ended?.text).toContain("The business cancelled your Piano Lessons subscription");
    expect(ended?.text).not.toMatch(/keep access until/i);
    expect(await cancellationMailOf(subscriberId)).toEqual({
      subscription_cancel_scheduled: 1,
      subscription_cancelled: 1,
      creator_subscription_change: 1,
      creator_cancellation: 0,
    });
    // Later syncs and periods add nothing.
    await passPeriodEnd();
    expect((await cancellationMailOf(subscriberId)).subscription_cancelled).toBe(1);
  });

  it("tells the creator the customer set the end, and not again when it comes", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { title: "Yoga" });
    const { subscriberId, manageKey } = await subscribeWithCard(app, offering, { name: "Yan" });
    expect((await cancelAsCustomer(offering.customUrl, manageKey)).status).toBe(200);
    await app.flushWebhooks();

    const [toCustomer] = await mailOf(subscriberId, "subscription_cancel_scheduled");
    expect(toCustomer?.text).toContain("You set your Yoga subscription to end on");
    const [toCreator] = await mailOf(subscriberId, "creator_subscription_change");
    expect(toCreator?.to).toBe(creator.email);
    expect(toCreator?.subject).toMatch(/^Yan set Yoga to end on /);

    await passPeriodEnd();
    const [ended] = await mailOf(subscriberId, "subscription_cancelled");
    expect(ended?.text).toMatch(/you cancelled your Yoga subscription/i);
    expect(await cancellationMailOf(subscriberId)).toEqual({
      subscription_cancel_scheduled: 1,
      subscription_cancelled: 1,
      creator_subscription_change: 1,
      creator_cancellation: 0,
    });
  });

  it("tells the creator an end that wasn't scheduled, when it happens", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { title: "Guitar" });
    const { subscriberId } = await subscribeWithCard(app, offering, { name: "Gus" });
    const response = await app.request(
      `/api/subscribers/${subscriberId}/cancel`,
      asCreator(creator, jsonRequest("POST", { when: "now" })),
    );
    expect(response.status).toBe(200);
    await app.flushWebhooks();

    const [toCustomer] = await mailOf(subscriberId, "subscription_cancelled");
    expect(toCustomer?.text).toContain("The business cancelled your Guitar subscription");
    const [toCreator] = await mailOf(subscriberId, "creator_cancellation");
    expect(toCreator?.subject).toBe("You cancelled Gus's Guitar subscription");
    expect(await cancellationMailOf(subscriberId)).toEqual({
      subscription_cancel_scheduled: 0,
      subscription_cancelled: 1,
      creator_subscription_change: 0,
      creator_cancellation: 1,
    });
  });

  it("tells the creator nothing of a customer's cancel when the creator turned that off", async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { title: "Dog Walks" });
    const quiet = await app.request(
      "/api/profile/notifications",
      asCreator(creator, jsonRequest("PATCH", { cancellation: false })),
    );
    expect(quiet.status).toBe(200);
    const { subscriberId, manageKey } = await subscribeWithCard(app, offering, { name: "Rex" });
    expect((await cancelAsCustomer(offering.customUrl, manageKey)).status).toBe(200);
    await app.flushWebhooks();
    const [scheduled] = await mailOf(subscriberId, "subscription_cancel_scheduled");
    expect(scheduled?.text).toMatch(/you set your Dog Walks subscription to end on/i);

    await passPeriodEnd();
    const [toCustomer] = await mailOf(subscriberId, "subscription_cancelled");
    expect(toCustomer?.text).toMatch(/you cancelled/i);
    expect(await cancellationMailOf(subscriberId)).toEqual({
      subscription_cancel_scheduled: 1,
      subscription_cancelled: 1,
      creator_subscription_change: 0,
      creator_cancellation: 0,
    });
    // The other switches stay on.
    expect(await mailOf(subscriberId, "creator_new_subscriber")).toHaveLength(1);
  });
});
