import { urlResponseSchema } from "@contracts/connect";
import { analyticsSchema, earningsSchema, overviewSchema } from "@contracts/dashboard";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const dashboardQueryKey = ["dashboard"] as const;

export function useOverview() {
  return useQuery({
    queryKey: [...dashboardQueryKey, "overview"],
    queryFn: () => apiRequest("/api/dashboard/overview", { schema: overviewSchema }),
  });
}

export function useAnalytics() {
  return useQuery({
    queryKey: [...dashboardQueryKey, "analytics"],
    queryFn: () => apiRequest("/api/dashboard/analytics", { schema: analyticsSchema }),
  });
}

export function useEarnings() {
  return useQuery({
    queryKey: [...dashboardQueryKey, "earnings"],
    queryFn: () => apiRequest("/api/dashboard/earnings", { schema: earningsSchema }),
  });
}

/** The Express dashboard login link, opened in a new tab. */
export function useOpenStripeDashboard() {
  return useMutation({
    mutationFn: async () => {
      // Open the tab first, inside the click, so popup blockers allow it.
      const tab = window.open("", "_blank");
      try {
        const { url } = await apiRequest("/api/connect/login-link", {
          method: "POST",
          body: {},
          schema: urlResponseSchema,
        });
        if (tab) tab.location.href = url;
        else window.open(url, "_blank", "noopener");
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
}
