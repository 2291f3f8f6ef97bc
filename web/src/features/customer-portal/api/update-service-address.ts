import type { UpdateServiceAddressInput } from "@contracts/customer-portal";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { customerPortalKey, customerPortalPath, type SubscriberRef } from "./subscriber-ref";

/**
 * An on-site subscription's new service address and phone (issue 22). The server checks the
 * address is inside the offering's area, writes it to Stripe's customer and e-mails the business.
 */
async function updateServiceAddress(ref: SubscriberRef, input: UpdateServiceAddressInput) {
  const { updateServiceAddressResponseSchema } = await import("../lib/address-rules");
  return apiRequest(`${customerPortalPath(ref)}/address`, {
    method: "PUT",
    body: input,
    schema: updateServiceAddressResponseSchema,
  });
}

export function useUpdateServiceAddress(ref: SubscriberRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateServiceAddressInput) => updateServiceAddress(ref, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerPortalKey(ref) }),
  });
}
