import { analyticsSchema } from "@contracts/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { analyticsQueryKey } from "./query-keys";

/** Every figure is computed in SQL on the server; the browser never sees raw rows. */
function getAnalytics() {
  return apiRequest("/api/dashboard/analytics", { schema: analyticsSchema });
}

function getAnalyticsQueryOptions() {
  return queryOptions({ queryKey: analyticsQueryKey, queryFn: getAnalytics });
}

export function useAnalytics() {
  return useQuery(getAnalyticsQueryOptions());
}
