import { type CreateOfferingInput, offeringResponseSchema } from "@contracts/offerings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { sharedQueryKeys } from "@/lib/query-keys";

interface CreateOfferingVariables {
  input: CreateOfferingInput;
  /** One per exact input (web/src/lib/request-keys.ts): a retry of it creates one offering. */
  idempotencyKey: string;
}

function createOffering({ input, idempotencyKey }: CreateOfferingVariables) {
  return apiRequest("/api/offerings", {
    method: "POST",
    body: input,
    headers: { "Idempotency-Key": idempotencyKey },
    schema: offeringResponseSchema,
  });
}

export function useCreateOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffering,
    // A new offering changes the list and every figure (revenue, plan count, the title's name).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.offerings }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.dashboard }),
      ]),
  });
}
