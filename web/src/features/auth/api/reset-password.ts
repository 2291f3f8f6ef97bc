import type { ResetPasswordInput } from "@contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { authClient } from "@/lib/auth-client";

/** Thrown when the link was already used or is over an hour old. */
export class ExpiredResetLinkError extends Error {}

/** Sets the new password; better-auth spends the token and signs every session out. */
async function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<void> {
  const result = await authClient.resetPassword({ token, newPassword });
  if (!result.error) return;
  if (result.error.code === "INVALID_TOKEN") {
    throw new ExpiredResetLinkError("This reset link has expired or was already used.");
  }
  throw new Error(result.error.message ?? "Could not change the password. Please try again.");
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
