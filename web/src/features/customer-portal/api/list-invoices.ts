import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { customerPortalPath, portalInvoicesKey, type SubscriberRef } from "./subscriber-ref";

/** The subscription's invoices at Stripe, newest first: asked after the page is drawn. */
async function listPortalInvoices(ref: SubscriberRef) {
  const { portalInvoicesSchema } = await import("../lib/portal-rules");
  return apiRequest(`${customerPortalPath(ref)}/invoices`, { schema: portalInvoicesSchema });
}

export function usePortalInvoices(ref: SubscriberRef) {
  return useQuery({
    queryKey: portalInvoicesKey(ref),
    queryFn: () => listPortalInvoices(ref),
  });
}
