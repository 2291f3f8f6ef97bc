import { offeringResponseSchema, type UpdateOfferingInput } from "@contracts/offerings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { sharedQueryKeys } from "@/lib/query-keys";

interface UpdateOfferingVariables {
  id: string;
  input: UpdateOfferingInput;
}

function updateOffering({ id, input }: UpdateOfferingVariables) {
  return apiRequest(`/api/offerings/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: input,
    schema: offeringResponseSchema,
  });
}

export function useUpdateOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOffering,
    // The price feeds monthly revenue and performance, and the title is joined into the
    // analytics and earnings lists, so every figure is refetched.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.offerings }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.dashboard }),
      ]),
  });
}
