import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { customerPortalKey, customerPortalPath, type SubscriberRef } from "./subscriber-ref";

/** The server checks the format (updateSubscriberEmailSchema) and updates the Stripe customer too. */
async function updateSubscriberEmail(ref: SubscriberRef, email: string) {
  const { okSchema } = await import("../lib/portal-rules");
  return apiRequest(`${customerPortalPath(ref)}/email`, {
    method: "PATCH",
    body: { email },
    schema: okSchema,
  });
}

export function useUpdateSubscriberEmail(ref: SubscriberRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => updateSubscriberEmail(ref, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerPortalKey(ref) }),
  });
}
