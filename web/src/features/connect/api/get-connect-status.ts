import { type ConnectStatus, connectStatusSchema } from "@contracts/connect";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const connectStatusQueryKey = ["connect-status"] as const;

/** The server refreshes from Stripe on every GET, so a load always shows Stripe's current view. */
function getConnectStatus(): Promise<ConnectStatus> {
  return apiRequest("/api/connect/account", { schema: connectStatusSchema });
}

function connectStatusQueryOptions() {
  return queryOptions({ queryKey: connectStatusQueryKey, queryFn: getConnectStatus });
}

export function useConnectStatus() {
  return useQuery(connectStatusQueryOptions());
}
