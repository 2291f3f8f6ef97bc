import { z } from "zod";
import { currentPasswordSchema, totpCodeSchema } from "./auth";

/**
 * Deleting the account: the User ID typed out, the account's password, and a code from the
 * authenticator app when two-factor authentication is on (each code is accepted once).
 */
export const deleteAccountSchema = z
  .object({
    confirmUserId: z
      .string()
      .max(200, "User ID does not match. Please type your exact User ID to confirm."),
    password: currentPasswordSchema,
    totpCode: totpCodeSchema.optional(),
  })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** DELETE /api/account's answer: the account and everything it owned is gone. */
export const deleteAccountResponseSchema = z.object({ ok: z.literal(true) });
