import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { customerPortalKey, customerPortalPath, type SubscriberRef } from "./subscriber-ref";

async function getCustomerPortal(ref: SubscriberRef) {
  const { customerPortalSchema } = await import("../lib/portal-rules");
  return apiRequest(customerPortalPath(ref), { schema: customerPortalSchema });
}

const customerPortalQueryOptions = (ref: SubscriberRef) =>
  queryOptions({
    queryKey: customerPortalKey(ref),
    queryFn: () => getCustomerPortal(ref),
    // A 404 won't turn into a subscription by asking again; the page says "not found" at once.
    retry: false,
  });

export function useCustomerPortal(ref: SubscriberRef) {
  return useQuery(customerPortalQueryOptions(ref));
}
