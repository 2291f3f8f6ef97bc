import { businessNameResponseSchema, updateBusinessNameSchema } from "@contracts/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { sharedQueryKeys } from "@/lib/query-keys";

/** What the business name shows up in: the header, the offerings and the dashboard's figures. */
const affectedQueryKeys = [
  sharedQueryKeys.me,
  sharedQueryKeys.offerings,
  sharedQueryKeys.dashboard,
];

function updateBusinessName(businessName: string) {
  return apiRequest("/api/profile/business-name", {
    method: "PATCH",
    body: updateBusinessNameSchema.parse({ businessName }),
    schema: businessNameResponseSchema,
  });
}

export function useUpdateBusinessName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessName,
    onSuccess: () =>
      Promise.all(affectedQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
