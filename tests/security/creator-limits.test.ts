import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offeringPriceChanges, offerings } from "../../server/db/schema/app";
import { CREATOR_LIMITS } from "../../server/modules/offerings/offering-service";
import { asCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  defaultOfferingInput,
} from "../factories/offering-factory";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readApiError } from "../support/read-json";

// Each offering is a Stripe Product and each price change a new Stripe Price, made on the
// platform's Stripe account (one shared rate limit). A creator's account can't be used to
// make Stripe objects without end.

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

/** Stripe calls the server makes while `work` runs. */
async function stripeCallsDuring<T>(work: () => Promise<T>) {
  const stripe = app.runtime.deps.stripe;
  const calls: Stripe.RequestEvent[] = [];
  const listener = (event: Stripe.RequestEvent) => calls.push(event);
  stripe.on("request", listener);
  try {
    return { result: await work(), calls };
  } finally {
    stripe.off("request", listener);
  }
}

describe("creator limits", () => {
  it(`caps a creator at ${CREATOR_LIMITS.offeringsPerCreator} offerings, deactivated ones included`, async () => {
    const creator = await createOnboardedCreator(app);
    const first = await createOffering(app, creator);
    await app.request(
      `/api/offerings/${first.id}/status`,
      asCreator(creator, jsonRequest("PATCH", { isActive: false })),
    );
    // Seeded directly, as the dashboard benchmark seeds 200: only the count matters here.
    const seeded = CREATOR_LIMITS.offeringsPerCreator - 2;
    await app.runtime.deps.db.insert(offerings).values(
      Array.from({ length: seeded }, (_, i) => ({
        userId: creator.id,
        title: `Seeded ${i}`,
        category: "home-property",
        subcategory: "Lawn Care",
        description: "Seeded",
        priceCents: 1000,
        customUrl: `seeded-${i}-${randomUUID().slice(0, 8)}`,
      })),
    );
    await createOffering(app, creator, { title: "The last one allowed" });

    const { result: refused, calls } = await stripeCallsDuring(() =>
      app.request("/api/offerings", asCreator(creator, jsonRequest("POST", defaultOfferingInput))),
    );
    expect(refused.status).toBe(422);
    expect(await readApiError(refused)).toEqual({
      code: "limit_reached",
      message: expect.stringContaining(
        `at most ${CREATOR_LIMITS.offeringsPerCreator} subscriptions`,
      ),
    });
    expect(calls, "nothing made at Stripe").toEqual([]);
    const [row] = await app.runtime.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(offerings)
      .where(eq(offerings.userId, creator.id));
    expect(row!.n).toBe(CREATOR_LIMITS.offeringsPerCreator);

    // Another creator is not affected.
    const other = await createOnboardedCreator(app);
    await createOffering(app, other);
  });

  it(`allows ${CREATOR_LIMITS.priceChangesPerOffering} price changes per offering in 24 hours`, async () => {
    const creator = await createOnboardedCreator(app);
    const offering = await createOffering(app, creator, { priceCents: 1000 });
    const sibling = await createOffering(app, creator, { priceCents: 1000 });
    const edit = (id: string, priceCents: number, title = "Weekly Lawn Care") =>
      app.request(
        `/api/offerings/${id}`,
        asCreator(creator, jsonRequest("PATCH", { title, description: "Every week.", priceCents })),
      );
    for (let i = 1; i <= CREATOR_LIMITS.priceChangesPerOffering; i += 1) {
      const response = await edit(offering.id, 1000 + i * 100);
      expect(response.status, `price change ${i}`).toBe(200);
    }
    const lastPrice = 1000 + CREATOR_LIMITS.priceChangesPerOffering * 100;

    const { result: refused, calls } = await stripeCallsDuring(() => edit(offering.id, 9900));
    expect(refused.status).toBe(429);
    expect(await readApiError(refused)).toEqual({
      code: "rate_limited",
      message: expect.stringMatching(
        new RegExp(
          `at most ${CREATOR_LIMITS.priceChangesPerOffering} times in 24 hours\\. Please try again in (an hour|\\d+ hours)\\.`,
        ),
      ),
    });
    expect(calls, "no Stripe Price made").toEqual([]);
    const [stored] = await app.runtime.deps.db
      .select()
      .from(offerings)
      .where(eq(offerings.id, offering.id));
    expect(stored!.priceCents).toBe(lastPrice);

    // Editing the words alone is no price change; another offering has its own count.
    expect((await edit(offering.id, lastPrice, "Lawn Care, Weekly")).status).toBe(200);
    expect((await edit(sibling.id, 1500)).status).toBe(200);

    // A sliding day: once the oldest change is a day old, one more is allowed.
    const [oldest] = await app.runtime.deps.db
      .select()
      .from(offeringPriceChanges)
      .where(eq(offeringPriceChanges.offeringId, offering.id))
      .orderBy(offeringPriceChanges.createdAt)
      .limit(1);
    await app.runtime.deps.db
      .update(offeringPriceChanges)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(offeringPriceChanges.id, oldest!.id));
    expect((await edit(offering.id, 9900)).status).toBe(200);
    expect((await edit(offering.id, 9800)).status).toBe(429);
  });
});
