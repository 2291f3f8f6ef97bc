import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { publicOfferingResponseSchema } from "../../../contracts/landing";
import {
  type Offering,
  offeringListSchema,
  offeringResponseSchema,
  PRICE_MINIMUM_MESSAGE,
} from "../../../contracts/offerings";
import { asCreator, createCreator } from "../../../tests/factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  defaultOfferingInput,
  type OnboardedCreator,
} from "../../../tests/factories/offering-factory";
import { jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { readApiError, readJson } from "../../../tests/support/read-json";
import { startCreatorAppPerFile } from "../../../tests/support/test-app-per-file";
import { offerings } from "../../db/schema/app";

let app: TestApp;
let creator: OnboardedCreator;

startCreatorAppPerFile((started) => {
  ({ app, creator } = started);
});

async function offeringCount(userId: string) {
  const [row] = await app.runtime.deps.db
    .select({ n: count() })
    .from(offerings)
    .where(eq(offerings.userId, userId));
  return row?.n ?? 0;
}

describe("creating an offering", () => {
  it("lets a creator whose payment setup is incomplete create one (ADR 024: subscribing waits for Stripe)", async () => {
    const newcomer = await createCreator(app);
    const response = await app.request(
      "/api/offerings",
      asCreator(newcomer, jsonRequest("POST", defaultOfferingInput)),
    );
    expect(response.status).toBe(201);
    expect(await offeringCount(newcomer.id)).toBe(1);
  });

  it("creates a Stripe product and monthly price and a spec slug", async () => {
    const offering = await createOffering(app, creator, {
      title: "Weekly Lawn Care",
      priceCents: 2500,
    });
    expect(offering.customUrl).toMatch(/^weekly-lawn-care-[0-9a-f]{8}$/);
    expect(offering.isActive).toBe(true);

    const [row] = await app.runtime.deps.db
      .select()
      .from(offerings)
      .where(eq(offerings.id, offering.id));
    const price = await app.runtime.deps.stripe.prices.retrieve(row!.stripePriceId!);
    expect(price.unit_amount).toBe(2500);
    expect(price.recurring?.interval).toBe("month");
    expect(price.product).toBe(row!.stripeProductId);
    expect(row!.creatorEmail).toBe(creator.email);
  });

  it("makes one offering from a double submit with the same Idempotency-Key", async () => {
    const before = await offeringCount(creator.id);
    const key = randomUUID();
    const send = () =>
      app.request(
        "/api/offerings",
        asCreator(
          creator,
          jsonRequest(
            "POST",
            { ...defaultOfferingInput, title: "Dog Walks" },
            { "Idempotency-Key": key },
          ),
        ),
      );
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const idA = (await readJson(a, offeringResponseSchema)).offering.id;
    const idB = (await readJson(b, offeringResponseSchema)).offering.id;
    expect(idA).toBe(idB);
    expect(await offeringCount(creator.id)).toBe(before + 1);
  });

  it.each([
    [{ ...defaultOfferingInput, title: "" }, "Title is required"],
    [{ ...defaultOfferingInput, title: "   " }, "Title is required"],
    [{ ...defaultOfferingInput, category: "spaceships" }, "Choose a category"],
    [{ ...defaultOfferingInput, subcategory: "" }, "Service type is required"],
    [{ ...defaultOfferingInput, description: "" }, "Description is required"],
    [{ ...defaultOfferingInput, priceCents: -1 }, "Price must be $0.00 (free) or at least $0.50."],
    [{ ...defaultOfferingInput, priceCents: 12.5 }, "Price must be in whole cents"],
    [{ ...defaultOfferingInput, priceCents: "25" }, "Price must be a number"],
    // What a cleared or unreadable field would send: never read as $0.00 or as another price.
    [{ ...defaultOfferingInput, priceCents: null }, "Price must be a number"],
    [{ ...defaultOfferingInput, priceCents: "" }, "Price must be a number"],
    [{ ...defaultOfferingInput, priceCents: "12,50" }, "Price must be a number"],
    [
      { title: "No price", category: "home-property", subcategory: "Lawn Care", description: "x" },
      "Price must be a number",
    ],
    [{ ...defaultOfferingInput, extra: true }, "Unknown field: extra."],
  ])("refuses %j with a clear 400", async (body, message) => {
    const before = await offeringCount(creator.id);
    const response = await app.request(
      "/api/offerings",
      asCreator(creator, jsonRequest("POST", body)),
    );
    expect(response.status).toBe(400);
    expect((await readApiError(response)).message).toBe(message);
    expect(await offeringCount(creator.id)).toBe(before);
  });

  it("accepts a free ($0.00) offering", async () => {
    const offering = await createOffering(app, creator, { priceCents: 0, title: "Free Tips" });
    expect(offering.priceCents).toBe(0);
  });
});

describe("editing and toggling", () => {
  it("edits title, description and price; a new Stripe price replaces the archived old one", async () => {
    const offering = await createOffering(app, creator);
    const [before] = await app.runtime.deps.db
      .select()
      .from(offerings)
      .where(eq(offerings.id, offering.id));
    const response = await app.request(
      `/api/offerings/${offering.id}`,
      asCreator(
        creator,
        jsonRequest("PATCH", {
          title: "Lawn Care Plus",
          description: "Now with hedges.",
          priceCents: 3000,
        }),
      ),
    );
    expect(response.status).toBe(200);
    const { offering: updated } = await readJson(response, offeringResponseSchema);
    expect(updated).toMatchObject({
      title: "Lawn Care Plus",
      priceCents: 3000,
      category: offering.category,
    });
    // The slug stays the same: shared links keep working.
    expect(updated.customUrl).toBe(offering.customUrl);

    const [after] = await app.runtime.deps.db
      .select()
      .from(offerings)
      .where(eq(offerings.id, offering.id));
    expect(after!.stripePriceId).not.toBe(before!.stripePriceId);
    const oldPrice = await app.runtime.deps.stripe.prices.retrieve(before!.stripePriceId!);
    const newPrice = await app.runtime.deps.stripe.prices.retrieve(after!.stripePriceId!);
    expect(oldPrice.active).toBe(false);
    expect(newPrice).toMatchObject({ active: true, unit_amount: 3000 });
  });

  it("refuses to change the category on edit", async () => {
    const offering = await createOffering(app, creator);
    const response = await app.request(
      `/api/offerings/${offering.id}`,
      asCreator(
        creator,
        jsonRequest("PATCH", {
          title: "x",
          description: "y",
          priceCents: 100,
          category: "pet-care",
        }),
      ),
    );
    expect(response.status).toBe(400);
  });

  it("deactivates and reactivates; inactive offerings are not public", async () => {
    const offering = await createOffering(app, creator);
    const off = await app.request(
      `/api/offerings/${offering.id}/status`,
      asCreator(creator, jsonRequest("PATCH", { isActive: false })),
    );
    expect((await readJson(off, offeringResponseSchema)).offering.isActive).toBe(false);
    expect((await app.request(`/api/public/offerings/${offering.customUrl}`)).status).toBe(404);

    await app.request(
      `/api/offerings/${offering.id}/status`,
      asCreator(creator, jsonRequest("PATCH", { isActive: true })),
    );
    const visible = await app.request(`/api/public/offerings/${offering.customUrl}`);
    expect(visible.status).toBe(200);
    const { offering: pub } = await readJson(visible, publicOfferingResponseSchema);
    expect(pub.title).toBe(offering.title);
    expect(pub).not.toHaveProperty("userId");
    expect(pub).not.toHaveProperty("stripePriceId");
  });

  it("lists only the creator's own offerings, newest first", async () => {
    const other = await createOnboardedCreator(app);
    const mine = await createOffering(app, other, { title: "Mine A" });
    const mine2 = await createOffering(app, other, { title: "Mine B" });
    const response = await app.request("/api/offerings", asCreator(other));
    const { offerings: list } = await readJson(response, offeringListSchema);
    expect(list.map((o) => o.id)).toEqual([mine2.id, mine.id]);
  });
});

// Issue 10, defect 1: Stripe can't charge less than $0.50, so $0.01–$0.49 is refused (ADR 008).

/** Every product and price in Stripe, so a refusal can be shown to create nothing there. */
async function stripeCatalogue() {
  const stripe = app.runtime.deps.stripe;
  const [products, prices] = await Promise.all([
    stripe.products.list({ limit: 100 }),
    stripe.prices.list({ limit: 100 }),
  ]);
  return {
    products: products.data.map((p) => `${p.id}:${p.name}`).sort(),
    prices: prices.data.map((p) => `${p.id}:${p.unit_amount}:${p.active}`).sort(),
  };
}

async function offeringRow(id: string) {
  const [row] = await app.runtime.deps.db.select().from(offerings).where(eq(offerings.id, id));
  return row!;
}

function create(priceCents: number) {
  return app.request(
    "/api/offerings",
    asCreator(creator, jsonRequest("POST", { ...defaultOfferingInput, priceCents })),
  );
}

function edit(offering: Offering, priceCents: number) {
  return app.request(
    `/api/offerings/${offering.id}`,
    asCreator(
      creator,
      jsonRequest("PATCH", {
        title: offering.title,
        description: offering.description,
        priceCents,
      }),
    ),
  );
}

describe("the minimum price", () => {
  it.each([1, 25, 49])(
    "refuses to create an offering at %i cents, naming the minimum, and creates nothing in Stripe",
    async (priceCents) => {
      const before = await stripeCatalogue();
      const response = await create(priceCents);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: "validation_failed", message: PRICE_MINIMUM_MESSAGE },
      });
      expect(PRICE_MINIMUM_MESSAGE).toBe("Price must be $0.00 (free) or at least $0.50.");
      expect(await stripeCatalogue()).toEqual(before);
    },
  );

  it("creates offerings at $0.00 (free) and at exactly $0.50", async () => {
    for (const priceCents of [0, 50]) {
      const response = await create(priceCents);
      expect(response.status).toBe(201);
      const { offering } = await readJson(response, offeringResponseSchema);
      expect(offering.priceCents).toBe(priceCents);
      const row = await offeringRow(offering.id);
      const price = await app.runtime.deps.stripe.prices.retrieve(row.stripePriceId!);
      expect(price.unit_amount).toBe(priceCents);
    }
  });

  it("refuses to edit a price down to $0.49, keeping the offering and its Stripe price", async () => {
    const offering = await createOffering(app, creator, { priceCents: 2500 });
    const rowBefore = await offeringRow(offering.id);
    const before = await stripeCatalogue();
    const response = await edit(offering, 49);
    expect(response.status).toBe(400);
    expect((await readApiError(response)).message).toBe(PRICE_MINIMUM_MESSAGE);
    expect(await stripeCatalogue()).toEqual(before);
    const rowAfter = await offeringRow(offering.id);
    expect(rowAfter).toMatchObject({
      priceCents: 2500,
      stripePriceId: rowBefore.stripePriceId,
      title: rowBefore.title,
    });
  });

  it("accepts an edit to $0.50 and to $0.00", async () => {
    const offering = await createOffering(app, creator, { priceCents: 2500 });
    for (const priceCents of [50, 0]) {
      const response = await edit(offering, priceCents);
      expect(response.status).toBe(200);
      const row = await offeringRow(offering.id);
      expect(row.priceCents).toBe(priceCents);
      const price = await app.runtime.deps.stripe.prices.retrieve(row.stripePriceId!);
      expect(price).toMatchObject({ active: true, unit_amount: priceCents });
    }
  });
});
