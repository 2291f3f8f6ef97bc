import { meSchema } from "@contracts/me";
import { offeringListSchema } from "@contracts/offerings";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";
import { sharedQueryKeys } from "./query-keys";

/** The signed-in creator: GET /api/me. */
export function useMe(options: { enabled: boolean }) {
  return useQuery({
    queryKey: sharedQueryKeys.me,
    queryFn: () => apiRequest("/api/me", { schema: meSchema }),
    enabled: options.enabled,
  });
}

/** The creator's offerings, newest first (the server orders them). */
export function useOfferings() {
  return useQuery({
    queryKey: sharedQueryKeys.offerings,
    queryFn: () => apiRequest("/api/offerings", { schema: offeringListSchema }),
  });
}
