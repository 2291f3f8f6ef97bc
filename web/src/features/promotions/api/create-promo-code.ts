import { type CreatePromoCodeInput, promoCodeResponseSchema } from "@contracts/promotions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { promoCodesQueryKey } from "./query-keys";

function createPromoCode(input: CreatePromoCodeInput) {
  return apiRequest("/api/promo-codes", {
    method: "POST",
    body: input,
    schema: promoCodeResponseSchema,
  });
}

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryKey }),
  });
}
