import { type DeleteAccountInput, deleteAccountSchema } from "@contracts/account";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/**
 * Cancels the subscribers' Stripe subscriptions, deletes the offerings and the user (server),
 * once the User ID, the password and (with 2FA on) a fresh code check out.
 * No invalidation: the caller signs out and clears the whole cache.
 */
function deleteAccount(input: DeleteAccountInput) {
  return apiRequest("/api/account", {
    method: "DELETE",
    body: deleteAccountSchema.parse(input),
    schema: z.object({ ok: z.literal(true) }),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
