import { startFreeSubscriptionResponseSchema } from "@contracts/subscribe";
import { ApiError, apiRequest } from "@/lib/api-client";
import type { ServiceDetailsBody } from "../lib/service-details-body";

export interface SubscribeFreeInput extends ServiceDetailsBody {
  customUrl: string;
  name: string;
  email: string;
  /** One per attempt, kept for its retries: the server turns a repeat into a no-op. */
  attemptId: string;
}

/**
 * The free path: a $0.00 offering needs no card, and the server records the subscriber at once.
 * A request that never reached the server (or whose answer got lost) is sent once more with the
 * same body, which the attemptId makes safe. Resolves to the self-service link's key.
 */
export async function subscribeFree(input: SubscribeFreeInput): Promise<string> {
  const send = () =>
    apiRequest("/api/public/subscribe/free", {
      method: "POST",
      body: input,
      schema: startFreeSubscriptionResponseSchema,
    });
  try {
    return (await send()).manageKey;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error;
    return (await send()).manageKey;
  }
}
