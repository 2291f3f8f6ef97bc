import { type SubscriberFilter, subscriberPageSchema } from "@contracts/subscribers";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { filterQueryString } from "../lib/subscriber-filter";
import { subscriberListQueryKey } from "./query-keys";

/** One keyset page of the creator's subscribers; `cursor` is the previous page's nextCursor. */
function listSubscribers(filter: SubscriberFilter, cursor: string | null) {
  const params = new URLSearchParams(filterQueryString(filter));
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return apiRequest(`/api/subscribers${query ? `?${query}` : ""}`, {
    schema: subscriberPageSchema,
  });
}

function listSubscribersQueryOptions(filter: SubscriberFilter) {
  return infiniteQueryOptions({
    queryKey: subscriberListQueryKey(filter),
    queryFn: ({ pageParam }) => listSubscribers(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useSubscriberList(filter: SubscriberFilter) {
  return useInfiniteQuery(listSubscribersQueryOptions(filter));
}
