import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  billingPortalResponseSchema,
  cancelSubscriptionResponseSchema,
  newManageLinkResponseSchema,
} from "../../../contracts/customer-portal";
import type { Offering } from "../../../contracts/offerings";
import { asCreator } from "../../../tests/factories/creator-factory";
import { createOffering, type OnboardedCreator } from "../../../tests/factories/offering-factory";
import { advanceEmulatorClock } from "../../../tests/factories/stripe-browser";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import { linksIn, readOutbox } from "../../../tests/setup/outbox";
import { jsonRequest, TEST_ORIGIN, type TestApp } from "../../../tests/setup/test-app";
import { readJson } from "../../../tests/support/read-json";
import { startCreatorAppPerFile } from "../../../tests/support/test-app-per-file";
import { subscribers } from "../../db/schema/app";
import { AppError } from "../../lib/errors";
import { cancelSubscription, openBillingPortal } from "./customer-portal-service";

let app: TestApp;
let creator: OnboardedCreator;
let offering: Offering;
let other: Offering;

startCreatorAppPerFile(async (started) => {
  ({ app, creator } = started);
  offering = await createOffering(app, creator, { title: "Dog Walking", priceCents: 4000 });
  other = await createOffering(app, creator, { title: "Cat Sitting" });
});

const portalPath = (customUrl: string, manageKey: string) =>
  `/api/public/customers/${customUrl}/${manageKey}`;
const notFound = { error: { code: "not_found", message: "Subscription Not Found" } };

async function statusOf(subscriberId: string) {
  const [row] = await app.runtime.deps.db
    .select({ status: subscribers.paymentStatus })
    .from(subscribers)
    .where(eq(subscribers.id, subscriberId));
  return row?.status;
}

function newLink(customUrl: string, manageKey: string) {
  return app.request(`${portalPath(customUrl, manageKey)}/new-link`, jsonRequest("POST", {}));
}

