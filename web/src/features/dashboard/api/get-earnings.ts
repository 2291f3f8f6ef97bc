import { earningsSchema } from "@contracts/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { earningsQueryKey } from "./query-keys";

/** Balance from the connected account at Stripe; totals and the latest 10 from our ledger. */
function getEarnings() {
  return apiRequest("/api/dashboard/earnings", { schema: earningsSchema });
}

function getEarningsQueryOptions() {
  return queryOptions({ queryKey: earningsQueryKey, queryFn: getEarnings });
}

export function useEarnings() {
  return useQuery(getEarningsQueryOptions());
}
