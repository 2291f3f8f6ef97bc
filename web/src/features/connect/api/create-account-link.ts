import { urlResponseSchema } from "@contracts/connect";
import { apiRequest } from "@/lib/api-client";

/**
 * "embedded": Stripe's hosted onboarding shown in our modal's frame; it returns to
 * /connect-complete.html. "dashboard": a full-page visit that returns to the dashboard.
 */
export type AccountLinkPurpose = "dashboard" | "embedded";

export function createAccountLink(purpose: AccountLinkPurpose) {
  return apiRequest("/api/connect/account-link", {
    method: "POST",
    body: { purpose },
    schema: urlResponseSchema,
  });
}
