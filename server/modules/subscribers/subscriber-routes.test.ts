import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../../contracts/api-error";
import {
  cancelSubscriberResultSchema,
  type SubscriberPage,
  subscriberDetailSchema,
  subscriberPageSchema,
  subscriberPaymentsSchema,
} from "../../../contracts/subscribers";
import { asCreator } from "../../../tests/factories/creator-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../../../tests/factories/offering-factory";
import { advanceEmulatorClock } from "../../../tests/factories/stripe-browser";
import { subscribeWithCard } from "../../../tests/factories/subscriber-factory";
import {
  createTestApp,
  jsonRequest,
  TEST_ORIGIN,
  type TestApp,
} from "../../../tests/setup/test-app";
import { parseCsv } from "../../../tests/support/parse-csv";
import { readJson } from "../../../tests/support/read-json";
import { emailOutbox, subscribers } from "../../db/schema/app";

let app: TestApp;
let creator: OnboardedCreator;
let other: OnboardedCreator;
let lawns: { id: string; customUrl: string; title: string };
let hedges: { id: string; customUrl: string; title: string };
/** Mary's self-service link's key, which her detail's link carries (not her id). */
let maryManageKey: string;
const ids: Record<"mary" | "bob" | "eve" | "quote" | "other", string> = {
  mary: "",
  bob: "",
  eve: "",
  quote: "",
  other: "",
};

