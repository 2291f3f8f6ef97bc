import { type Me, meSchema } from "@contracts/me";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

function getMe(): Promise<Me> {
  return apiRequest("/api/me", { schema: meSchema });
}

export const meQueryKey = ["me"] as const;

function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe });
}

export function useMe(options: { enabled: boolean }) {
  return useQuery({ ...meQueryOptions(), enabled: options.enabled });
}
