import { dollarsToCents } from "@contracts/money";
import { createOfferingSchema, priceCentsSchema } from "@contracts/offerings";
import { z } from "zod";

/**
 * The create/edit forms validate with the API's own rules (contracts/offerings.ts), so a
 * message shows at the field before a request is made. Only the shapes differ: selects start
 * empty, and the price is typed in dollars as text.
 */
const { title, subcategory, description, category } = createOfferingSchema.shape;

/** Dollars as typed. Empty counts as $0 (spec); at most 2 decimals; then the cents rules. */
const priceInputSchema = z.string().superRefine((value, ctx) => {
  const trimmed = value.trim();
  if (trimmed !== "" && !Number.isFinite(Number(trimmed))) {
    ctx.addIssue({ code: "custom", message: "Price must be a number" });
    return;
  }
  if (trimmed !== "" && !/^-?\d*(\.\d{0,2})?$/.test(trimmed)) {
    ctx.addIssue({ code: "custom", message: "Use at most 2 decimals" });
    return;
  }
  const parsed = priceCentsSchema.safeParse(dollarsToCents(trimmed));
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Invalid price" });
  }
});

export const createOfferingFormSchema = z.object({
  title,
  // The select starts on an empty "Choose..." option; say "required" rather than "invalid".
  category: z.string().min(1, "Category is required").pipe(category),
  subcategory,
  description,
  price: priceInputSchema,
});
export type CreateOfferingFormInput = z.input<typeof createOfferingFormSchema>;
export type CreateOfferingFormOutput = z.output<typeof createOfferingFormSchema>;

export const editOfferingFormSchema = createOfferingFormSchema.pick({
  title: true,
  description: true,
  price: true,
});
export type EditOfferingFormInput = z.input<typeof editOfferingFormSchema>;
export type EditOfferingFormOutput = z.output<typeof editOfferingFormSchema>;