beforeAll(async () => {
  app = await createTestApp();
  creator = await createOnboardedCreator(app);
  other = await createOnboardedCreator(app);
  lawns = await createOffering(app, creator, { title: "Weekly Lawn Care", priceCents: 2500 });
  hedges = await createOffering(app, creator, {
    title: "Hedge Trimming",
    priceCents: 4000,
    cadence: "two_weeks",
  });
  const mary = await subscribeWithCard(app, lawns, {
    name: "Mary Jones",
    email: "mary.jones@example.com",
  });
  ids.mary = mary.subscriberId;
  maryManageKey = mary.manageKey;
  ids.bob = (
    await subscribeWithCard(app, hedges, { name: "bob Smith", email: "bob_smith@example.com" })
  ).subscriberId;
  ids.eve = (
    await subscribeWithCard(app, lawns, { name: "=HYPERLINK(1)", email: "eve@example.com" })
  ).subscriberId;
  ids.quote = (
    await subscribeWithCard(app, hedges, {
      name: 'Anna "Nan" Lee, Jr.',
      email: "anna@example.com",
    })
  ).subscriberId;
  const otherOffering = await createOffering(app, other, { title: "Dog Walks" });
  ids.other = (
    await subscribeWithCard(app, otherOffering, { name: "Olga Other", email: "olga@example.com" })
  ).subscriberId;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function list(query = "", as: OnboardedCreator = creator) {
  const response = await app.request(`/api/subscribers${query}`, asCreator(as));
  expect(response.status, await response.clone().text()).toBe(200);
  return readJson(response, subscriberPageSchema);
}

const names = (page: SubscriberPage) => page.subscribers.map((s) => s.name);

async function errorOf(path: string, init: RequestInit = {}) {
  const response = await app.request(path, asCreator(creator, init));
  return {
    status: response.status,
    body: await readJson(response, apiErrorSchema),
  };
}

describe("GET /api/subscribers", () => {
  it("lists every subscriber of every offering, newest first, with what each pays", async () => {
    const page = await list();
    expect(names(page)).toEqual([
      'Anna "Nan" Lee, Jr.',
      "=HYPERLINK(1)",
      "bob Smith",
      "Mary Jones",
    ]);
    expect(page.nextCursor).toBeNull();
    const mary = page.subscribers.find((s) => s.id === ids.mary)!;
    expect(mary).toMatchObject({
      email: "mary.jones@example.com",
      offeringId: lawns.id,
      offeringTitle: "Weekly Lawn Care",
      priceCents: 2500,
      status: "active",
      endsAt: null,
    });
    expect(Date.parse(mary.nextBillingAt!)).toBeGreaterThan(Date.parse(mary.joinedAt));
  });

  it("finds a subscriber by part of their e-mail or name, in any case", async () => {
    expect(names(await list("?q=jones%40exa"))).toEqual(["Mary Jones"]);
    expect(names(await list("?q=JONES"))).toEqual(["Mary Jones"]);
    expect(names(await list("?q=ary%20Jo"))).toEqual(["Mary Jones"]);
    expect(names(await list("?q=%20%20smith%20"))).toEqual(["bob Smith"]);
    // LIKE's wildcards are plain characters in a search.
    expect(names(await list("?q=b_s"))).toEqual(["bob Smith"]);
    expect(names(await list("?q=%25"))).toEqual([]);
    expect(names(await list("?q=nobody-at-all"))).toEqual([]);
  });

  it("filters by offering and by status, and sorts by name", async () => {
    expect(names(await list(`?offering=${hedges.id}`))).toEqual([
      'Anna "Nan" Lee, Jr.',
      "bob Smith",
    ]);
    expect(names(await list("?status=past_due"))).toEqual([]);
    expect(names(await list("?sort=name"))).toEqual([
      "=HYPERLINK(1)",
      'Anna "Nan" Lee, Jr.',
      "bob Smith",
      "Mary Jones",
    ]);
    expect(names(await list(`?sort=name&offering=${lawns.id}&q=e`))).toEqual([
      "=HYPERLINK(1)",
      "Mary Jones",
    ]);
    // Another creator's offering is simply none of this creator's.
    expect(names(await list(`?offering=${ids.other}`))).toEqual([]);
  });

  it("pages by keyset in both orders, each row once", async () => {
    for (const sort of ["joined", "name"]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ""}`;
        const page = await list(query);
        seen.push(...names(page));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages, sort).toBe(2);
      expect(seen, sort).toEqual(names(await list(`?sort=${sort}`)));
    }
  });

  it("refuses a bad query with a 400 a person can act on", async () => {
    for (const [query, message] of [
      ["?status=gone", /status must be/],
      ["?sort=price", /sort must be/],
      ["?offering=123", /offering must be/],
      ["?limit=1000", /at most 100/],
      ["?cursor=not-a-cursor", /first page/],
      ["?color=red", /Unknown field/],
      [`?q=${"x".repeat(101)}`, /at most 100/],
      ["?q=a%01b", /control characters/],
    ] as const) {
      const { status, body } = await errorOf(`/api/subscribers${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code, query).toBe("validation_failed");
      expect(body.error.message, query).toMatch(message);
    }
    // A cursor from one sort is no good for the other.
    const byName = await list("?sort=name&limit=1");
    expect((await errorOf(`/api/subscribers?limit=1&cursor=${byName.nextCursor}`)).status).toBe(
      400,
    );
  });

  it("shows another creator nothing of this one's", async () => {
    const page = await list("", other);
    expect(names(page)).toEqual(["Olga Other"]);
    for (const path of [`/api/subscribers/${ids.mary}`, `/api/subscribers/${ids.mary}/payments`]) {
      const response = await app.request(path, asCreator(other));
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("mary");
    }
    const cancel = await app.request(
      `/api/subscribers/${ids.mary}/cancel`,
      asCreator(other, jsonRequest("POST", { when: "now" })),
    );
    expect(cancel.status).toBe(404);
    for (const kind of ["subscribers", "payments"]) {
      const csv = await app.request(`/api/subscribers/export/${kind}.csv`, asCreator(other));
      expect(await csv.text(), kind).not.toMatch(/mary|Lawn/i);
    }
    const [row] = await app.runtime.deps.db
      .select({ status: subscribers.paymentStatus })
      .from(subscribers)
      .where(eq(subscribers.id, ids.mary));
    expect(row?.status).toBe("active");
  });
});

describe("GET /api/subscribers/:id and /payments", () => {
  it("shows the self-service link and the e-mails sent, never their bodies", async () => {
    const response = await app.request(`/api/subscribers/${ids.mary}`, asCreator(creator));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const detail = await readJson(response, subscriberDetailSchema);
    expect(detail.subscriber).toMatchObject({ id: ids.mary, name: "Mary Jones", canCancel: true });
    expect(detail.subscriber.manageUrl).toBe(
      `${TEST_ORIGIN}/customer/${lawns.customUrl}/${maryManageKey}`,
    );
    const kinds = detail.emails.map((e) => e.kind).sort();
    expect(kinds).toEqual(["payment_receipt", "subscription_confirmation"]);
    for (const email of detail.emails) {
      expect(Object.keys(email).sort()).toEqual(["createdAt", "id", "kind", "status", "subject"]);
    }
  });

  it("lists each payment with its fee and net; a renewal adds one", async () => {
    const first = await app.request(`/api/subscribers/${ids.bob}/payments`, asCreator(creator));
    const { payments } = await readJson(first, subscriberPaymentsSchema);
    expect(payments).toEqual([
      {
        id: expect.any(String),
        paidAt: expect.any(String),
        amountCents: 4000,
        feeCents: 600,
        netCents: 3400,
        status: "paid",
        refundedCents: 0,
        disputedCents: 0,
        dispute: "none",
        canRefund: true,
      },
    ]);
  });

  it("is a 404 for an id that isn't a subscriber", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", lawns.id]) {
      expect((await errorOf(`/api/subscribers/${id}`)).status, id).toBe(404);
      expect((await errorOf(`/api/subscribers/${id}/payments`)).status, id).toBe(404);
    }
  });
});

