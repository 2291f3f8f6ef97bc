import { moneyInputMessages, parseMoneyInput } from "@contracts/money-input";
import {
  type CreatePromoCodeInput,
  createPromoCodeSchema,
  promoDurations,
} from "@contracts/promotions";
import { z } from "zod";

/**
 * The Create code form checks with the API's own rules (createPromoCodeSchema), so a message
 * shows at its field before any request. Only the shapes differ: numbers are typed as text, the
 * amount in dollars, optional fields are empty text, and a value the chosen kind or duration
 * doesn't use is left out rather than refused.
 */
const promoCodeFormFields = z.object({
  code: z.string(),
  kind: z.enum(["percent", "amount"]),
  percentOff: z.string(),
  amountOff: z.string(),
  duration: z.enum(promoDurations),
  durationInMonths: z.string(),
  expiresOn: z.string(),
  maxRedemptions: z.string(),
  offeringIds: z.array(z.string()),
});
export type PromoCodeFormValues = z.infer<typeof promoCodeFormFields>;

/** A typed number, or undefined when the field is empty (the schema then says what's missing). */
const numberOrNothing = (text: string) => (text.trim() === "" ? undefined : Number(text.trim()));

/** The schema's fields are named for the API; the amount is typed in dollars, as amountOff. */
const formFieldOf: Record<string, keyof PromoCodeFormValues> = {
  amountOffCents: "amountOff",
};

export const promoCodeFormSchema = promoCodeFormFields.transform(
  (form, ctx): CreatePromoCodeInput => {
    let amountOffCents: number | undefined;
    if (form.kind === "amount" && form.amountOff.trim() !== "") {
      const read = parseMoneyInput(form.amountOff);
      if (!read.ok) {
        ctx.addIssue({
          code: "custom",
          path: ["amountOff"],
          message:
            read.problem === "empty" ? "Enter the amount off" : moneyInputMessages[read.problem],
        });
        return z.NEVER;
      }
      amountOffCents = read.cents;
    }
    const input = {
      code: form.code.trim(),
      kind: form.kind,
      ...(form.kind === "percent" ? { percentOff: numberOrNothing(form.percentOff) } : {}),
      ...(form.kind === "amount" ? { amountOffCents } : {}),
      duration: form.duration,
      ...(form.duration === "repeating"
        ? { durationInMonths: numberOrNothing(form.durationInMonths) }
        : {}),
      ...(form.expiresOn.trim() ? { expiresOn: form.expiresOn.trim() } : {}),
      ...(form.maxRedemptions.trim()
        ? { maxRedemptions: numberOrNothing(form.maxRedemptions) }
        : {}),
      offeringIds: form.offeringIds,
    };
    const checked = createPromoCodeSchema.safeParse(input);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? "code");
      ctx.addIssue({ code: "custom", path: [formFieldOf[field] ?? field], message: issue.message });
    }
    return z.NEVER;
  },
);
