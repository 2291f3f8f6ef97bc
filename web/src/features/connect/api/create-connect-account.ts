import { type ConnectStatus, connectStatusSchema } from "@contracts/connect";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { connectStatusQueryKey } from "./get-connect-status";

/** Creates the Express account once; the server answers a repeat (a double click) with the same. */
function createConnectAccount(): Promise<ConnectStatus> {
  return apiRequest("/api/connect/account", {
    method: "POST",
    body: {},
    schema: connectStatusSchema,
  });
}

export function useCreateConnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConnectAccount,
    // The reply is the new status: write it straight into the cache instead of refetching.
    onSuccess: (status) => queryClient.setQueryData(connectStatusQueryKey, status),
  });
}
