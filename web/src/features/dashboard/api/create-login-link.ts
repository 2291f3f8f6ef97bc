import { urlResponseSchema } from "@contracts/connect";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** A one-time link into the creator's Stripe Express dashboard (409 until onboarding is done). */
function createLoginLink() {
  return apiRequest("/api/connect/login-link", {
    method: "POST",
    body: {},
    schema: urlResponseSchema,
  });
}

/**
 * Opens the Express dashboard in a new tab. The tab is opened inside the click, before the
 * request, because popup blockers refuse a window.open that happens after an await.
 */
export function useOpenStripeDashboard() {
  return useMutation({
    mutationFn: async () => {
      const tab = window.open("", "_blank");
      // The dashboard must not be able to script or navigate this page (reverse tabnabbing).
      if (tab) tab.opener = null;
      try {
        const { url } = await createLoginLink();
        if (tab) tab.location.href = url;
        else window.open(url, "_blank", "noopener,noreferrer");
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
}
