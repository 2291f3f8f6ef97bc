import { formatCents } from "@contracts/money";
import { moneyInputMessages, parseMoneyInput } from "@contracts/money-input";
import { refundPaymentSchema } from "@contracts/subscribers";
import { z } from "zod";

/**
 * The refund dialog's amount: typed in dollars and read by the app's one money reader (as the
 * offering price is), then the API's own cents rule (contracts/subscribers.ts). The form says
 * it in dollars first, and knows what is left.
 */
export function refundFormSchema(remainingCents: number) {
  return z.object({
    amount: z
      .string()
      .transform((value, ctx) => {
        const read = parseMoneyInput(value);
        const message = !read.ok
          ? read.problem === "empty"
            ? "Enter an amount."
            : moneyInputMessages[read.problem]
          : read.cents < 1
            ? "Enter an amount of at least $0.01."
            : read.cents > remainingCents
              ? `At most ${formatCents(remainingCents)} can be refunded.`
              : null;
        if (message === null && read.ok) return read.cents;
        ctx.addIssue({ code: "custom", message: message ?? "Enter an amount." });
        return z.NEVER;
      })
      .pipe(refundPaymentSchema.shape.amountCents),
  });
}
export type RefundFormSchema = ReturnType<typeof refundFormSchema>;

/** The amount typed so far in cents, for the button's label; null while it can't be read. */
export function typedRefundCents(typed: string | undefined): number | null {
  const read = parseMoneyInput(typed ?? "");
  return read.ok ? read.cents : null;
}
