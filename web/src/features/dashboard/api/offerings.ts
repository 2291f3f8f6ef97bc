import {
  type CreateOfferingInput,
  offeringListSchema,
  offeringResponseSchema,
  type UpdateOfferingInput,
} from "@contracts/offerings";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { dashboardQueryKey } from "./dashboard-figures";

export const offeringsQueryKey = ["offerings"] as const;

export function offeringsQueryOptions() {
  return queryOptions({
    queryKey: offeringsQueryKey,
    queryFn: () => apiRequest("/api/offerings", { schema: offeringListSchema }),
  });
}

export function useOfferings() {
  return useQuery(offeringsQueryOptions());
}

/** Every offering change moves the figures too. */
function useInvalidateOfferings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: offeringsQueryKey }),
      queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
    ]);
}

export function useCreateOffering() {
  const invalidate = useInvalidateOfferings();
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
    }: {
      input: CreateOfferingInput;
      idempotencyKey: string;
    }) =>
      apiRequest("/api/offerings", {
        method: "POST",
        body: input,
        headers: { "Idempotency-Key": idempotencyKey },
        schema: offeringResponseSchema,
      }),
    onSuccess: invalidate,
  });
}

export function useUpdateOffering() {
  const invalidate = useInvalidateOfferings();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateOfferingInput }) =>
      apiRequest(`/api/offerings/${id}`, {
        method: "PATCH",
        body: input,
        schema: offeringResponseSchema,
      }),
    onSuccess: invalidate,
  });
}

export function useSetOfferingActive() {
  const invalidate = useInvalidateOfferings();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      apiRequest(`/api/offerings/${id}/status`, {
        method: "PATCH",
        body: { isActive },
        schema: offeringResponseSchema,
      }),
    onSuccess: invalidate,
  });
}
