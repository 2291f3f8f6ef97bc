import { clientSecretResponseSchema } from "@contracts/connect";
import { apiRequest } from "@/lib/api-client";

/**
 * The client secret Connect embedded components ask for (real Stripe only). connect-js calls
 * this itself, again whenever a session expires, so there is no hook.
 */
export async function createAccountSession(): Promise<string> {
  const { clientSecret } = await apiRequest("/api/connect/account-session", {
    method: "POST",
    body: {},
    schema: clientSecretResponseSchema,
  });
  return clientSecret;
}
