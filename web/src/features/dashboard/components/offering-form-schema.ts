import { cadenceSchema } from "@contracts/cadence";
import { moneyInputMessages, parseMoneyInput } from "@contracts/money-input";
import { createOfferingSchema, priceCentsSchema, trialDaysSchema } from "@contracts/offerings";
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

export const createOfferingFormSchema = z.object({
  title,
  // The select starts on an empty "Choose..." option; say "required" rather than "invalid".
  category: z.string().min(1, "Category is required").pipe(category),
  subcategory,
  description,
  price: priceInputSchema,
  cadence: cadenceSchema,
  trialDays: trialDaysInputSchema,
  maxPausePeriods: maxPausePeriodsInputSchema,
});
export type CreateOfferingFormInput = z.input<typeof createOfferingFormSchema>;
export type CreateOfferingFormOutput = z.output<typeof createOfferingFormSchema>;

export const editOfferingFormSchema = createOfferingFormSchema.pick({
  title: true,
  description: true,
  price: true,
  cadence: true,
  trialDays: true,
  maxPausePeriods: true,
});
export type EditOfferingFormInput = z.input<typeof editOfferingFormSchema>;
export type EditOfferingFormOutput = z.output<typeof editOfferingFormSchema>;