describe("subscriber self-service", () => {
  it("shows the subscription only with the matching custom URL and manage key", async () => {
    const { subscriberId, manageKey } = await subscribeWithCard(app, offering, { name: "Rita" });
    expect(manageKey).not.toBe(subscriberId);
    const ok = await app.request(portalPath(offering.customUrl, manageKey));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      offering: { title: "Dog Walking" },
      subscriber: {
        id: subscriberId,
        name: "Rita",
        paymentStatus: "active",
        priceCents: 4000,
        pendingEmail: null,
      },
    });
    for (const path of [
      portalPath(other.customUrl, manageKey),
      // The row id names the subscriber; it opens nothing (ADR 022).
      portalPath(offering.customUrl, subscriberId),
      portalPath(offering.customUrl, "00000000-0000-4000-8000-000000000000"),
      portalPath(offering.customUrl, "not-a-uuid"),
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
  });

  it("still shows the subscriber when the offering is deactivated (issue 10, defect 3)", async () => {
    const temp = await createOffering(app, creator, { title: "Temp" });
    const { manageKey } = await subscribeWithCard(app, temp);
    await app.request(
      `/api/offerings/${temp.id}/status`,
      asCreator(creator, jsonRequest("PATCH", { isActive: false })),
    );
    expect((await app.request(portalPath(temp.customUrl, manageKey))).status).toBe(200);
  });

  it("opens the billing portal only for the subscriber and only back to our own pages", async () => {
    const { subscriberId, manageKey } = await subscribeWithCard(app, offering);
    const returnUrl = `${TEST_ORIGIN}/customer/${offering.customUrl}/${manageKey}`;
    const ok = await app.request(
      "/api/create-billing-portal",
      jsonRequest("POST", { customUrl: offering.customUrl, manageKey, returnUrl }),
    );
    expect(ok.status).toBe(200);
    expect((await readJson(ok, billingPortalResponseSchema)).url).toMatch(/^http/);

    const evil = await app.request(
      "/api/create-billing-portal",
      jsonRequest("POST", {
        customUrl: offering.customUrl,
        manageKey,
        returnUrl: "https://evil.example/x",
      }),
    );
    expect(evil.status).toBe(400);

    // The row id is not a key.
    const byId = await app.request(
      "/api/create-billing-portal",
      jsonRequest("POST", { customUrl: offering.customUrl, manageKey: subscriberId, returnUrl }),
    );
    expect(byId.status).toBe(404);

    // The original took a bare Stripe customer id; we refuse it.
    const bare = await app.request(
      "/api/create-billing-portal",
      jsonRequest("POST", { customer_id: "cus_123", return_url: returnUrl }),
    );
    expect(bare.status).toBe(400);
  });

  it("sets the end in Stripe first, at the paid period's end; the subscriber is cancelled when it comes", async () => {
    const { subscriberId, manageKey, subscriptionId } = await subscribeWithCard(app, offering);
    const byId = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: offering.customUrl, manageKey: subscriberId }),
    );
    expect(byId.status).toBe(404);
    const cancel = () =>
      app.request(
        "/api/cancel-subscription",
        jsonRequest("POST", { customUrl: offering.customUrl, manageKey }),
      );
    const response = await cancel();
    expect(response.status).toBe(200);
    const { endsAt } = await readJson(response, cancelSubscriptionResponseSchema);
    const { stripe } = app.runtime.deps;
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({ status: "active", cancel_at_period_end: true });
    const periodEnd = subscription.items.data[0]!.current_period_end;
    expect(endsAt).toBe(new Date(periodEnd * 1000).toISOString());
    // Paid to the period's end: still a subscriber until then.
    expect(await statusOf(subscriberId)).toBe("active");
    // Asked again, the same end.
    expect(await readJson(await cancel(), cancelSubscriptionResponseSchema)).toEqual({
      ok: true,
      endsAt,
    });

    const wrongOffering = await app.request(
      "/api/cancel-subscription",
      jsonRequest("POST", { customUrl: other.customUrl, manageKey }),
    );
    expect(wrongOffering.status).toBe(404);

    // Past the period's end Stripe ends it, uncharged, and the sync marks the subscriber.
    await advanceEmulatorClock(app, 32);
    await app.flushWebhooks();
    const ended = await stripe.subscriptions.retrieve(subscriptionId);
    expect(ended.status).toBe("canceled");
    expect(ended.ended_at).toBe(periodEnd);
    expect(await statusOf(subscriberId)).toBe("cancelled");
    const invoices = await stripe.invoices.list({ subscription: subscriptionId });
    expect(invoices.data).toHaveLength(1);
    // Ended is ended: one way.
    expect(await readJson(await cancel(), cancelSubscriptionResponseSchema)).toEqual({
      ok: true,
      endsAt: null,
    });
    expect(await statusOf(subscriberId)).toBe("cancelled");
  });

  it("keeps Stripe's error as the cause of the 502 it answers", async () => {
    const { manageKey } = await subscribeWithCard(app, offering);
    const ref = { customUrl: offering.customUrl, manageKey };
    const down = new Error("Stripe is down");
    const failing = () => Promise.reject(down);
    const { deps } = app.runtime;
    const stripe = {
      billingPortal: { sessions: { create: failing } },
      subscriptions: { retrieve: failing, cancel: failing },
    } as unknown as typeof deps.stripe;
    const portalDeps = { ...deps, stripe, publicUrl: TEST_ORIGIN };
    // Thunks, called one at a time: a second promise made up front would reject unobserved
    // while the first is awaited, and reach Vitest as an unhandled rejection.
    for (const call of [
      () => openBillingPortal(portalDeps, ref, `${TEST_ORIGIN}/customer`),
      () => cancelSubscription(portalDeps, ref),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "payment_provider_error", cause: down });
    }
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

describe("Get a New Link (Security 4)", () => {
  it("replaces the key: the old link finds nothing anywhere, the new one works and is e-mailed", async () => {
    const email = "rotate-me@example.com";
    const { subscriberId, manageKey: oldKey } = await subscribeWithCard(app, offering, { email });
    const response = await newLink(offering.customUrl, oldKey);
    expect(response.status).toBe(200);
    const { manageKey: newKey } = await readJson(response, newManageLinkResponseSchema);
    expect(newKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(newKey).not.toBe(oldKey);
    expect(newKey).not.toBe(subscriberId);

    // The old link is dead for every use it had.
    const returnUrl = `${TEST_ORIGIN}/customer/${offering.customUrl}/${oldKey}`;
    const oldUses = [
      app.request(portalPath(offering.customUrl, oldKey)),
      app.request(
        `${portalPath(offering.customUrl, oldKey)}/email`,
        jsonRequest("PATCH", { email: "x@example.com" }),
      ),
      newLink(offering.customUrl, oldKey),
      app.request(
        "/api/create-billing-portal",
        jsonRequest("POST", { customUrl: offering.customUrl, manageKey: oldKey, returnUrl }),
      ),
      app.request(
        "/api/cancel-subscription",
        jsonRequest("POST", { customUrl: offering.customUrl, manageKey: oldKey }),
      ),
    ];
    for (const pending of oldUses) {
      const answer = await pending;
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual(notFound);
    }
    expect((await app.request(portalPath(offering.customUrl, newKey))).status).toBe(200);

    const sent = await readOutbox(app, email, "manage_link_replaced");
    expect(sent).toHaveLength(1);
    expect(linksIn(sent[0]!, `${TEST_ORIGIN}/customer/`)).toEqual([
      `${TEST_ORIGIN}/customer/${offering.customUrl}/${newKey}`,
    ]);
    expect(sent[0]!.text).not.toContain(oldKey);
    // Still active: a new link changes nothing else.
    const [row] = await app.runtime.deps.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, subscriberId));
    expect(row).toMatchObject({ paymentStatus: "active", email, manageKey: newKey });
  });

  it("two requests with the same link: one new link, the other finds nothing", async () => {
    const { manageKey } = await subscribeWithCard(app, offering);
    const answers = await Promise.all([
      newLink(offering.customUrl, manageKey),
      newLink(offering.customUrl, manageKey),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
  });

  it("a link from before manage keys (the key is the id) keeps working until it is replaced", async () => {
    const { subscriberId } = await subscribeWithCard(app, offering);
    // What migration 0014 did to every subscriber that existed then.
    await app.runtime.deps.db
      .update(subscribers)
      .set({ manageKey: subscriberId })
      .where(eq(subscribers.id, subscriberId));
    expect((await app.request(portalPath(offering.customUrl, subscriberId))).status).toBe(200);
    const response = await newLink(offering.customUrl, subscriberId);
    expect(response.status).toBe(200);
    const { manageKey } = await readJson(response, newManageLinkResponseSchema);
    expect(manageKey).not.toBe(subscriberId);
    expect((await app.request(portalPath(offering.customUrl, subscriberId))).status).toBe(404);
    expect((await app.request(portalPath(offering.customUrl, manageKey))).status).toBe(200);
  });

  it("needs the offering's custom URL too", async () => {
    const { manageKey } = await subscribeWithCard(app, offering);
    expect((await newLink(other.customUrl, manageKey)).status).toBe(404);
    expect((await app.request(portalPath(offering.customUrl, manageKey))).status).toBe(200);
  });
});
