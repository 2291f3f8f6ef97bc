import { promoCodeListSchema } from "@contracts/promotions";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { promoCodesQueryKey } from "./query-keys";

/** The creator's codes, newest first, each with how often it was used. */
export function usePromoCodes() {
  return useQuery({
    queryKey: promoCodesQueryKey,
    queryFn: () => apiRequest("/api/promo-codes", { schema: promoCodeListSchema }),
  });
}
