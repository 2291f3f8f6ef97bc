import { cadenceSchema } from "@contracts/cadence";
import { moneyInputMessages, parseMoneyInput } from "@contracts/money-input";
import { createOfferingSchema, priceCentsSchema, trialDaysSchema } from "@contracts/offerings";
import {
  capacitySchema,
  MAX_QUESTIONS,
  parseServiceAreaText,
  questionInputSchema,
  questionKinds,
  serviceAreaSchema,
} from "@contracts/service-details";
import { maxPausePeriodsSchema } from "@contracts/subscription-control";
import { z } from "zod";

/**
 * The create/edit forms validate with the API's own rules (contracts/offerings.ts), so a
 * message shows at the field before a request is made. Only the shapes differ: selects start
 * empty, the price is typed in dollars as text, and selects hand over the trial's days and the
 * longest pause as text.
 */
const { title, subcategory, description, category } = createOfferingSchema.shape;

/** What an empty price field says: free is a choice made by typing 0, never a cleared field. */
export const PRICE_REQUIRED_MESSAGE = "Enter a price, or 0 for a free subscription.";

/** Dollars as typed, read by the app's one money reader, then the API's cents rules. */
const priceInputSchema = z
  .string()
  .transform((value, ctx) => {
    const read = parseMoneyInput(value);
    if (read.ok) return read.cents;
    ctx.addIssue({
      code: "custom",
      message: read.problem === "empty" ? PRICE_REQUIRED_MESSAGE : moneyInputMessages[read.problem],
    });
    return z.NEVER;
  })
  .pipe(priceCentsSchema);

const trialDaysInputSchema = z.string().transform(Number).pipe(trialDaysSchema);
const maxPausePeriodsInputSchema = z.string().transform(Number).pipe(maxPausePeriodsSchema);

/**
 * Re-reports a contract's issues on the form's field: only the first step of each path is kept
 * (a question's "choices", not its third line), so the message shows where the creator types.
 */
function reportOn(ctx: z.RefinementCtx, issues: readonly z.core.$ZodIssue[]) {
  for (const issue of issues) {
    const [first] = issue.path;
    ctx.addIssue({
      code: "custom",
      message: issue.message,
      path: typeof first === "string" ? [first] : [],
    });
  }
}

/**
 * The area as typed ("940, 94110"), read into the API's normalized list, for an on-site service
 * only: without an address to check it means nothing, so a hidden field's leftovers can't block
 * saving. Runs once the other fields are valid.
 */
function readServiceArea<Values extends { onSite: boolean; serviceArea: string }>(
  values: Values,
  ctx: z.RefinementCtx,
): Omit<Values, "serviceArea"> & { serviceArea: string[] } {
  if (!values.onSite) return { ...values, serviceArea: [] };
  const parsed = serviceAreaSchema.safeParse(parseServiceAreaText(values.serviceArea));
  if (parsed.success) return { ...values, serviceArea: parsed.data };
  const [first] = parsed.error.issues;
  ctx.addIssue({ code: "custom", message: first?.message ?? "", path: ["serviceArea"] });
  return z.NEVER;
}

/** Empty: no limit. Otherwise a whole number of seats, by the API's rule. */
const capacityInputSchema = z
  .string()
  .transform((text) => (text.trim() === "" ? null : Number(text.trim())))
  .pipe(capacitySchema);

/** One question as edited: the list's choices are typed one per line. */
const questionFormSchema = z
  .object({
    /** The saved question's id; empty for a new one. */
    questionId: z.string(),
    label: z.string(),
    kind: z.enum(questionKinds),
    required: z.boolean(),
    choices: z.string(),
  })
  .transform((question, ctx) => {
    const parsed = questionInputSchema.safeParse({
      ...(question.questionId ? { id: question.questionId } : {}),
      label: question.label,
      kind: question.kind,
      required: question.required,
      choices:
        question.kind === "choice"
          ? question.choices
              .split("\n")
              .map((choice) => choice.trim())
              .filter((choice) => choice.length > 0)
          : [],
    });
    if (parsed.success) return parsed.data;
    reportOn(ctx, parsed.error.issues);
    return z.NEVER;
  });
export type QuestionFormInput = z.input<typeof questionFormSchema>;

/** On-site, the area, the capacity and the questions (issue 22): the same in both forms. */
const serviceDetailsFormShape = {
  onSite: z.boolean(),
  serviceArea: z.string(),
  capacity: capacityInputSchema,
  // Each question is read by the contract's rule above; the list keeps its limit.
  questions: z
    .array(questionFormSchema)
    .max(MAX_QUESTIONS, `An offering asks at most ${MAX_QUESTIONS} questions`),
};
export const serviceDetailsFormSchema = z
  .object(serviceDetailsFormShape)
  .transform(readServiceArea);
export type ServiceDetailsFormInput = z.input<typeof serviceDetailsFormSchema>;

export const emptyServiceDetails: ServiceDetailsFormInput = {
  onSite: false,
  serviceArea: "",
  capacity: "",
  questions: [],
};

const offeringFormObject = z.object({
  title,
  // The select starts on an empty "Choose..." option; say "required" rather than "invalid".
  category: z.string().min(1, "Category is required").pipe(category),
  subcategory,
  description,
  price: priceInputSchema,
  cadence: cadenceSchema,
  trialDays: trialDaysInputSchema,
  maxPausePeriods: maxPausePeriodsInputSchema,
  ...serviceDetailsFormShape,
});
export const createOfferingFormSchema = offeringFormObject.transform(readServiceArea);
export type CreateOfferingFormInput = z.input<typeof createOfferingFormSchema>;
export type CreateOfferingFormOutput = z.output<typeof createOfferingFormSchema>;

export const editOfferingFormSchema = offeringFormObject
  .pick({
    title: true,
    description: true,
    price: true,
    cadence: true,
    trialDays: true,
    maxPausePeriods: true,
    onSite: true,
    serviceArea: true,
    capacity: true,
    questions: true,
  })
  .transform(readServiceArea);
export type EditOfferingFormInput = z.input<typeof editOfferingFormSchema>;
export type EditOfferingFormOutput = z.output<typeof editOfferingFormSchema>;
