import { urlResponseSchema } from "@contracts/connect";
import { customerPortalSchema } from "@contracts/customer-portal";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

const ok = z.object({ ok: z.literal(true) });

export interface SubscriberRef {
  customUrl: string;
  subscriberId: string;
}

const portalKey = (ref: SubscriberRef) =>
  ["customer-portal", ref.customUrl, ref.subscriberId] as const;
const portalPath = (ref: SubscriberRef) =>
  `/api/public/customers/${encodeURIComponent(ref.customUrl)}/${encodeURIComponent(ref.subscriberId)}`;

export function useCustomerPortal(ref: SubscriberRef) {
  return useQuery({
    queryKey: portalKey(ref),
    queryFn: () => apiRequest(portalPath(ref), { schema: customerPortalSchema }),
    retry: false,
  });
}

export function useUpdateSubscriberEmail(ref: SubscriberRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(`${portalPath(ref)}/email`, { method: "PATCH", body: { email }, schema: ok }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKey(ref) }),
  });
}

export function useCancelSubscription(ref: SubscriberRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest("/api/cancel-subscription", { method: "POST", body: ref, schema: ok }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKey(ref) }),
  });
}

/** The billing portal comes back to this very page. */
export function useOpenBillingPortal(ref: SubscriberRef) {
  return useMutation({
    mutationFn: async () => {
      const { url } = await apiRequest("/api/create-billing-portal", {
        method: "POST",
        body: { ...ref, returnUrl: window.location.href },
        schema: urlResponseSchema,
      });
      window.location.assign(url);
    },
  });
}
