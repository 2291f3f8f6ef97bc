import {
  type PublicOffering,
  publicOfferingResponseSchema,
  publicOfferingSchema,
} from "@contracts/landing";
import { useQuery } from "@tanstack/react-query";
import { bootData } from "@/config/boot-data";
import { apiRequest } from "@/lib/api-client";

/** The server inlines the offering into the page; only a client-side navigation fetches it. */
function inlinedOffering(customUrl: string): PublicOffering | undefined {
  const parsed = publicOfferingSchema.safeParse(bootData.landing);
  return parsed.success && parsed.data.customUrl === customUrl ? parsed.data : undefined;
}

export function usePublicOffering(customUrl: string) {
  return useQuery({
    queryKey: ["public-offering", customUrl],
    queryFn: async () =>
      (
        await apiRequest(`/api/public/offerings/${encodeURIComponent(customUrl)}`, {
          schema: publicOfferingResponseSchema,
        })
      ).offering,
    initialData: () => inlinedOffering(customUrl),
    retry: false,
    staleTime: 60_000,
  });
}
