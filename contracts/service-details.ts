import { z } from "zod";
import { isPlainText, multiLineText, singleLineText } from "./text";

// What a business needs to know before the first visit (issue 22): where the service happens,
// whether that is inside the area it serves, and the answers to its own sign-up questions.
// Every rule here runs in the browser for quick feedback and again on the server, which alone
// decides (an address outside the area is refused before anything is created in Stripe).

/** Countries a service address may be in: where Stripe Connect Express creators take payments in USD-first markets. */
export const serviceCountries = [
  { code: "US", name: "United States" },
  { code: "CA", name: "Canada" },
  { code: "GB", name: "United Kingdom" },
  { code: "IE", name: "Ireland" },
  { code: "AU", name: "Australia" },
  { code: "NZ", name: "New Zealand" },
] as const;
export type ServiceCountry = (typeof serviceCountries)[number]["code"];
const countryCodes = serviceCountries.map((country) => country.code) as [
  ServiceCountry,
  ...ServiceCountry[],
];

/** A postal code as compared: capitals, no spaces or hyphens ("sw1a 1aa" → "SW1A1AA"). */
export function normalizePostalCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, "");
}

const POSTAL_CODE_SHAPE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/;

const postalCodeSchema = singleLineText({ label: "Postal code", max: 12 }).refine(
  (value) => POSTAL_CODE_SHAPE.test(value),
  "Enter a postal code of letters and digits, like 94110 or SW1A 1AA",
);

export const serviceAddressSchema = z
  .object({
    line1: singleLineText({ label: "Street address", max: 200 }),
    line2: singleLineText({ label: "Apartment, unit or suite", min: 0, max: 200 }).default(""),
    city: singleLineText({ label: "City", max: 100 }),
    state: singleLineText({ label: "State or region", min: 0, max: 100 }).default(""),
    postalCode: postalCodeSchema,
    country: z.enum(countryCodes, { error: "Choose a country from the list" }),
  })
  .strict();
export type ServiceAddress = z.infer<typeof serviceAddressSchema>;

/** An address as the API answers with it: every field present (no defaults to fill in). */
export const storedServiceAddressSchema = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.enum(countryCodes),
});
export type ServiceAddressInput = z.input<typeof serviceAddressSchema>;

/** A phone number as people write one: digits with spaces, dashes, dots, brackets, a leading +. */
export const phoneSchema = singleLineText({ label: "Phone number", max: 30 }).refine(
  (value) => /^\+?[0-9 ().-]+$/.test(value) && value.replace(/\D/g, "").length >= 7,
  "Enter a phone number with at least 7 digits, like (415) 555-0134",
);

/** One entry of a service area: a postal code or its first characters ("940", "94110"). */
const MAX_AREA_ENTRIES = 200;
const areaEntrySchema = z
  .string({ error: "Each service area entry must be text" })
  .transform(normalizePostalCode)
  .pipe(
    z
      .string()
      .regex(
        /^[A-Z0-9]{1,10}$/,
        "Service area entries are postal codes or their first characters, like 940 or 94110",
      ),
  );

/** The offering's service area: empty means anywhere. Duplicates collapse; order is kept. */
export const serviceAreaSchema = z
  .array(areaEntrySchema, { error: "Service area must be a list of postal codes" })
  .max(MAX_AREA_ENTRIES, `A service area holds at most ${MAX_AREA_ENTRIES} postal codes`)
  .transform((entries) => [...new Set(entries)]);

/** How a creator types an area: codes separated by commas, spaces or new lines. */
export function parseServiceAreaText(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map(normalizePostalCode)
    .filter((entry) => entry.length > 0);
}

export function isInServiceArea(postalCode: string, area: readonly string[]): boolean {
  if (area.length === 0) return true;
  const code = normalizePostalCode(postalCode);
  return area.some((prefix) => code.startsWith(prefix));
}

/** How the area reads in messages: "940, 94110 and 94117" (the first ten, then "and N more"). */
export function describeServiceArea(area: readonly string[]): string {
  const shown = area.slice(0, 10);
  const more = area.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

/** Said (by the server, and before it by the form) to an address outside the area. */
export function outsideServiceAreaMessage(area: readonly string[]): string {
  return `Sorry, this business doesn't serve that address yet: it visits postal codes starting with ${describeServiceArea(area)}. You can join the waitlist to hear if that changes.`;
}

/** The most live subscribers an offering may have at once, when it has a limit. */
const MAX_CAPACITY = 10_000;
export const capacitySchema = z
  .number({ error: "Capacity must be a number" })
  .int("Capacity must be a whole number")
  .min(1, "Capacity must be at least 1, or leave it empty for no limit")
  .max(MAX_CAPACITY, `Capacity must be at most ${MAX_CAPACITY.toLocaleString("en-US")}`)
  .nullable();

// ---- Sign-up questions ----

export const questionKinds = [
  "short_text",
  "long_text",
  "number",
  "date",
  "yes_no",
  "choice",
] as const;
export type QuestionKind = (typeof questionKinds)[number];
export const questionKindLabels: Record<QuestionKind, string> = {
  short_text: "Short text",
  long_text: "Long text",
  number: "Number",
  date: "Date",
  yes_no: "Yes/no",
  choice: "One choice from a list",
};
export const MAX_QUESTIONS = 10;
const MAX_CHOICES = 20;
const SHORT_ANSWER_MAX = 200;
const LONG_ANSWER_MAX = 2000;

const choiceSchema = singleLineText({ label: "Choice", max: 80 });

/** A question as the creator writes it. `id` names an existing one being edited. */
export const questionInputSchema = z
  .object({
    id: z.uuid("Question id must be a UUID").optional(),
    label: singleLineText({ label: "Question", max: 120 }),
    kind: z.enum(questionKinds, { error: "Choose what kind of answer the question takes" }),
    required: z.boolean({ error: "required must be true or false" }).default(false),
    choices: z
      .array(choiceSchema)
      .max(MAX_CHOICES, `A question has at most ${MAX_CHOICES} choices`)
      .default([]),
  })
  .strict()
  .superRefine((question, context) => {
    const distinct = new Set(question.choices);
    if (question.kind === "choice" && distinct.size < 2) {
      context.addIssue({
        code: "custom",
        path: ["choices"],
        message: `"${question.label}" needs at least 2 different choices`,
      });
    }
    if (question.kind !== "choice" && question.choices.length > 0) {
      context.addIssue({
        code: "custom",
        path: ["choices"],
        message: "Only a list question has choices",
      });
    }
  });
export type QuestionInput = z.input<typeof questionInputSchema>;

export const questionsInputSchema = z
  .array(questionInputSchema, { error: "Questions must be a list" })
  .max(MAX_QUESTIONS, `An offering asks at most ${MAX_QUESTIONS} questions`);

/** A question as the subscribe form, the detail sheet and the export see it. */
export const questionSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(questionKinds),
  required: z.boolean(),
  choices: z.array(z.string()),
});
export type Question = z.infer<typeof questionSchema>;

