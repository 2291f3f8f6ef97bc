import { promoCodeResponseSchema } from "@contracts/promotions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { promoCodesQueryKey } from "./query-keys";

/** No new sign-up can use the code; subscribers who did keep their discount. */
function deactivatePromoCode(id: string) {
  return apiRequest(`/api/promo-codes/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: { isActive: false },
    schema: promoCodeResponseSchema,
  });
}

export function useDeactivatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivatePromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryKey }),
  });
}
