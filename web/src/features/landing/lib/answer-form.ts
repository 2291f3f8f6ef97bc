import { checkAnswers, type Question } from "@contracts/service-details";
import type { FlatErrors } from "@/lib/form-errors";

// The offering's questions as form fields hold them: every value a string ("yes"/"no" for a
// yes/no radio group), turned into what the API takes, and checked with the very function the
// server runs (contracts/service-details.ts checkAnswers).

/** Question id to the value as the form holds it. */
export type AnswerFormValues = Record<string, string>;

/** What the API takes: text as typed, true/false for yes/no; an unanswered question is left out. */
export function toAnswerValues(
  questions: readonly Question[],
  form: AnswerFormValues,
): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const question of questions) {
    const value = form[question.id] ?? "";
    if (value.trim() === "") continue;
    if (question.kind === "yes_no") {
      if (value === "yes" || value === "no") values[question.id] = value === "yes";
      continue;
    }
    values[question.id] = value;
  }
  return values;
}

/**
 * The form filled from stored answers (text as the server keeps it: "Yes", "12.5"), as a
 * waitlist invitation gives them back. Answers to questions no longer asked are dropped.
 */
export function answerFormValues(
  questions: readonly Question[],
  stored: Record<string, string> = {},
): AnswerFormValues {
  const form: AnswerFormValues = {};
  for (const question of questions) {
    const value = stored[question.id] ?? "";
    if (question.kind === "yes_no")
      form[question.id] = value === "Yes" ? "yes" : value === "No" ? "no" : "";
    else if (question.kind === "choice")
      form[question.id] = question.choices.includes(value) ? value : "";
    else form[question.id] = value;
  }
  return form;
}

type AnswerFormCheck =
  | { ok: true; answers: Record<string, string | boolean> }
  | { ok: false; errors: FlatErrors };

/** The answers checked as the server will; errors under `answers.<question id>`. */
export function checkAnswerForm(
  questions: readonly Question[],
  form: AnswerFormValues,
): AnswerFormCheck {
  const answers = toAnswerValues(questions, form);
  const check = checkAnswers(questions, answers);
  if (check.ok) return { ok: true, answers };
  const errors: FlatErrors = {};
  for (const [questionId, message] of Object.entries(check.errors)) {
    errors[`answers.${questionId}`] = message;
  }
  return { ok: false, errors };
}
