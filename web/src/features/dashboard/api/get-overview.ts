import { overviewSchema } from "@contracts/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { overviewQueryKey } from "./query-keys";

function getOverview() {
  return apiRequest("/api/dashboard/overview", { schema: overviewSchema });
}

function getOverviewQueryOptions() {
  return queryOptions({ queryKey: overviewQueryKey, queryFn: getOverview });
}

export function useOverview() {
  return useQuery(getOverviewQueryOptions());
}
