import { meSchema } from "@contracts/me";
import { offeringListSchema } from "@contracts/offerings";
import { creatorPlanSchema } from "@contracts/plan-billing";
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

/** The creator's platform plan (issue 23): the plan in force, its charges, card and invoices. */
export function useCreatorPlan() {
  return useQuery({
    queryKey: sharedQueryKeys.plan,
    queryFn: () => apiRequest("/api/plan", { schema: creatorPlanSchema }),
  });
}
