import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../../contracts/api-error";
import {
  type SubscriberPage,
  subscriberDetailSchema,
  subscriberPageSchema,
} from "../../../contracts/subscribers";
import { asCreator } from "../../../tests/factories/creator-factory";
import { insertDatedSubscriber } from "../../../tests/factories/dated-rows-factory";
import {
  createOffering,
  createOnboardedCreator,
  type OnboardedCreator,
} from "../../../tests/factories/offering-factory";
import {
  insertQuestion,
  recordServiceDetails,
} from "../../../tests/factories/service-details-factory";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { parseCsv } from "../../../tests/support/parse-csv";
import { readJson } from "../../../tests/support/read-json";

// Issue 22: what the creator reads back of the service details a sign-up recorded (phone,
// address, answers): the detail sheet, the postal code filter and search, the CSV export.

let app: TestApp;
let creator: OnboardedCreator;
let other: OnboardedCreator;
const ids = { mission: "", plus4: "", percent: "", none: "", hedge: "", otherCreator: "" };
const questions = { gate: "", lawn: "", old: "", hedgeHeight: "" };

beforeAll(async () => {
  app = await createTestApp();
  const db = app.runtime.deps.db;
  creator = await createOnboardedCreator(app);
  other = await createOnboardedCreator(app);
  const lawns = await createOffering(app, creator, { title: "Weekly Lawn Care" });
  const hedges = await createOffering(app, creator, { title: "Hedge Trimming" });
  const otherOffering = await createOffering(app, other, { title: "Dog Walks" });
  // Positions out of insertion order: answers come back in the questions' order.
  questions.lawn = (
    await insertQuestion(db, lawns, { label: "Lawn size", kind: "number", position: 1 })
  ).id;
  questions.gate = (await insertQuestion(db, lawns, { label: "Gate code", position: 0 })).id;
  questions.old = (
    await insertQuestion(db, lawns, { label: "Dog's name", position: 2, deletedAt: new Date() })
  ).id;
  questions.hedgeHeight = (
    await insertQuestion(db, hedges, { label: "Hedge height", position: 0 })
  ).id;
  // A deleted question nobody answered has no column.
  await insertQuestion(db, lawns, { label: "Never answered", position: 3, deletedAt: new Date() });

  const at = (day: number) => new Date(Date.UTC(2026, 10, day));
  const subscriber = async (offering: { id: string }, name: string, day: number) =>
    (await insertDatedSubscriber(db, offering, { name, createdAt: at(day) })).id;
  ids.mission = await subscriber(lawns, "Maria Mission", 1);
  ids.plus4 = await subscriber(lawns, "Paul Plus-Four", 2);
  ids.percent = await subscriber(lawns, "Percy Percent", 3);
  ids.none = await subscriber(lawns, "Nora Nowhere", 4);
  ids.hedge = await subscriber(hedges, "Hank Hedge", 5);
  ids.otherCreator = await subscriber(otherOffering, "Olga Other", 6);

  await recordServiceDetails(db, ids.mission, {
    phone: "(415) 555-0134",
    address: {
      line1: "123 Valencia St",
      line2: "Apt 4",
      city: "San Francisco",
      state: "CA",
      postalCode: "94110",
      country: "US",
    },
    answers: {
      [questions.gate]: '=HYPERLINK("http://evil.example","click")',
      [questions.lawn]: "12.5",
      [questions.old]: "Rex",
    },
  });
  await recordServiceDetails(db, ids.plus4, {
    address: {
      line1: "9 Mission St",
      city: "San Francisco",
      postalCode: "94110-1234",
      country: "US",
    },
    answers: { [questions.gate]: "4321" },
  });
  // Written as a literal % could be by a direct insert: the filter must not read it as a wildcard.
  await recordServiceDetails(db, ids.percent, {
    address: { line1: "1 Odd Rd", city: "Nowhere", postalCode: "9%1", country: "US" },
  });
  await recordServiceDetails(db, ids.hedge, {
    address: { line1: "5 High St", city: "London", postalCode: "SW1A 1AA", country: "GB" },
    answers: { [questions.hedgeHeight]: "2 m" },
  });
  await recordServiceDetails(db, ids.otherCreator, {
    address: { line1: "1 Other St", city: "San Francisco", postalCode: "94112", country: "US" },
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function list(query: string, as: OnboardedCreator = creator) {
  const response = await app.request(`/api/subscribers${query}`, asCreator(as));
  expect(response.status, await response.clone().text()).toBe(200);
  return readJson(response, subscriberPageSchema);
}
const names = (page: SubscriberPage) => page.subscribers.map((s) => s.name).sort();

async function exportCsv(query: string) {
  const response = await app.request(
    `/api/subscribers/export/subscribers.csv${query}`,
    asCreator(creator),
  );
  expect(response.status).toBe(200);
  const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
  const byName = new Map(
    rows.map((row) => [row[0]!, Object.fromEntries(header!.map((h, i) => [h, row[i]]))]),
  );
  return { header: header!, byName };
}

describe("GET /api/subscribers/{id}: service details", () => {
  it("includes the phone, the address and the answers in the questions' order, deleted last", async () => {
    const response = await app.request(`/api/subscribers/${ids.mission}`, asCreator(creator));
    expect(response.status).toBe(200);
    const { subscriber } = await readJson(response, subscriberDetailSchema);
    expect(subscriber.phone).toBe("(415) 555-0134");
    expect(subscriber.address).toEqual({
      line1: "123 Valencia St",
      line2: "Apt 4",
      city: "San Francisco",
      state: "CA",
      postalCode: "94110",
      country: "US",
    });
    expect(subscriber.answers).toEqual([
      {
        questionId: questions.gate,
        label: "Gate code",
        kind: "short_text",
        value: '=HYPERLINK("http://evil.example","click")',
        isDeleted: false,
      },
      {
        questionId: questions.lawn,
        label: "Lawn size",
        kind: "number",
        value: "12.5",
        isDeleted: false,
      },
      {
        questionId: questions.old,
        label: "Dog's name",
        kind: "short_text",
        value: "Rex",
        isDeleted: true,
      },
    ]);
  });

  it("gives null and an empty list to a subscriber without service details", async () => {
    const response = await app.request(`/api/subscribers/${ids.none}`, asCreator(creator));
    const { subscriber } = await readJson(response, subscriberDetailSchema);
    expect(subscriber).toMatchObject({ phone: null, address: null, answers: [] });
    // Optional parts come back as empty strings, as the contract's address has them.
    const plus4 = await app.request(`/api/subscribers/${ids.plus4}`, asCreator(creator));
    const detail = await readJson(plus4, subscriberDetailSchema);
    expect(detail.subscriber.address).toMatchObject({
      line2: "",
      state: "",
      postalCode: "94110-1234",
    });
  });
});

describe("GET /api/subscribers: postal code", () => {
  it("filters by a postal code prefix, compared without spaces, hyphens or case", async () => {
    expect(names(await list("?postalCode=941"))).toEqual(["Maria Mission", "Paul Plus-Four"]);
    expect(names(await list("?postalCode=94110"))).toEqual(["Maria Mission", "Paul Plus-Four"]);
    expect(names(await list("?postalCode=94110-12"))).toEqual(["Paul Plus-Four"]);
    expect(names(await list("?postalCode=sw1a%201"))).toEqual(["Hank Hedge"]);
    expect(names(await list("?postalCode=94111"))).toEqual([]);
    // Another creator's 94112 is not this creator's to see.
    expect(names(await list("?postalCode=9411"))).toEqual(["Maria Mission", "Paul Plus-Four"]);
    // The filter combines with the others.
    expect(names(await list("?postalCode=941&q=paul"))).toEqual(["Paul Plus-Four"]);
  });

  it("refuses a wildcard with a message, and search reads % as itself", async () => {
    const response = await app.request("/api/subscribers?postalCode=%25", asCreator(creator));
    expect(response.status).toBe(400);
    const body = await readJson(response, apiErrorSchema);
    expect(body.error.message).toMatch(/Postal code is letters and digits/);
    // "9%1" is a stored code: a search for it finds it, and only it.
    expect(names(await list("?q=9%251"))).toEqual(["Percy Percent"]);
    expect(names(await list("?q=%25"))).toEqual(["Percy Percent"]);
    expect(names(await list("?q=9_1"))).toEqual([]);
  });

  it("finds a postal code by search, as written or as compared", async () => {
    expect(names(await list("?q=94110"))).toEqual(["Maria Mission", "Paul Plus-Four"]);
    expect(names(await list("?q=0-12"))).toEqual(["Paul Plus-Four"]);
    expect(names(await list("?q=sw1a"))).toEqual(["Hank Hedge"]);
  });
});

describe("GET /api/subscribers/export/subscribers.csv: service details", () => {
  it("adds phone, address and one column per question, formula-safe, deleted answers kept", async () => {
    const { header, byName } = await exportCsv(`?postalCode=941&sort=name`);
    expect(header.slice(9)).toEqual([
      "Phone",
      "Street address",
      "Apartment/unit",
      "City",
      "State/region",
      "Postal code",
      "Country",
      // Both offerings have questions: each header names its offering.
      "Weekly Lawn Care: Gate code",
      "Weekly Lawn Care: Lawn size",
      "Hedge Trimming: Hedge height",
      "Weekly Lawn Care: Dog's name (deleted)",
    ]);
    expect([...byName.keys()]).toEqual(["Maria Mission", "Paul Plus-Four"]);
    expect(byName.get("Maria Mission")).toMatchObject({
      Phone: "(415) 555-0134",
      "Street address": "123 Valencia St",
      "Apartment/unit": "Apt 4",
      City: "San Francisco",
      "State/region": "CA",
      "Postal code": "94110",
      Country: "US",
      "Weekly Lawn Care: Gate code": '\'=HYPERLINK("http://evil.example","click")',
      "Weekly Lawn Care: Lawn size": "12.5",
      "Hedge Trimming: Hedge height": "",
      "Weekly Lawn Care: Dog's name (deleted)": "Rex",
    });
    expect(byName.get("Paul Plus-Four")).toMatchObject({
      Phone: "",
      "Postal code": "94110-1234",
      "Weekly Lawn Care: Gate code": "4321",
      "Weekly Lawn Care: Dog's name (deleted)": "",
    });
  });

  it("names questions by label alone when one offering is exported", async () => {
    const detail = await readJson(
      await app.request(`/api/subscribers/${ids.hedge}`, asCreator(creator)),
      subscriberDetailSchema,
    );
    const { header, byName } = await exportCsv(`?offering=${detail.subscriber.offeringId}`);
    expect(header.slice(16)).toEqual(["Hedge height"]);
    expect(byName.get("Hank Hedge")).toMatchObject({
      "Postal code": "SW1A 1AA",
      Country: "GB",
      "Hedge height": "2 m",
    });
  });
});
