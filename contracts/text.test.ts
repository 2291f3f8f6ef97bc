import { describe, expect, it } from "vitest";
import { createOfferingSchema, updateOfferingSchema } from "./offerings";
import { completeOnboardingSchema } from "./onboarding-options";
import { subscriberNameSchema } from "./subscribe";
import {
  isPlainText,
  isWellFormedText,
  multiLineText,
  sanitizeExternalText,
  singleLineText,
} from "./text";

const title = singleLineText({ label: "Title", max: 10 });
const description = multiLineText({ label: "Description", max: 20 });

function messageOf(schema: typeof title, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("singleLineText", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["a tab", "a\tb"],
    ["a newline", "a\nb"],
    ["a carriage return", "a\rb"],
    ["escape", "a\u001bb"],
    ["DEL", "a\u007fb"],
    ["a C1 control", "a\u0085b"],
    ["a line separator", "a\u2028b"],
  ])("refuses %s, naming the field", (_name, value) => {
    expect(messageOf(title, value)).toBe("Title can't contain control characters.");
  });

  it.each([
    ["a lone high surrogate", "a\ud800b"],
    ["a lone low surrogate", "a\udc00"],
    ["reversed halves", "\ude00\ud83d"],
  ])("refuses %s: it can't be encoded as UTF-8", (_name, value) => {
    expect(messageOf(title, value)).toBe("Title contains characters that aren't valid text.");
  });

  it.each([
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
  ])("refuses the direction control U+%s", (char) => {
    expect(messageOf(title, `ab${char}cd`)).toBe(
      "Title can't contain text-direction control characters.",
    );
  });

  it("accepts emoji, accents and right-to-left scripts", () => {
    for (const value of ["Café 🎉", "שלום", "مرحبا", "日本語"]) {
      expect(title.parse(value)).toBe(value);
    }
  });

  it("normalises to NFC and trims before measuring the length", () => {
    // "e" + combining acute is two code units; NFC makes it one, so 10 of them fit in 10.
    const decomposed = "e\u0301".repeat(10);
    expect(title.parse(`  ${decomposed}  `)).toBe("é".repeat(10));
    expect(messageOf(title, "x".repeat(11))).toBe("Title must be at most 10 characters");
    expect(messageOf(title, "   ")).toBe("Title is required");
    expect(messageOf(title, 12)).toBe("Title is required");
  });
});

describe("multiLineText", () => {
  it("keeps newlines and tabs, turning CRLF and CR into newlines", () => {
    expect(description.parse("one\r\ntwo\rthree\tfour")).toBe("one\ntwo\nthree\tfour");
  });

  it("refuses every other control character and direction control", () => {
    expect(messageOf(description as typeof title, "a\u0000")).toBe(
      "Description can't contain control characters.",
    );
    expect(messageOf(description as typeof title, "a\u000b")).toBe(
      "Description can't contain control characters.",
    );
    expect(messageOf(description as typeof title, "a\u202eb")).toBe(
      "Description can't contain text-direction control characters.",
    );
  });
});

describe("every text field in the contracts uses the rule", () => {
  const offering = {
    title: "T",
    category: "pet-care",
    subcategory: "Dog Walking",
    description: "D",
    priceCents: 100,
  };
  it.each([
    ["title", "Title"],
    ["subcategory", "Service type"],
    ["description", "Description"],
  ])("offering %s", (field, label) => {
    const result = createOfferingSchema.safeParse({ ...offering, [field]: "x\u0000y" });
    expect(result.error?.issues[0]?.message).toBe(`${label} can't contain control characters.`);
  });

  it("offering edits, the subscriber's name and the business name", () => {
    expect(
      updateOfferingSchema.safeParse({ title: "a\u202eb", description: "D", priceCents: 100 }).error
        ?.issues[0]?.message,
    ).toBe("Title can't contain text-direction control characters.");
    expect(subscriberNameSchema.safeParse("Pat\u0000").error?.issues[0]?.message).toBe(
      "Full Name can't contain control characters.",
    );
    expect(
      completeOnboardingSchema.safeParse({
        businessName: "Acme\ud800",
        businessType: "services",
        monthlyRevenue: "0-1k",
      }).error?.issues[0]?.message,
    ).toBe("Business name contains characters that aren't valid text.");
  });

  it("a price of negative zero is refused", () => {
    expect(createOfferingSchema.safeParse({ ...offering, priceCents: -0 }).success).toBe(false);
    expect(createOfferingSchema.safeParse({ ...offering, priceCents: 0 }).success).toBe(true);
  });
});

describe("isPlainText", () => {
  it("applies the same character checks without changing the value", () => {
    expect(isPlainText("  correct horse ")).toBe(true);
    expect(isPlainText("pass\u0000word")).toBe(false);
    expect(isPlainText("pass\u202eword")).toBe(false);
    expect(isPlainText("pass\ud800word")).toBe(false);
    expect(isPlainText("two\nlines")).toBe(false);
    expect(isPlainText("two\nlines", { isMultiLine: true })).toBe(true);
  });
});

describe("sanitizeExternalText", () => {
  it("makes text from Stripe storable instead of refusing it", () => {
    expect(sanitizeExternalText("Pat\u0000 Smith", 120)).toBe("Pat  Smith");
    expect(sanitizeExternalText("\u202eevil\ud800", 120)).toBe("evil\ufffd");
    expect(sanitizeExternalText("  e\u0301  ", 120)).toBe("é");
  });

  it("cuts by code point, never inside a surrogate pair", () => {
    expect(sanitizeExternalText("ab🎉🎉", 3)).toBe("ab🎉");
    expect(isWellFormedText(sanitizeExternalText("ab\ud83c🎉", 2))).toBe(true);
  });
});
