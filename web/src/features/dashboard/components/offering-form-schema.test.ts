import { PRICE_MINIMUM_MESSAGE } from "@contracts/offerings";
import { describe, expect, it } from "vitest";
import {
  editOfferingFormSchema,
  emptyServiceDetails,
  PRICE_REQUIRED_MESSAGE,
  type QuestionFormInput,
  type ServiceDetailsFormInput,
  serviceDetailsFormSchema,
} from "./offering-form-schema";

const base = {
  title: "Lawn Care",
  description: "Every week.",
  cadence: "month",
  trialDays: "0",
  maxPausePeriods: "4",
  ...emptyServiceDetails,
};
const priceOf = (price: string) => {
  const result = editOfferingFormSchema.safeParse({ ...base, price });
  return result.success ? result.data.price : result.error.issues.map((issue) => issue.message);
};

describe("the offering form's price", () => {
  it("refuses a cleared field instead of reading it as a free offering", () => {
    expect(priceOf("")).toEqual([PRICE_REQUIRED_MESSAGE]);
    expect(priceOf("  ")).toEqual([PRICE_REQUIRED_MESSAGE]);
  });

  it("makes free only from a typed 0", () => {
    expect(priceOf("0")).toBe(0);
    expect(priceOf("0.00")).toBe(0);
  });

  it("reads a decimal comma as a decimal point, never as a hundredfold price", () => {
    expect(priceOf("12,50")).toBe(1250);
    expect(priceOf("12.50")).toBe(1250);
    expect(priceOf("$1,250.00")).toBe(125_000);
  });

  it("says what is wrong with a mistyped price, then the API's own rules", () => {
    expect(priceOf("12.505")).toEqual(["Use at most 2 decimals (whole cents)."]);
    expect(priceOf("twelve")).toEqual(["Enter a number of dollars, like 12.50."]);
    expect(priceOf("-5")).toEqual(["The amount can't be negative."]);
    expect(priceOf("0.25")).toEqual([PRICE_MINIMUM_MESSAGE]);
    expect(priceOf("100000.01")).toEqual(["Price must be at most $100,000.00"]);
    expect(priceOf("99999999999999999999")).toEqual(["Price must be at most $100,000.00"]);
  });
});

describe("the offering form's billing and free trial", () => {
  const parse = (choices: { cadence: string; trialDays: string }) =>
    editOfferingFormSchema.safeParse({ ...base, price: "25", ...choices });

  it("hands the API a cadence and the trial's days as a number", () => {
    const result = parse({ cadence: "two_weeks", trialDays: "14" });
    expect(result.success && result.data).toMatchObject({ cadence: "two_weeks", trialDays: 14 });
  });

  it("refuses what the selects never offer", () => {
    expect(parse({ cadence: "fortnight", trialDays: "0" }).success).toBe(false);
    expect(parse({ cadence: "week", trialDays: "10" }).success).toBe(false);
  });
});

describe("the offering form's longest pause", () => {
  const pauseOf = (maxPausePeriods: string) => {
    const result = editOfferingFormSchema.safeParse({ ...base, price: "25", maxPausePeriods });
    return result.success ? result.data.maxPausePeriods : null;
  };

  it("hands the API the select's periods as a number, 0 meaning customers can't pause", () => {
    expect(pauseOf("0")).toBe(0);
    expect(pauseOf("1")).toBe(1);
    expect(pauseOf("8")).toBe(8);
  });

  it("refuses what the select never offers", () => {
    expect(pauseOf("9")).toBeNull();
    expect(pauseOf("-1")).toBeNull();
    expect(pauseOf("2.5")).toBeNull();
  });
});

describe("the offering form's service details", () => {
  const details = (overrides: Partial<ServiceDetailsFormInput>) =>
    serviceDetailsFormSchema.safeParse({ ...emptyServiceDetails, ...overrides });
  const messagesOf = (overrides: Partial<ServiceDetailsFormInput>) => {
    const result = details(overrides);
    return result.success
      ? []
      : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
  };
  const question = (overrides: Partial<QuestionFormInput> = {}): QuestionFormInput => ({
    questionId: "",
    label: "Gate code",
    kind: "short_text",
    required: false,
    choices: "",
    ...overrides,
  });

  it("reads an empty form as on-site off, anywhere, no limit and no questions", () => {
    expect(details({}).data).toEqual({
      onSite: false,
      serviceArea: [],
      capacity: null,
      questions: [],
    });
  });

  it("reads the area as typed, normalized", () => {
    expect(
      details({ onSite: true, serviceArea: "940, 94110 sw1a-1aa\n940" }).data?.serviceArea,
    ).toEqual(["940", "94110", "SW1A1AA"]);
    expect(messagesOf({ onSite: true, serviceArea: "940, 94*10" })).toEqual([
      [
        "serviceArea",
        "Service area entries are postal codes or their first characters, like 940 or 94110",
      ],
    ]);
  });

  it("ignores the area of a service that isn't on-site (the field is hidden)", () => {
    expect(details({ onSite: false, serviceArea: "940, 94*10" }).data?.serviceArea).toEqual([]);
  });

  it("takes a whole capacity and refuses 0, 10001 and 1.5", () => {
    expect(details({ capacity: " 8 " }).data?.capacity).toBe(8);
    expect(messagesOf({ capacity: "0" })).toEqual([
      ["capacity", "Capacity must be at least 1, or leave it empty for no limit"],
    ]);
    expect(messagesOf({ capacity: "10001" })).toEqual([
      ["capacity", "Capacity must be at most 10,000"],
    ]);
    expect(messagesOf({ capacity: "1.5" })).toEqual([
      ["capacity", "Capacity must be a whole number"],
    ]);
  });

  it("reads choices one per line, keeps a saved question's id, and drops choices of other kinds", () => {
    const id = "6f1d1a52-3c59-4c1e-9f55-2f6a3c3d9b10";
    const read = details({
      questions: [
        question({ label: "Lawn size", kind: "choice", choices: " Small\n\nLarge \n" }),
        question({ questionId: id, kind: "short_text", choices: "left over" }),
      ],
    }).data?.questions;
    expect(read).toEqual([
      { label: "Lawn size", kind: "choice", required: false, choices: ["Small", "Large"] },
      { id, label: "Gate code", kind: "short_text", required: false, choices: [] },
    ]);
  });

  it("says what is wrong at the question's own field", () => {
    expect(
      messagesOf({ questions: [question({ kind: "choice", label: "Size", choices: "One" })] }),
    ).toEqual([["questions.0.choices", '"Size" needs at least 2 different choices']]);
    expect(messagesOf({ questions: [question({ label: "Gate\u0007code" })] })[0]?.[0]).toBe(
      "questions.0.label",
    );
    expect(messagesOf({ questions: Array.from({ length: 11 }, () => question()) })).toEqual([
      ["questions", "An offering asks at most 10 questions"],
    ]);
  });
});
