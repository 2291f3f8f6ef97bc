import { clientSecretResponseSchema, urlResponseSchema } from "@contracts/connect";
import { apiRequest } from "@/lib/api-client";

export function createAccountLink(purpose: "dashboard" | "embedded") {
  return apiRequest("/api/connect/account-link", {
    method: "POST",
    body: { purpose },
    schema: urlResponseSchema,
  });
}

export async function fetchAccountSessionSecret() {
  const { clientSecret } = await apiRequest("/api/connect/account-session", {
    method: "POST",
    body: {},
    schema: clientSecretResponseSchema,
  });
  return clientSecret;
}

export function createLoginLink() {
  return apiRequest("/api/connect/login-link", {
    method: "POST",
    body: {},
    schema: urlResponseSchema,
  });
}