/** Answers as sent: the question's id to its value (text, a number, true/false). */
const answersInputSchema = z
  .record(z.uuid("An answer must name its question by id"), z.unknown(), {
    error: "Answers must be an object of question ids to values",
  })
  .default({});

/** A stored answer: always text, in the form it is shown ("Yes", "2027-03-01", "12.5"). */
export interface Answer {
  questionId: string;
  value: string;
}

export type AnswerCheck =
  | { ok: true; answers: Answer[] }
  | { ok: false; errors: Record<string, string> };

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === "string" && value.trim() === "")
  );
}

const answerText = (label: string, max: number, isMultiLine: boolean) =>
  (isMultiLine ? multiLineText : singleLineText)({ label, max });

/** One answer, checked against its question; the value as stored, or a message naming the question. */
function checkAnswer(question: Question, value: unknown): { value: string } | { error: string } {
  const { label } = question;
  switch (question.kind) {
    case "short_text":
    case "long_text": {
      if (typeof value !== "string") return { error: `${label} must be text` };
      const isLong = question.kind === "long_text";
      const parsed = answerText(
        label,
        isLong ? LONG_ANSWER_MAX : SHORT_ANSWER_MAX,
        isLong,
      ).safeParse(value);
      return parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]!.message };
    }
    case "number": {
      const text =
        typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : null;
      if (
        text === null ||
        !/^-?\d{1,12}(\.\d{1,4})?$/.test(text) ||
        !Number.isFinite(Number(text))
      ) {
        return { error: `${label} must be a number, like 12 or 2.5` };
      }
      return { value: String(Number(text)) };
    }
    case "date": {
      const parsed = z.iso.date().safeParse(typeof value === "string" ? value.trim() : value);
      return parsed.success
        ? { value: parsed.data }
        : { error: `${label} must be a date, like 2027-03-01` };
    }
    case "yes_no":
      if (typeof value !== "boolean") return { error: `${label} must be yes or no` };
      return { value: value ? "Yes" : "No" };
    case "choice":
      if (typeof value !== "string" || !isPlainText(value) || !question.choices.includes(value)) {
        return { error: `${label} must be one of: ${question.choices.join(", ")}` };
      }
      return { value };
  }
}

/**
 * Checks answers against the offering's questions: each answer must fit its question's kind,
 * required questions must be answered, and an answer to a question the offering doesn't ask is
 * refused (it could only be a stale form or a made-up id).
 */
export function checkAnswers(
  questions: readonly Question[],
  raw: Record<string, unknown>,
): AnswerCheck {
  const errors: Record<string, string> = {};
  const answers: Answer[] = [];
  const asked = new Set(questions.map((question) => question.id));
  for (const questionId of Object.keys(raw)) {
    if (!asked.has(questionId))
      errors[questionId] = "This question is no longer asked. Please reload the page.";
  }
  for (const question of questions) {
    const value = raw[question.id];
    if (isEmpty(value)) {
      if (question.required) errors[question.id] = `${question.label} is required`;
      continue;
    }
    const checked = checkAnswer(question, value);
    if ("error" in checked) errors[question.id] = checked.error;
    else answers.push({ questionId: question.id, value: checked.value });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}

/** The first of the answer errors, as one message for an API error. */
export function firstAnswerError(errors: Record<string, string>): string {
  return Object.values(errors)[0] ?? "Please check your answers.";
}

/** What the subscribe and waitlist forms send beside name and e-mail (all optional at this level). */
export const serviceDetailsInputSchema = z.object({
  address: serviceAddressSchema.optional(),
  phone: phoneSchema.optional(),
  answers: answersInputSchema.optional(),
});
export type ServiceDetailsInput = z.infer<typeof serviceDetailsInputSchema>;

/** An address as one line, for e-mails, the detail sheet and the export. */
export function formatServiceAddress(address: ServiceAddress): string {
  return [
    address.line1,
    address.line2,
    address.city,
    [address.state, address.postalCode].filter(Boolean).join(" "),
    address.country,
  ]
    .filter((part) => part && part.length > 0)
    .join(", ");
}

/** The 48 hours a waitlist invitation holds a seat. */
export const WAITLIST_HOLD_HOURS = 48;
