import { offeringListSchema } from "@contracts/offerings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { offeringsQueryKey } from "./query-keys";

/** The creator's offerings, newest first (the server orders them). */
function getOfferings() {
  return apiRequest("/api/offerings", { schema: offeringListSchema });
}

function getOfferingsQueryOptions() {
  return queryOptions({ queryKey: offeringsQueryKey, queryFn: getOfferings });
}

export function useOfferings() {
  return useQuery(getOfferingsQueryOptions());
}
