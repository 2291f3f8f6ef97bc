import { useMutation } from "@tanstack/react-query";
import { authClient } from "@/lib/auth-client";

/** Sends the signed-in creator a fresh verification link (the dashboard banner, the Account tab). */
async function sendVerificationEmail(email: string): Promise<void> {
  const result = await authClient.sendVerificationEmail({ email });
  if (result.error) {
    throw new Error(result.error.message ?? "Could not send the e-mail. Please try again.");
  }
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
