import type { Question } from "@contracts/service-details";
import { describe, expect, it } from "vitest";
import { serviceAddressFormValues } from "@/lib/service-address-form";
import { answerFormValues } from "./answer-form";
import { checkWaitlistForm, type WaitlistFormValues } from "./waitlist-form";

const gate: Question = {
  id: "3f0c8a52-4f1e-4c55-9a0e-0d6b2d8f1a01",
  label: "Gate code",
  kind: "short_text",
  required: true,
  choices: [],
};

const blank = (questions: Question[] = []): WaitlistFormValues => ({
  name: "",
  email: "",
  ...serviceAddressFormValues(),
  answers: answerFormValues(questions),
});

describe("checkWaitlistForm", () => {
  it("asks only name and e-mail of an offering that needs nothing else", () => {
    const offering = { customUrl: "walks", onSite: false, questions: [] };
    const check = checkWaitlistForm(offering, {
      ...blank(),
      name: " Ada ",
      email: "ada@example.com",
    });
    expect(check).toEqual({
      ok: true,
      body: { customUrl: "walks", name: "Ada", email: "ada@example.com" },
    });
  });

  it("names every missing field of an on-site offering with questions, in the form's order", () => {
    const offering = { customUrl: "lawns", onSite: true, questions: [gate] };
    const check = checkWaitlistForm(offering, blank([gate]));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.errors)).toEqual([
      "name",
      "email",
      "address.line1",
      "address.city",
      "address.postalCode",
      "phone",
      `answers.${gate.id}`,
    ]);
  });

  it("sends the address, phone and answers, without checking the area", () => {
    const offering = { customUrl: "lawns", onSite: true, questions: [gate] };
    const values = blank([gate]);
    values.name = "Ada";
    values.email = "ada@example.com";
    values.address = { ...values.address, line1: "1 Main St", city: "Reno", postalCode: "89501" };
    values.phone = "775 555 0100";
    values.answers[gate.id] = "1234";
    const check = checkWaitlistForm(offering, values);
    expect(check).toEqual({
      ok: true,
      body: expect.objectContaining({
        address: expect.objectContaining({ postalCode: "89501", country: "US" }),
        phone: "775 555 0100",
        answers: { [gate.id]: "1234" },
      }),
    });
  });
});
