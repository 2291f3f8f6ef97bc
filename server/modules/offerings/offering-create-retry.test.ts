import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { offeringResponseSchema } from "../../../contracts/offerings";
import { asCreator } from "../../../tests/factories/creator-factory";
import type { OnboardedCreator } from "../../../tests/factories/offering-factory";
import { defaultOfferingInput } from "../../../tests/factories/offering-factory";
import { jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { readJson } from "../../../tests/support/read-json";
import { startCreatorAppPerFile } from "../../../tests/support/test-app-per-file";
import { idempotencyRecords, offerings } from "../../db/schema/app";
import { idempotencyKeys } from "../../lib/idempotency";

let app: TestApp;
let creator: OnboardedCreator;

startCreatorAppPerFile((started) => {
  ({ app, creator } = started);
});

const faultsUrl = () => `${app.runtime.emulator!.url}/_emulator/faults`;

/** Every call to these Stripe paths fails with a 500 until cleared. */
async function failStripe(paths: string[]) {
  await fetch(faultsUrl(), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ mode: "http500", failureRate: 1, paths }),
  });
}
afterEach(async () => {
  await fetch(faultsUrl(), { method: "DELETE" });
});

function create(body: object, key: string) {
  return app.request(
    "/api/offerings",
    asCreator(creator, jsonRequest("POST", body, { "Idempotency-Key": key })),
  );
}

/** The Stripe products this creator's create requests made, active or archived. */
async function productsTitled(title: string): Promise<Stripe.Product[]> {
  const all = await app.runtime.deps.stripe.products.list({ limit: 100 });
  return all.data.filter(
    (product) => product.name === title && product.metadata.regulars_user_id === creator.id,
  );
}

describe("retrying a create after a partial Stripe failure", () => {
  it("succeeds with the same key, making one product with the custom URL it first generated", async () => {
    const body = { ...defaultOfferingInput, title: `Retry ${randomUUID().slice(0, 6)}` };
    const key = randomUUID();
    await failStripe(["/v1/prices"]);
    const failed = await create(body, key);
    expect(failed.status).toBe(502);
    // The product was made before the price failed; it is archived, not left for sale.
    const [leftOver, ...more] = await productsTitled(body.title);
    expect(more).toEqual([]);
    expect(leftOver?.active).toBe(false);

    await fetch(faultsUrl(), { method: "DELETE" });
    const retried = await create(body, key);
    expect(retried.status, await retried.clone().text()).toBe(201);
    const { offering } = await readJson(retried, offeringResponseSchema);

    const products = await productsTitled(body.title);
    expect(products.map((product) => product.id)).toEqual([leftOver!.id]);
    expect(products[0]!.active).toBe(true);
    // The retry generated what the first try did: the product's URL is the offering's.
    expect(products[0]!.metadata.regulars_custom_url).toBe(offering.customUrl);
    const [row] = await app.runtime.deps.db
      .select()
      .from(offerings)
      .where(eq(offerings.id, offering.id));
    expect(row!.stripeProductId).toBe(leftOver!.id);
    const price = await app.runtime.deps.stripe.prices.retrieve(row!.stripePriceId!);
    expect(price).toMatchObject({ product: leftOver!.id, unit_amount: body.priceCents });

    // And a double submit of it afterwards is the same offering, not a second.
    const again = await create(body, key);
    expect((await readJson(again, offeringResponseSchema)).offering.id).toBe(offering.id);
  });

  it("reuses the product and its price when only the database step failed", async () => {
    const body = { ...defaultOfferingInput, title: `Db ${randomUUID().slice(0, 6)}` };
    const key = randomUUID();
    // A first try that made the product and price at Stripe and died before its row.
    const first = await create(body, key);
    expect(first.status).toBe(201);
    const { offering } = await readJson(first, offeringResponseSchema);
    await app.runtime.deps.db.delete(offerings).where(eq(offerings.id, offering.id));
    await app.runtime.deps.db
      .delete(idempotencyRecords)
      .where(eq(idempotencyRecords.key, idempotencyKeys.createOffering(creator.id, key)));

    const retried = await create(body, key);
    expect(retried.status).toBe(201);
    const { offering: made } = await readJson(retried, offeringResponseSchema);
    expect(made.customUrl).toBe(offering.customUrl);
    const products = await productsTitled(body.title);
    expect(products).toHaveLength(1);
    const prices = await app.runtime.deps.stripe.prices.list({ product: products[0]!.id });
    expect(prices.data).toHaveLength(1);
  });

  it("takes a corrected form after a failure as a new request, even under the old key", async () => {
    const body = { ...defaultOfferingInput, title: `Typo ${randomUUID().slice(0, 6)}` };
    const key = randomUUID();
    await failStripe(["/v1/prices"]);
    expect((await create(body, key)).status).toBe(502);
    await fetch(faultsUrl(), { method: "DELETE" });

    const corrected = { ...body, title: `${body.title} fixed` };
    const response = await create(corrected, key);
    expect(response.status, await response.clone().text()).toBe(201);
    expect((await productsTitled(corrected.title)).map((product) => product.active)).toEqual([
      true,
    ]);
    // What the given-up request made stays archived: nothing for sale that no offering sells.
    expect((await productsTitled(body.title)).map((product) => product.active)).toEqual([false]);
  });

  it("is not blocked by the claim of an attempt that died mid-way", async () => {
    const body = { ...defaultOfferingInput, title: `Dead ${randomUUID().slice(0, 6)}` };
    const key = randomUUID();
    await app.runtime.deps.db.insert(idempotencyRecords).values({
      key: idempotencyKeys.createOffering(creator.id, key),
      requestHash: "from-a-process-that-died",
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const response = await create(body, key);
    expect(response.status, await response.clone().text()).toBe(201);
  });
});
