import type { PasswordResetRequest } from "@contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { authClient } from "@/lib/auth-client";

/** better-auth answers the same whether or not the address has an account. */
async function requestPasswordReset({ email }: PasswordResetRequest): Promise<void> {
  const result = await authClient.requestPasswordReset({ email });
  if (result.error) {
    throw new Error(result.error.message ?? "Could not send the reset link. Please try again.");
  }
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
