import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { publicOfferingResponseSchema } from "../../../contracts/landing";
import {
  type CreateOfferingInput,
  type Offering,
  offeringListSchema,
  offeringResponseSchema,
} from "../../../contracts/offerings";
import { asCreator, createCreator } from "../../../tests/factories/creator-factory";
import { insertDatedSubscriber } from "../../../tests/factories/dated-rows-factory";
import { createOffering, type OnboardedCreator } from "../../../tests/factories/offering-factory";
import { recordServiceDetails } from "../../../tests/factories/service-details-factory";
import { jsonRequest, type TestApp } from "../../../tests/setup/test-app";
import { readApiError, readJson } from "../../../tests/support/read-json";
import { startCreatorAppPerFile } from "../../../tests/support/test-app-per-file";
import { offeringQuestions } from "../../db/schema/app";
import { findActiveQuestions, findQuestionsForExport } from "./question-repository";

// Issue 22, the creator's side: on-site, service area, capacity and sign-up questions saved
// with the offering, and what the public landing page may see of them.

let app: TestApp;
let creator: OnboardedCreator;

startCreatorAppPerFile((started) => {
  ({ app, creator } = started);
});

type SentQuestions = CreateOfferingInput["questions"];

const lawnQuestions: SentQuestions = [
  { label: "Gate code", kind: "short_text", required: true, choices: [] },
  { label: "Lawn size", kind: "choice", required: false, choices: ["Small", "Medium", "Large"] },
  { label: "Anything else?", kind: "long_text", required: false, choices: [] },
];

function createRequest(body: Record<string, unknown>) {
  return app.request(
    "/api/offerings",
    asCreator(
      creator,
      jsonRequest("POST", {
        title: "Weekly Lawn Care",
        category: "home-property",
        subcategory: "Lawn Care",
        description: "Mowing, every week.",
        priceCents: 2500,
        ...body,
      }),
    ),
  );
}

function updateRequest(offering: Offering, body: Record<string, unknown>, as = creator) {
  return app.request(
    `/api/offerings/${offering.id}`,
    asCreator(
      as,
      jsonRequest("PATCH", {
        title: offering.title,
        description: offering.description,
        priceCents: offering.priceCents,
        ...body,
      }),
    ),
  );
}

async function updated(offering: Offering, body: Record<string, unknown>) {
  const response = await updateRequest(offering, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await readJson(response, offeringResponseSchema)).offering;
}

async function refusal(response: Response) {
  expect(response.status).toBe(400);
  return (await readApiError(response)).message;
}

/** The edit form's list: what the API gave, as it sends it back. */
const asInput = (offering: Offering): SentQuestions =>
  offering.questions.map(({ id, label, kind, required, choices }) => ({
    id,
    label,
    kind,
    required,
    choices,
  }));

describe("creating with service details", () => {
  it("saves on-site, a normalized area, a capacity and the questions in order", async () => {
    const offering = await createOffering(app, creator, {
      onSite: true,
      serviceArea: ["940", " 94110", "940", "sw1a 1aa"],
      capacity: 8,
      questions: lawnQuestions,
    });
    expect(offering).toMatchObject({
      onSite: true,
      serviceArea: ["940", "94110", "SW1A1AA"],
      capacity: 8,
      waitlistCount: 0,
    });
    expect(offering.questions.map((q) => [q.label, q.kind, q.required, q.choices])).toEqual([
      ["Gate code", "short_text", true, []],
      ["Lawn size", "choice", false, ["Small", "Medium", "Large"]],
      ["Anything else?", "long_text", false, []],
    ]);
    expect(await findActiveQuestions(app.runtime.deps.db, offering.id)).toEqual(offering.questions);
    const list = await app.request("/api/offerings", asCreator(creator, { method: "GET" }));
    const { offerings } = await readJson(list, offeringListSchema);
    expect(offerings.find((o) => o.id === offering.id)?.questions).toEqual(offering.questions);
  });

  it("defaults to no service details: anywhere, no limit, no questions", async () => {
    const response = await createRequest({});
    const { offering } = await readJson(response, offeringResponseSchema);
    expect(offering).toMatchObject({
      onSite: false,
      serviceArea: [],
      capacity: null,
      questions: [],
      waitlistCount: 0,
    });
  });

  it.each([
    [0, "Capacity must be at least 1, or leave it empty for no limit"],
    [10_001, "Capacity must be at most 10,000"],
    [1.5, "Capacity must be a whole number"],
  ])("refuses capacity %s", async (capacity, message) => {
    expect(await refusal(await createRequest({ capacity }))).toBe(message);
  });

  it("refuses an area entry that isn't a postal code", async () => {
    expect(await refusal(await createRequest({ serviceArea: ["940", "94 110!"] }))).toBe(
      "Service area entries are postal codes or their first characters, like 940 or 94110",
    );
  });

  it("refuses an 11th question", async () => {
    const questions = Array.from({ length: 11 }, (_, i) => ({
      label: `Question ${i + 1}`,
      kind: "short_text",
    }));
    expect(await refusal(await createRequest({ questions }))).toBe(
      "An offering asks at most 10 questions",
    );
  });

  it("refuses a list question with fewer than 2 different choices", async () => {
    const questions = [{ label: "Lawn size", kind: "choice", choices: ["Small", "Small"] }];
    expect(await refusal(await createRequest({ questions }))).toBe(
      '"Lawn size" needs at least 2 different choices',
    );
  });

  it("refuses control characters in a label", async () => {
    const response = await createRequest({
      questions: [{ label: "Gate\u0007 code", kind: "short_text" }],
    });
    expect(await refusal(response)).toMatch(/^Question /);
  });
});

