import { subscriberPaymentsSchema } from "@contracts/subscribers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { subscriberPaymentsQueryKey } from "./query-keys";

/** Every payment of one subscriber, newest first (one per creator_earnings row). */
function getSubscriberPayments(id: string) {
  return apiRequest(`/api/subscribers/${encodeURIComponent(id)}/payments`, {
    schema: subscriberPaymentsSchema,
  });
}

function getSubscriberPaymentsQueryOptions(id: string) {
  return queryOptions({
    queryKey: subscriberPaymentsQueryKey(id),
    queryFn: () => getSubscriberPayments(id),
  });
}

export function useSubscriberPayments(id: string) {
  return useQuery(getSubscriberPaymentsQueryOptions(id));
}
