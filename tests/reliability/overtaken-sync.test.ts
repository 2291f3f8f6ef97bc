import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { expect, it } from "vitest";
import { emailOutbox, paymentSubscriptions } from "../../server/db/schema/app";
import { syncStripeSubscription } from "../../server/modules/billing/billing-sync";
import { createOffering, createOnboardedCreator } from "../factories/offering-factory";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { jsonRequest, type TestApp } from "../setup/test-app";
import { startTestAppPerFile } from "../support/test-app-per-file";

// A sync reads Stripe, then writes our rows. Two that overlap (a webhook's and the customer's
// own request, on two instances) read at different moments, and the slower one used to write last: a read from
// just before a cancellation undid it in our rows and e-mailed "resumed" to both sides (CI saw
// it on PostgreSQL). A read overtaken by a newer one is now read again before it is written.

let app: TestApp;
startTestAppPerFile((started) => {
  app = started;
});

/** The server's Stripe client, whose subscription reads arrive only once `release` is called. */
function withSlowSubscriptionReads(stripe: Stripe) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reads = 0;
  const subscriptions = Object.create(stripe.subscriptions) as Stripe.SubscriptionsResource;
  const slowRetrieve = async (id: string, params?: Stripe.SubscriptionRetrieveParams) => {
    const answer = await stripe.subscriptions.retrieve(id, params);
    reads += 1;
    await released;
    return answer;
  };
  subscriptions.retrieve = slowRetrieve as Stripe.SubscriptionsResource["retrieve"];
  const slow = Object.create(stripe) as Stripe;
  Object.defineProperty(slow, "subscriptions", { value: subscriptions });
  return { stripe: slow, release, reads: () => reads };
}

async function outbox(subscriberId: string, kind: string) {
  return app.runtime.deps.db
    .select({ subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.subscriberId, subscriberId), eq(emailOutbox.kind, kind)));
}

it("a read from before a cancellation, written after it, is read again: nothing undone, no 'resumed'", async () => {
  const creator = await createOnboardedCreator(app);
  const offering = await createOffering(app, creator, { title: "Lawn Care" });
  const { subscriberId, manageKey, subscriptionId } = await subscribeWithCard(app, offering, {
    name: "Ola",
  });
  await app.flushWebhooks();

  // A webhook's sync on another instance reads the subscription as it is now, and its answer is
  // slow to arrive. (Within one instance syncs of a subscription take turns; another instance
  // has its own turns and the same database: a handle of its own on it.)
  const slow = withSlowSubscriptionReads(app.runtime.deps.stripe);
  const otherInstance = {
    ...app.runtime.deps,
    publicUrl: app.runtime.deps.config.publicUrl,
    stripe: slow.stripe,
    db: Object.create(app.runtime.deps.db) as typeof app.runtime.deps.db,
  };
  const stale = syncStripeSubscription(otherInstance, subscriptionId);
  await expect.poll(slow.reads).toBe(1);

  // Meanwhile the customer sets the end; their request's own sync writes it.
  const cancel = await app.request(
    "/api/cancel-subscription",
    jsonRequest("POST", { customUrl: offering.customUrl, manageKey }),
  );
  expect(cancel.status).toBe(200);

  // The slow read arrives last: it is read again, not written.
  slow.release();
  await stale;
  expect(slow.reads()).toBeGreaterThan(1);
  await app.flushWebhooks();

  const [row] = await app.runtime.deps.db
    .select({ cancelAtPeriodEnd: paymentSubscriptions.cancelAtPeriodEnd })
    .from(paymentSubscriptions)
    .where(eq(paymentSubscriptions.stripeSubscriptionId, subscriptionId));
  expect(row?.cancelAtPeriodEnd).toBe(true);
  expect(await outbox(subscriberId, "subscription_cancel_scheduled")).toHaveLength(1);
  expect(await outbox(subscriberId, "subscription_resumed")).toEqual([]);
  const toCreator = await outbox(subscriberId, "creator_subscription_change");
  expect(toCreator.map((m) => m.subject)).toEqual([
    expect.stringMatching(/^Ola set Lawn Care to end on /),
  ]);
});
