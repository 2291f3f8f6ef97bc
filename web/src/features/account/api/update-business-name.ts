import { businessNameResponseSchema, updateBusinessNameSchema } from "@contracts/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * Keys of what the business name shows up in, spelled out because features don't import each
 * other: GET /api/me (the header), the offerings list and the dashboard figures (creator name).
 */
const affectedQueryKeys = [["me"], ["offerings"], ["dashboard"]] as const;

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
