import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export type EmailChangeAction = "confirm" | "undo";

/** The button of the page an e-mail change's link opens: POSTs the link's token. */
async function finishEmailChange(action: EmailChangeAction, token: string) {
  const { emailChangeOutcomeSchema } = await import("../lib/portal-rules");
  return apiRequest(`/api/public/email-changes/${action}`, {
    method: "POST",
    body: { token },
    schema: emailChangeOutcomeSchema,
  });
}

export function useFinishEmailChange(action: EmailChangeAction) {
  return useMutation({ mutationFn: (token: string) => finishEmailChange(action, token) });
}
