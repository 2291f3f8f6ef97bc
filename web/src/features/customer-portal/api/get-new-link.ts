import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { customerPortalKey, customerPortalPath, type SubscriberRef } from "./subscriber-ref";

/** "Get a New Link": the server replaces the key; the old address stops working at once. */
async function getNewLink(ref: SubscriberRef) {
  const { newManageLinkResponseSchema } = await import("../lib/portal-rules");
  return apiRequest(`${customerPortalPath(ref)}/new-link`, {
    method: "POST",
    body: {},
    schema: newManageLinkResponseSchema,
  });
}

export function useGetNewLink(ref: SubscriberRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getNewLink(ref),
    onSuccess: ({ manageKey }) => {
      // The same subscription under its new address, so the page moves there without a request.
      // (The old key's entry is left to expire: removing it now would refetch it, a 404.)
      const portal = queryClient.getQueryData(customerPortalKey(ref));
      if (portal) queryClient.setQueryData(customerPortalKey({ ...ref, manageKey }), portal);
    },
  });
}
