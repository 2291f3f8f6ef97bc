import type { Question } from "@contracts/service-details";
import { describe, expect, it } from "vitest";
import { answerFormValues, checkAnswerForm, toAnswerValues } from "./answer-form";

const question = (overrides: Partial<Question> & Pick<Question, "id" | "kind">): Question => ({
  label: overrides.id,
  required: false,
  choices: [],
  ...overrides,
});

const gate = question({
  id: "3f0c8a52-4f1e-4c55-9a0e-0d6b2d8f1a01",
  kind: "short_text",
  label: "Gate code",
  required: true,
});
const notes = question({
  id: "3f0c8a52-4f1e-4c55-9a0e-0d6b2d8f1a02",
  kind: "long_text",
  label: "Notes",
});
const size = question({
  id: "3f0c8a52-4f1e-4c55-9a0e-0d6b2d8f1a03",
  kind: "number",
  label: "Lawn size",
});
const start = question({
  id: "3f0c8a52-4f1e-4c55-9a0e-0d6b2d8f1a04",
  kind: "date",
  label: "Start",
});
const dog = question({
  id: "3f0c8a52-4f1e-4c55-9a0e-0d6b2d8f1a05",
  kind: "yes_no",
  label: "Dog",
  required: true,
});
const grade = question({
  id: "3f0c8a52-4f1e-4c55-9a0e-0d6b2d8f1a06",
  kind: "choice",
  label: "Grade",
  choices: ["5th", "6th"],
});
const questions = [gate, notes, size, start, dog, grade];

describe("toAnswerValues", () => {
  it("turns yes/no into true/false and leaves blanks out", () => {
    expect(
      toAnswerValues(questions, {
        [gate.id]: "1234",
        [notes.id]: "  ",
        [size.id]: "12.5",
        [dog.id]: "no",
        [grade.id]: "",
        "not-asked": "x",
      }),
    ).toEqual({ [gate.id]: "1234", [size.id]: "12.5", [dog.id]: false });
  });
});

describe("answerFormValues", () => {
  it("fills the form from stored text, dropping what no longer fits", () => {
    expect(
      answerFormValues(questions, {
        [gate.id]: "1234",
        [dog.id]: "Yes",
        [grade.id]: "7th",
        "deleted-question": "old",
      }),
    ).toEqual({
      [gate.id]: "1234",
      [notes.id]: "",
      [size.id]: "",
      [start.id]: "",
      [dog.id]: "yes",
      [grade.id]: "",
    });
  });
});

describe("checkAnswerForm", () => {
  it("passes answers that fit their questions", () => {
    expect(
      checkAnswerForm(questions, {
        [gate.id]: "1234",
        [size.id]: "12",
        [start.id]: "2027-03-01",
        [dog.id]: "yes",
        [grade.id]: "6th",
      }),
    ).toEqual({
      ok: true,
      answers: {
        [gate.id]: "1234",
        [size.id]: "12",
        [start.id]: "2027-03-01",
        [dog.id]: true,
        [grade.id]: "6th",
      },
    });
  });

  it("names each wrong answer under its field, in the questions' order", () => {
    const check = checkAnswerForm(questions, { [size.id]: "a lot", [start.id]: "soon" });
    expect(check).toEqual({
      ok: false,
      errors: {
        [`answers.${gate.id}`]: "Gate code is required",
        [`answers.${size.id}`]: "Lawn size must be a number, like 12 or 2.5",
        [`answers.${start.id}`]: "Start must be a date, like 2027-03-01",
        [`answers.${dog.id}`]: "Dog is required",
      },
    });
  });
});
