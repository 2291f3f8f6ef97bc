import { randomUUID } from "node:crypto";
import type { Offering } from "../../contracts/offerings";
import {
  finalizeSubscriptionResponseSchema,
  startSubscriptionResponseSchema,
} from "../../contracts/subscribe";
import { type AppClient, jsonRequest } from "../setup/test-app";
import { readJson } from "../support/read-json";
import {
  confirmCardPayment,
  confirmCardSetup,
  createPaymentMethod,
  testCards,
} from "./stripe-browser";

export interface SubscribeResult {
  subscriberId: string;
  /** The key of the subscriber's self-service link (/customer/{customUrl}/{manageKey}). */
  manageKey: string;
  subscriptionId: string;
}

/** The whole card path as the browser runs it: card → start → confirm → finalize. */
export async function subscribeWithCard(
  app: AppClient,
  offering: Pick<Offering, "customUrl">,
  overrides: {
    name?: string;
    email?: string;
    card?: string;
    promoCode?: string;
    withoutTrial?: boolean;
    /** Issue 22's fields: address, phone, answers, inviteToken. */
    details?: Record<string, unknown>;
  } = {},
): Promise<SubscribeResult> {
  const paymentMethodId = await createPaymentMethod(app, overrides.card ?? testCards.success);
  const start = await app.request(
    "/api/public/subscribe",
    jsonRequest("POST", {
      customUrl: offering.customUrl,
      attemptId: randomUUID(),
      name: overrides.name ?? "Sam Customer",
      email: overrides.email ?? `sam-${randomUUID().slice(0, 6)}@example.com`,
      paymentMethodId,
      ...(overrides.promoCode ? { promoCode: overrides.promoCode } : {}),
      ...(overrides.withoutTrial ? { withoutTrial: true } : {}),
      ...overrides.details,
    }),
  );
  if (start.status !== 201)
    throw new Error(`subscribe failed: ${start.status} ${await start.text()}`);
  const { subscriptionId, confirm, clientSecret, finalizeToken } = await readJson(
    start,
    startSubscriptionResponseSchema,
  );
  if (clientSecret) {
    const confirmCard = confirm === "setup" ? confirmCardSetup : confirmCardPayment;
    await confirmCard(app, clientSecret, paymentMethodId);
  }
  const finalize = await app.request(
    "/api/public/subscribe/finalize",
    jsonRequest("POST", { customUrl: offering.customUrl, subscriptionId, finalizeToken }),
  );
  if (finalize.status !== 200) {
    throw new Error(`finalize failed: ${finalize.status} ${await finalize.text()}`);
  }
  const { subscriberId, manageKey } = await readJson(finalize, finalizeSubscriptionResponseSchema);
  return { subscriberId, manageKey, subscriptionId };
}