describe("POST /api/subscribers/:id/cancel", () => {
  async function cancel(id: string, body: unknown) {
    return app.request(
      `/api/subscribers/${id}/cancel`,
      asCreator(creator, jsonRequest("POST", body)),
    );
  }

  async function mailOf(subscriberId: string, kind: string) {
    return app.runtime.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.subscriberId, subscriberId), eq(emailOutbox.kind, kind)));
  }

  it("cancels at the end of the period: no next charge, and the customer hears the business did it", async () => {
    const response = await cancel(ids.bob, { when: "period_end" });
    expect(response.status, await response.clone().text()).toBe(200);
    const { subscriber } = await readJson(response, cancelSubscriberResultSchema);
    expect(subscriber).toMatchObject({ status: "active", nextBillingAt: null });
    expect(Date.parse(subscriber.endsAt!)).toBeGreaterThan(Date.now());
    await app.flushWebhooks();
    const scheduled = await mailOf(ids.bob, "subscription_cancel_scheduled");
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]?.to).toBe("bob_smith@example.com");
    expect(scheduled[0]?.text).toContain(
      "The business set your Hedge Trimming subscription to end on",
    );
    expect(await mailOf(ids.bob, "subscription_cancelled")).toHaveLength(0);
    // Asking again changes nothing and says nothing new.
    expect((await cancel(ids.bob, { when: "period_end" })).status).toBe(200);
    await app.flushWebhooks();
    expect(await mailOf(ids.bob, "subscription_cancel_scheduled")).toHaveLength(1);

    // Past the two weeks paid for: it ends, uncharged, and the customer hears it once.
    await advanceEmulatorClock(app, 15);
    await app.flushWebhooks();
    const ended = await mailOf(ids.bob, "subscription_cancelled");
    expect(ended).toHaveLength(1);
    expect(ended[0]?.text).toContain("The business cancelled your Hedge Trimming subscription");
    // The business was told when it set the end, not again now.
    expect(await mailOf(ids.bob, "creator_subscription_change")).toHaveLength(1);
    expect(await mailOf(ids.bob, "creator_cancellation")).toHaveLength(0);
    const detail = await readJson(
      await app.request(`/api/subscribers/${ids.bob}`, asCreator(creator)),
      subscriberDetailSchema,
    );
    expect(detail.subscriber.status).toBe("cancelled");
    expect(detail.emails.map((e) => e.kind)).toEqual(
      expect.arrayContaining(["subscription_cancel_scheduled", "subscription_cancelled"]),
    );
    const { payments } = await readJson(
      await app.request(`/api/subscribers/${ids.bob}/payments`, asCreator(creator)),
      subscriberPaymentsSchema,
    );
    expect(payments).toHaveLength(1);
  });

  it("cancels at once: cancelled, no charge ahead, once", async () => {
    const response = await cancel(ids.quote, { when: "now" });
    expect(response.status).toBe(200);
    const { subscriber } = await readJson(response, cancelSubscriberResultSchema);
    expect(subscriber).toMatchObject({ status: "cancelled", nextBillingAt: null, endsAt: null });
    await app.flushWebhooks();
    const [toCustomer] = await mailOf(ids.quote, "subscription_cancelled");
    expect(toCustomer?.text).toContain("The business cancelled");
    const again = await cancel(ids.quote, { when: "now" });
    expect(again.status).toBe(409);
    // Bob's end, set at the period's end above, has come too.
    expect(names(await list("?status=cancelled"))).toEqual(['Anna "Nan" Lee, Jr.', "bob Smith"]);
  });

  it("refuses a body without a valid `when`", async () => {
    for (const body of [{}, { when: "later" }, { when: "now", extra: 1 }]) {
      const response = await cancel(ids.mary, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("CSV exports", () => {
  it("exports the filtered subscribers: BOM, header, quoting, formulas made text", async () => {
    const response = await app.request(
      `/api/subscribers/export/subscribers.csv?offering=${lawns.id}&sort=name`,
      asCreator(creator),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      "Name",
      "Email",
      "Subscription",
      "Price (USD)",
      "Billed",
      "Status",
      "Joined",
      "Next billing date",
      "Ends",
      "Phone",
      "Street address",
      "Apartment/unit",
      "City",
      "State/region",
      "Postal code",
      "Country",
    ]);
    expect(rows.map((r) => r[0])).toEqual(["'=HYPERLINK(1)", "Mary Jones"]);
    const mary = rows[1]!;
    expect(mary.slice(0, 6)).toEqual([
      "Mary Jones",
      "mary.jones@example.com",
      "Weekly Lawn Care",
      "25.00",
      "Every month",
      "Active",
    ]);
    expect(mary[6]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(text).not.toContain(ids.mary);
  });

  it("exports everything, quoting a name with a comma and quotes", async () => {
    const response = await app.request(
      "/api/subscribers/export/subscribers.csv",
      asCreator(creator),
    );
    const text = (await response.text()).replace(/^\uFEFF/, "");
    expect(text).toContain(
      '"Anna ""Nan"" Lee, Jr.",anna@example.com,Hedge Trimming,40.00,Every 2 weeks,Cancelled',
    );
    expect(parseCsv(text)).toHaveLength(5);
  });

  it("exports one row per payment, in dollars, for the filter", async () => {
    await advanceEmulatorClock(app, 32);
    await app.flushWebhooks();
    const response = await app.request(
      "/api/subscribers/export/payments.csv?q=mary",
      asCreator(creator),
    );
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(header).toEqual([
      "Date",
      "Name",
      "Email",
      "Subscription",
      "Amount (USD)",
      "Platform fee (USD)",
      "Platform fee (%)",
      "Plan",
      "Net (USD)",
      "Status",
      "Stripe invoice",
    ]);
    // The first payment and the renewal a month later.
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.slice(1, 10)).toEqual([
        "Mary Jones",
        "mary.jones@example.com",
        "Weekly Lawn Care",
        "25.00",
        "3.75",
        "15",
        "Free",
        "21.25",
        "Paid",
      ]);
    }
    expect(Date.parse(rows[0]![0]!)).toBeGreaterThan(Date.parse(rows[1]![0]!));
    const payments = await readJson(
      await app.request(`/api/subscribers/${ids.mary}/payments`, asCreator(creator)),
      subscriberPaymentsSchema,
    );
    expect(payments.payments).toHaveLength(2);
  });

  it("refuses a bad filter with JSON, before any CSV", async () => {
    const { status, body } = await errorOf("/api/subscribers/export/payments.csv?status=x");
    expect(status).toBe(400);
    expect(body.error.code).toBe("validation_failed");
  });
});
