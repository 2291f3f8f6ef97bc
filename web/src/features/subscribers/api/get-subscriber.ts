import { subscriberDetailSchema } from "@contracts/subscribers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { subscriberQueryKey } from "./query-keys";

/** One subscriber: what the list shows, their self-service link and the e-mails sent. */
function getSubscriber(id: string) {
  return apiRequest(`/api/subscribers/${encodeURIComponent(id)}`, {
    schema: subscriberDetailSchema,
  });
}

function getSubscriberQueryOptions(id: string) {
  return queryOptions({ queryKey: subscriberQueryKey(id), queryFn: () => getSubscriber(id) });
}

export function useSubscriber(id: string | null) {
  return useQuery({ ...getSubscriberQueryOptions(id ?? ""), enabled: id !== null });
}
