import { deleteAccountSchema } from "@contracts/dashboard";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/**
 * Cancels the subscribers' Stripe subscriptions, deletes the offerings and the user (server).
 * No invalidation: the caller signs out and clears the whole cache.
 */
export function deleteAccount(confirmUserId: string) {
  return apiRequest("/api/account", {
    method: "DELETE",
    body: deleteAccountSchema.parse({ confirmUserId }),
    schema: z.object({ ok: z.literal(true) }),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
