import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { customerPortalKey, customerPortalPath, type SubscriberRef } from "./subscriber-ref";

/**
 * Asks for the change: the server mails the new address a confirmation link and the current
 * one a notice. Nothing changes until the link is opened; the answer names the waiting address.
 */
async function updateSubscriberEmail(ref: SubscriberRef, email: string) {
  const { updateSubscriberEmailResponseSchema } = await import("../lib/portal-rules");
  return apiRequest(`${customerPortalPath(ref)}/email`, {
    method: "PATCH",
    body: { email },
    schema: updateSubscriberEmailResponseSchema,
  });
}

export function useUpdateSubscriberEmail(ref: SubscriberRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => updateSubscriberEmail(ref, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerPortalKey(ref) }),
  });
}
