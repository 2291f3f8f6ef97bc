import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerPortalSchema } from "../../contracts/customer-portal";
import { earningsSchema } from "../../contracts/dashboard";
import type { Offering } from "../../contracts/offerings";
import {
  type CreatePromoCodeInput,
  promoCodeCheckResponseSchema,
  promoCodeListSchema,
  promoCodeResponseSchema,
} from "../../contracts/promotions";
import { creatorEarnings, promoCodes } from "../../server/db/schema/app";
import { asCreator } from "../factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../factories/offering-factory";
import { advanceEmulatorClock, emulatorNow, testCards } from "../factories/stripe-browser";
import { subscribeWithCard } from "../factories/subscriber-factory";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";
import { readApiError, readJson } from "../support/read-json";

// Issue 20: a creator's promo codes, checked on the server, applied by Stripe on its clock,
// never making a charge negative, with the platform's fee taken from what was charged.

let app: TestApp;
let creator: OnboardedCreator;
let rival: OnboardedCreator;
let lawn: Offering;
let walks: Offering;

beforeAll(async () => {
  app = await createTestApp();
  [creator, rival] = await Promise.all([createOnboardedCreator(app), createOnboardedCreator(app)]);
  lawn = await createOffering(app, creator, { title: "Lawn Care", priceCents: 2500 });
  walks = await createOffering(app, creator, {
    title: "Dog Walks",
    priceCents: 2500,
    cadence: "week",
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

function codeInput(overrides: Partial<CreatePromoCodeInput> = {}) {
  return {
    code: "SPRING20",
    kind: "percent",
    percentOff: 20,
    duration: "repeating",
    durationInMonths: 3,
    offeringIds: [lawn.id],
    ...overrides,
  } as Record<string, unknown>;
}

async function createCode(input: Record<string, unknown>, owner = creator) {
  return app.request("/api/promo-codes", asCreator(owner, jsonRequest("POST", input)));
}

async function check(offering: Offering, code: string) {
  return app.request(
    "/api/public/promo-codes/check",
    jsonRequest("POST", { customUrl: offering.customUrl, code }),
  );
}

async function couponCount() {
  return (await app.runtime.deps.stripe.coupons.list({ limit: 100 })).data.length;
}

async function advanceDays(days: number) {
  await advanceEmulatorClock(app, days);
  await app.flushWebhooks();
}

async function paidAmounts(subscriptionId: string) {
  const invoices = await app.runtime.deps.stripe.invoices.list({
    subscription: subscriptionId,
    limit: 100,
  });
  return invoices.data
    .sort((a, b) => a.period_start - b.period_start)
    .map((invoice) => invoice.amount_paid);
}

describe("creating codes", () => {
  it("refuses what can't be a code with a message, and makes nothing at Stripe", async () => {
    const before = await couponCount();
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [codeInput({ code: "SPR\u0000ING" }), /NUL|Code must be/],
      [codeInput({ code: "SPRING\u001b[31m" }), /Code/],
      [codeInput({ code: "AB" }), /Code must be 3 to 32/],
      [codeInput({ code: "TEN PERCENT" }), /Code must be 3 to 32/],
      [codeInput({ percentOff: 0 }), /at least 1%/],
      [codeInput({ percentOff: 101 }), /more than 100%/],
      [codeInput({ percentOff: 12.5 }), /whole number/],
      [
        codeInput({ kind: "amount", percentOff: undefined, amountOffCents: -500 }),
        /at least \$0\.01/,
      ],
      [codeInput({ kind: "amount", percentOff: undefined }), /Enter the amount off/],
      [codeInput({ durationInMonths: undefined }), /how many months/],
      [codeInput({ duration: "once" }), /Months apply only/],
      [{ ...codeInput({ durationInMonths: undefined }), duration: "weekly" }, /Duration must be/],
      [codeInput({ expiresOn: yesterday }), /Expiry date can't be in the past/],
      [codeInput({ expiresOn: "31/12/2027" }), /Expiry date must be a date/],
      [codeInput({ offeringIds: [] }), /at least one subscription/],
      [codeInput({ offeringIds: [rival.id] }), /Choose subscriptions/],
    ];
    for (const [input, message] of cases) {
      const response = await createCode(input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      expect((await readApiError(response)).message, JSON.stringify(input)).toMatch(message);
    }
    // Another creator's offering is not "your own" either.
    const rivalOffering = await createOffering(app, rival, { title: "Rival Lawn" });
    const theirs = await createCode(codeInput({ offeringIds: [rivalOffering.id] }));
    expect(theirs.status).toBe(400);
    expect(await couponCount()).toBe(before);
    // Today is not the past.
    const ok = await createCode(codeInput({ code: "TODAYONLY", expiresOn: today }));
    expect(ok.status).toBe(201);
  });

  it("keeps codes unique per creator, not across the platform", async () => {
    expect((await createCode(codeInput({ code: "neighbour10" }))).status).toBe(201);
    const again = await createCode(codeInput({ code: "NEIGHBOUR10" }));
    expect(again.status).toBe(409);
    expect((await readApiError(again)).message).toBe(
      "You already have a code NEIGHBOUR10. Choose another.",
    );
    const rivalOffering = await createOffering(app, rival, { title: "Rival Walks" });
    const rivals = await createCode(
      codeInput({ code: "NEIGHBOUR10", offeringIds: [rivalOffering.id] }),
      rival,
    );
    expect(rivals.status).toBe(201);
    const list = await readJson(
      await app.request("/api/promo-codes", asCreator(creator)),
      promoCodeListSchema,
    );
    expect(list.promoCodes.find((c) => c.code === "NEIGHBOUR10")).toMatchObject({
      timesUsed: 0,
      isActive: true,
      offerings: [{ id: lawn.id, title: "Lawn Care" }],
    });
  });
});

describe("the cap on active codes", () => {
  it("stops at 100 active codes, and deactivating one makes room", async () => {
    const busy = await createOnboardedCreator(app);
    const offering = await createOffering(app, busy, { title: "Busy Lawns" });
    const make = (n: number) =>
      createCode(codeInput({ code: `CAP${n}`, offeringIds: [offering.id] }), busy);
    const made = await make(0);
    const first = (await readJson(made, promoCodeResponseSchema)).promoCode.id;
    // 99 more, written directly: through the API the creator's Stripe rate limit comes first.
    await app.runtime.deps.db.insert(promoCodes).values(
      Array.from({ length: 99 }, (_, i) => ({
        userId: busy.id,
        code: `CAP${i + 1}`,
        percentOff: 10,
        duration: "forever" as const,
        stripeCouponId: `rg_cap_${busy.id}_${i + 1}`,
      })),
    );
    const refused = await make(100);
    expect(refused.status).toBe(409);
    expect((await readApiError(refused)).message).toBe(
      "You can have at most 100 active codes. Deactivate one you no longer use first.",
    );
    const off = await app.request(
      `/api/promo-codes/${first}`,
      asCreator(busy, jsonRequest("PATCH", { isActive: false })),
    );
    expect(off.status).toBe(200);
    expect((await make(100)).status).toBe(201);
  }, 120_000);
});

describe("the modal's check", () => {
  it("says what a code does, and why one can't be used", async () => {
    await createCode(codeInput({ code: "HALFOFF", percentOff: 50, offeringIds: [lawn.id] }));
    const good = await check(lawn, " halfoff ");
    expect(good.status).toBe(200);
    expect(await readJson(good, promoCodeCheckResponseSchema)).toEqual({
      code: "HALFOFF",
      priceCents: 2500,
      cadence: "month",
      discountedCents: 1250,
      percentOff: 50,
      amountOffCents: null,
      duration: "repeating",
      durationInMonths: 3,
      summary: "50% off for 3 months",
    });
    for (const [offering, code, message] of [
      [lawn, "NOPE10", "That code isn't valid for this subscription. Check it and try again."],
      [walks, "HALFOFF", "That code doesn't apply to this subscription."],
      [
        lawn,
        "x".repeat(150),
        "That code isn't valid for this subscription. Check it and try again.",
      ],
    ] as const) {
      const response = await check(offering, code);
      expect(response.status).toBe(400);
      expect((await readApiError(response)).message).toBe(message);
    }
    // Another business's code of the same text is theirs alone.
    const rivalOffering = await createOffering(app, rival, { title: "Rival Mow" });
    await createCode(codeInput({ code: "RIVAL25", offeringIds: [rivalOffering.id] }), rival);
    expect((await readApiError(await check(lawn, "RIVAL25"))).message).toBe(
      "That code isn't valid for this subscription. Check it and try again.",
    );
  });
});

describe("discounts over months", () => {
  it("takes 20% off three monthly charges, then the full price; the fee follows the charge", async () => {
    await createCode(codeInput({ code: "THREEMONTHS" }));
    const sub = await subscribeWithCard(app, lawn, { promoCode: "threemonths" });
    const portal = await readJson(
      await app.request(`/api/public/customers/${lawn.customUrl}/${sub.manageKey}`),
      customerPortalSchema,
    );
    expect(portal.subscriber.discount).toMatchObject({ summary: "20% off", discountedCents: 2000 });
    await advanceDays(160);
    expect(await paidAmounts(sub.subscriptionId)).toEqual([2000, 2000, 2000, 2500, 2500, 2500]);
    const earnings = await app.runtime.deps.db
      .select()
      .from(creatorEarnings)
      .where(eq(creatorEarnings.subscriberId, sub.subscriberId));
    const byAmount = earnings
      .map((e) => [e.grossAmountCents, e.platformFeeCents, e.netAmountCents])
      .sort((a, b) => a[0]! - b[0]!);
    expect(byAmount).toEqual([
      [2000, 300, 1700],
      [2000, 300, 1700],
      [2000, 300, 1700],
      [2500, 375, 2125],
      [2500, 375, 2125],
      [2500, 375, 2125],
    ]);
    const list = await readJson(
      await app.request("/api/promo-codes", asCreator(creator)),
      promoCodeListSchema,
    );
    expect(list.promoCodes.find((c) => c.code === "THREEMONTHS")?.timesUsed).toBe(1);
    // The earnings tab says what the code cost: 3 × $5.00.
    const totals = await readJson(
      await app.request("/api/dashboard/earnings", asCreator(creator)),
      earningsSchema,
    );
    expect(totals.totalDiscountCents).toBeGreaterThanOrEqual(1500);
  }, 120_000);

  it("never makes a charge negative: an amount off above the price charges $0", async () => {
    await createCode(
      codeInput({
        code: "FIRSTFREE",
        kind: "amount",
        percentOff: undefined,
        amountOffCents: 4000,
        duration: "once",
        durationInMonths: undefined,
        offeringIds: [walks.id],
      }),
    );
    const sub = await subscribeWithCard(app, walks, { promoCode: "FIRSTFREE" });
    await advanceDays(15);
    const amounts = await paidAmounts(sub.subscriptionId);
    expect(amounts).toEqual([0, 2500, 2500]);
    expect(amounts.every((amount) => amount >= 0)).toBe(true);
    // The free charge is a $0 payment on the books, so what the code cost shows.
    const earnings = await app.runtime.deps.db
      .select()
      .from(creatorEarnings)
      .where(eq(creatorEarnings.subscriberId, sub.subscriberId));
    expect(
      earnings
        .map((e) => [e.grossAmountCents, e.discountCents, e.platformFeeCents])
        .sort((a, b) => a[0]! - b[0]!),
    ).toEqual([
      [0, 2500, 0],
      [2500, 0, 375],
      [2500, 0, 375],
    ]);
  }, 60_000);

  it("stops at its use limit and its expiry, by Stripe's count and clock", async () => {
    await createCode(codeInput({ code: "ONLYONE", maxRedemptions: 1 }));
    await subscribeWithCard(app, lawn, { promoCode: "ONLYONE" });
    expect((await readApiError(await check(lawn, "ONLYONE"))).message).toBe(
      "That code has been used as many times as it can be.",
    );
    // The emulator's clock, like a Stripe test clock, has run ahead of ours: a date that is
    // still to come for us but past for Stripe is refused as past.
    const stripeNow = await emulatorNow(app);
    const ourFuture = new Date(stripeNow - 86_400_000).toISOString().slice(0, 10);
    if (ourFuture > new Date().toISOString().slice(0, 10)) {
      const refused = await createCode(codeInput({ code: "TOOLATE", expiresOn: ourFuture }));
      expect((await readApiError(refused)).message).toBe("Expiry date can't be in the past.");
    }
    const inTenDays = new Date(stripeNow + 10 * 86_400_000).toISOString().slice(0, 10);
    expect((await createCode(codeInput({ code: "SOON", expiresOn: inTenDays }))).status).toBe(201);
    expect((await check(lawn, "SOON")).status).toBe(200);
    await advanceDays(12);
    expect((await readApiError(await check(lawn, "SOON"))).message).toBe("That code has expired.");
  }, 60_000);

  it("deactivates: nobody new can use it, those who did keep their discount", async () => {
    const made = await readJson(
      await createCode(
        codeInput({ code: "LOYAL", duration: "forever", durationInMonths: undefined }),
      ),
      promoCodeResponseSchema,
    );
    const sub = await subscribeWithCard(app, lawn, { promoCode: "LOYAL", card: testCards.success });
    const off = await app.request(
      `/api/promo-codes/${made.promoCode.id}`,
      asCreator(creator, jsonRequest("PATCH", { isActive: false })),
    );
    expect(off.status).toBe(200);
    expect((await readJson(off, promoCodeResponseSchema)).promoCode).toMatchObject({
      isActive: false,
      timesUsed: 1,
    });
    expect((await readApiError(await check(lawn, "LOYAL"))).message).toBe(
      "That code is no longer active.",
    );
    // Another creator can't deactivate it, nor see it.
    const theirs = await app.request(
      `/api/promo-codes/${made.promoCode.id}`,
      asCreator(rival, jsonRequest("PATCH", { isActive: false })),
    );
    expect(theirs.status).toBe(404);
    await advanceDays(31);
    expect((await paidAmounts(sub.subscriptionId)).slice(-2)).toEqual([2000, 2000]);
  }, 60_000);
});
