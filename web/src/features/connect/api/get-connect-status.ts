import { type ConnectStatus, connectStatusSchema } from "@contracts/connect";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const connectStatusQueryKey = ["connect-status"] as const;

/** GET refreshes from Stripe on the server, so every load shows Stripe's current view. */
export function connectStatusQueryOptions() {
  return queryOptions({
    queryKey: connectStatusQueryKey,
    queryFn: () => apiRequest("/api/connect/account", { schema: connectStatusSchema }),
  });
}

export function useConnectStatus() {
  return useQuery(connectStatusQueryOptions());
}

function useStatusMutation(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(path, { method: "POST", body: {}, schema: connectStatusSchema }),
    onSuccess: (status: ConnectStatus) => queryClient.setQueryData(connectStatusQueryKey, status),
  });
}

export function useCreateConnectAccount() {
  return useStatusMutation("/api/connect/account");
}

export function useRefreshConnectStatus() {
  return useStatusMutation("/api/connect/account/refresh");
}
