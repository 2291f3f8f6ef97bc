import { offeringListSchema } from "@contracts/offerings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { offeringOptionsQueryKey } from "./query-keys";

/** The creator's offerings, for the "Subscription" filter. */
function getOfferingOptions() {
  return apiRequest("/api/offerings", { schema: offeringListSchema });
}

function getOfferingOptionsQueryOptions() {
  return queryOptions({ queryKey: offeringOptionsQueryKey, queryFn: getOfferingOptions });
}

export function useOfferingOptions() {
  return useQuery(getOfferingOptionsQueryOptions());
}
