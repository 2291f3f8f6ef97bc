import { describe, expect, it } from "vitest";
import { type PromoCodeFormValues, promoCodeFormSchema } from "./promo-code-form-schema";

const offeringId = "0b5a3c8e-3f7e-4a53-9d3c-2f3a4b5c6d7e";
const form = (overrides: Partial<PromoCodeFormValues> = {}): PromoCodeFormValues => ({
  code: "spring10",
  kind: "percent",
  percentOff: "20",
  amountOff: "",
  duration: "repeating",
  durationInMonths: "3",
  expiresOn: "",
  maxRedemptions: "",
  offeringIds: [offeringId],
  ...overrides,
});

const messagesOf = (values: PromoCodeFormValues) => {
  const result = promoCodeFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("the Create code form", () => {
  it("sends what the API takes: capitals, numbers, and nothing the kind or duration doesn't use", () => {
    expect(promoCodeFormSchema.parse(form({ amountOff: "5", maxRedemptions: "10" }))).toEqual({
      code: "SPRING10",
      kind: "percent",
      percentOff: 20,
      duration: "repeating",
      durationInMonths: 3,
      maxRedemptions: 10,
      offeringIds: [offeringId],
    });
    expect(
      promoCodeFormSchema.parse(
        form({ kind: "amount", amountOff: "$5.50", duration: "once", expiresOn: "2027-03-31" }),
      ),
    ).toEqual({
      code: "SPRING10",
      kind: "amount",
      amountOffCents: 550,
      duration: "once",
      expiresOn: "2027-03-31",
      offeringIds: [offeringId],
    });
  });

  it("puts the API's messages on the form's fields", () => {
    expect(messagesOf(form({ percentOff: "" }))).toEqual({ percentOff: "Enter the percent off" });
    expect(messagesOf(form({ percentOff: "150" }))).toEqual({
      percentOff: "Percent off can't be more than 100%",
    });
    expect(messagesOf(form({ kind: "amount", amountOff: "" }))).toEqual({
      amountOff: "Enter the amount off",
    });
    expect(messagesOf(form({ kind: "amount", amountOff: "5.555" }))).toEqual({
      amountOff: "Use at most 2 decimals (whole cents).",
    });
    expect(messagesOf(form({ durationInMonths: "" }))).toEqual({
      durationInMonths: "Enter for how many months the discount lasts",
    });
    expect(messagesOf(form({ code: "a!" }))).toEqual({
      code: "Code must be 3 to 32 letters, digits, dashes or underscores.",
    });
    expect(messagesOf(form({ offeringIds: [] }))).toEqual({
      offeringIds: "Choose at least one subscription this code works for",
    });
    expect(messagesOf(form({ maxRedemptions: "0" }))).toEqual({
      maxRedemptions: "Maximum uses must be at least 1",
    });
  });
});