describe("editing the questions", () => {
  it("renames in place, adds, reorders and deletes; a deleted question's answers stay readable", async () => {
    const offering = await createOffering(app, creator, { questions: lawnQuestions });
    const [gate, size, other] = offering.questions;
    const subscriber = await insertDatedSubscriber(app.runtime.deps.db, offering, {
      createdAt: new Date(),
    });
    await recordServiceDetails(app.runtime.deps.db, subscriber.id, {
      answers: { [gate!.id]: "1234#", [other!.id]: "Beware of the dog" },
    });

    const edited = await updated(offering, {
      questions: [
        { ...asInput(offering)[1], required: true },
        { ...asInput(offering)[0], label: "Gate or door code", kind: "long_text" },
        { label: "Allergies", kind: "yes_no", required: false },
      ],
    });
    expect(edited.questions.map((q) => [q.id, q.label, q.kind, q.required])).toEqual([
      [size!.id, "Lawn size", "choice", true],
      [gate!.id, "Gate or door code", "long_text", true],
      [expect.any(String), "Allergies", "yes_no", false],
    ]);

    const db = app.runtime.deps.db;
    const [deleted] = await db
      .select()
      .from(offeringQuestions)
      .where(eq(offeringQuestions.id, other!.id));
    expect(deleted!.deletedAt).toBeInstanceOf(Date);
    const exported = await findQuestionsForExport(db, {
      userId: creator.id,
      offeringId: offering.id,
    });
    expect(exported.map((q) => [q.label, q.isDeleted])).toEqual([
      ["Lawn size", false],
      ["Gate or door code", false],
      ["Allergies", false],
      ["Anything else?", true],
    ]);
  });

  it("leaves the questions alone when the edit doesn't send them, and clears them with []", async () => {
    const offering = await createOffering(app, creator, { questions: lawnQuestions });
    const kept = await updated(offering, { title: "Lawn Care Plus" });
    expect(kept.questions).toEqual(offering.questions);
    const cleared = await updated(offering, { questions: [] });
    expect(cleared.questions).toEqual([]);
    // Deleted without answers: nothing to export.
    expect(
      await findQuestionsForExport(app.runtime.deps.db, {
        userId: creator.id,
        offeringId: offering.id,
      }),
    ).toEqual([]);
  });

  it("refuses another offering's question id and changes nothing", async () => {
    const offering = await createOffering(app, creator, { questions: lawnQuestions });
    const other = await createOffering(app, creator, { questions: lawnQuestions });
    const response = await updateRequest(offering, {
      title: "Renamed",
      questions: [...asInput(offering), { ...asInput(other)[0], label: "Stolen" }],
    });
    expect(await refusal(response)).toBe("That question is not one of this subscription's");
    expect(await findActiveQuestions(app.runtime.deps.db, offering.id)).toEqual(offering.questions);
    expect(await findActiveQuestions(app.runtime.deps.db, other.id)).toEqual(other.questions);
    const unknown = await updateRequest(offering, {
      questions: [{ id: randomUUID(), label: "Made up", kind: "short_text" }],
    });
    expect(await refusal(unknown)).toBe("That question is not one of this subscription's");
  });

  it("finds nothing of another creator's offering", async () => {
    const offering = await createOffering(app, creator, { questions: lawnQuestions });
    const stranger = await createCreator(app);
    const response = await updateRequest(offering, { questions: [] }, stranger as OnboardedCreator);
    expect(response.status).toBe(404);
    expect(await findActiveQuestions(app.runtime.deps.db, offering.id)).toHaveLength(3);
  });

  it("changes on-site, the area and the capacity, and removes the limit with null", async () => {
    const offering = await createOffering(app, creator);
    const edited = await updated(offering, {
      onSite: true,
      serviceArea: ["940", "94110"],
      capacity: 2,
    });
    expect(edited).toMatchObject({ onSite: true, serviceArea: ["940", "94110"], capacity: 2 });
    const unlimited = await updated(offering, { capacity: null });
    expect(unlimited).toMatchObject({
      onSite: true,
      serviceArea: ["940", "94110"],
      capacity: null,
    });
    expect(await refusal(await updateRequest(offering, { capacity: 0 }))).toBe(
      "Capacity must be at least 1, or leave it empty for no limit",
    );
  });
});

describe("the public offering", () => {
  it("shows on-site, the area and the questions, says when it is full and never counts", async () => {
    const offering = await createOffering(app, creator, {
      onSite: true,
      serviceArea: ["940", "94110"],
      capacity: 1,
      questions: lawnQuestions,
    });
    const read = async () =>
      (
        await readJson(
          await app.request(`/api/public/offerings/${offering.customUrl}`),
          publicOfferingResponseSchema,
        )
      ).offering;
    const open = await read();
    expect(open).toMatchObject({
      onSite: true,
      serviceArea: ["940", "94110"],
      questions: offering.questions,
      isFull: false,
    });
    for (const key of ["capacity", "waitlistCount", "takenSeats", "freeSeats"]) {
      expect(open).not.toHaveProperty(key);
    }

    // A live subscriber takes the one seat (the subscribe path's holds are tested there).
    await insertDatedSubscriber(app.runtime.deps.db, offering, { createdAt: new Date() });
    // Past the landing cache's second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const full = await read();
    expect(full.isFull).toBe(true);
    expect(full).not.toHaveProperty("capacity");
  });
});
