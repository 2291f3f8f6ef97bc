import { dollarsToCents, formatCents } from "@contracts/money";
import { refundPaymentSchema } from "@contracts/subscribers";
import { z } from "zod";

/**
 * The refund dialog's amount: typed in dollars, then the API's own cents rule
 * (contracts/subscribers.ts). The form says it in dollars first, and knows what is left.
 */
export function refundFormSchema(remainingCents: number) {
  return z.object({
    amount: z
      .string()
      .superRefine((value, ctx) => {
        const cents = dollarsToCents(value);
        const message =
          value.trim() === ""
            ? "Enter an amount."
            : !Number.isFinite(cents) || cents < 1
              ? "Enter an amount of at least $0.01."
              : cents > remainingCents
                ? `At most ${formatCents(remainingCents)} can be refunded.`
                : null;
        if (message) ctx.addIssue({ code: "custom", message });
      })
      .transform(dollarsToCents)
      .pipe(refundPaymentSchema.shape.amountCents),
  });
}
export type RefundFormSchema = ReturnType<typeof refundFormSchema>;
