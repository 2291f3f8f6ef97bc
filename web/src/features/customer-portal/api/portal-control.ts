import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import {
  customerPortalKey,
  customerPortalPath,
  portalInvoicesKey,
  type SubscriberRef,
} from "./subscriber-ref";

/** The changes a customer makes to their subscription, each a POST under the page's address. */
type ControlAction = "resume" | "pause" | "pause/end" | "switch";

async function postControl(ref: SubscriberRef, action: ControlAction, body: object) {
  const { customerPortalSchema } = await import("../lib/portal-rules");
  return apiRequest(`${customerPortalPath(ref)}/${action}`, {
    method: "POST",
    body,
    schema: customerPortalSchema,
  });
}

/**
 * A change answered with the page's data as it now stands: that replaces the page's cache (no
 * second request), and the invoices are asked again (a switch or a pause can add one). A refusal
 * refetches the page, since Stripe may have changed under it.
 */
export function usePortalControl<Body extends object>(ref: SubscriberRef, action: ControlAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => postControl(ref, action, body),
    onSuccess: (portal) => {
      queryClient.setQueryData(customerPortalKey(ref), portal);
      void queryClient.invalidateQueries({ queryKey: portalInvoicesKey(ref) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: customerPortalKey(ref) }),
  });
}
