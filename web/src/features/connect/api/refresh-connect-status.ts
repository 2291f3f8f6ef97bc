import { type ConnectStatus, connectStatusSchema } from "@contracts/connect";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { connectStatusQueryKey } from "./get-connect-status";

/** Asks the server to re-read the account from Stripe and store its flags. */
function refreshConnectStatus(): Promise<ConnectStatus> {
  return apiRequest("/api/connect/account/refresh", {
    method: "POST",
    body: {},
    schema: connectStatusSchema,
  });
}

/** Lets other components show "Checking..." while a refresh runs (useIsMutating). */
export const refreshConnectStatusMutationKey = ["connect-status", "refresh"] as const;

export function useRefreshConnectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: refreshConnectStatusMutationKey,
    mutationFn: refreshConnectStatus,
    onSuccess: (status) => queryClient.setQueryData(connectStatusQueryKey, status),
  });
}
