import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  finalizeSubscriptionResponseSchema,
  startSubscriptionResponseSchema,
} from "../../contracts/subscribe";
import { readJson } from "./read-json";

/** The emulator's publishable key: what Stripe.js in the customer's browser would use. */
const PUBLISHABLE_KEY = "pk_test_emulator";

export interface SubscribeOverHttpOptions {
  /** The running app, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** Sent as Origin, which the app's origin check compares with its public URL. */
  origin: string;
  emulatorUrl: string;
  customUrl: string;
  name?: string;
  email?: string;
  /** The customer's address, for the per-address rate limits (a load test spreads them). */
  forwardedFor?: string;
  cardNumber?: string;
  /** Issue 22's fields, sent as they are: address, phone, answers, inviteToken. */
  details?: Record<string, unknown>;
}

/**
 * The card path a customer takes on a landing page, over HTTP against a running server (the
 * journeys, benchmarks and crash tests): a PaymentMethod created with the publishable key, as
 * Stripe.js would; POST /api/public/subscribe; the first invoice's PaymentIntent confirmed in the
 * "browser" when it needs that; then finalize. Throws with the response when a step is refused.
 * Returns our subscriber id and Stripe's subscription id.
 */
export async function subscribeOverHttp(options: SubscribeOverHttpOptions) {
  const paymentMethodId = await createCardPaymentMethod(
    options.emulatorUrl,
    options.cardNumber ?? "4242424242424242",
  );
  const headers = {
    "Content-Type": "application/json",
    Origin: options.origin,
    ...(options.forwardedFor ? { "X-Forwarded-For": options.forwardedFor } : {}),
  };
  const post = async <Schema extends z.ZodType>(
    path: string,
    body: unknown,
    expected: number,
    schema: Schema,
  ) => {
    const response = await fetch(`${options.baseUrl}${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    if (response.status !== expected)
      throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return readJson(response, schema);
  };

  const start = await post(
    "/api/public/subscribe",
    {
      customUrl: options.customUrl,
      attemptId: randomUUID(),
      name: options.name ?? "Test Customer",
      email: options.email ?? `c-${randomUUID().slice(0, 8)}@example.com`,
      paymentMethodId,
      ...options.details,
    },
    201,
    startSubscriptionResponseSchema,
  );
  if (start.clientSecret) {
    const intentId = start.clientSecret.split("_secret_")[0];
    await stripeJsPost(options.emulatorUrl, `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: start.clientSecret,
      payment_method: paymentMethodId,
    });
  }
  const { subscriberId, manageKey } = await post(
    "/api/public/subscribe/finalize",
    {
      customUrl: options.customUrl,
      subscriptionId: start.subscriptionId,
      finalizeToken: start.finalizeToken,
    },
    200,
    finalizeSubscriptionResponseSchema,
  );
  return { subscriberId, manageKey, subscriptionId: start.subscriptionId };
}

async function createCardPaymentMethod(emulatorUrl: string, cardNumber: string) {
  const paymentMethod = await stripeJsPost(emulatorUrl, "/v1/payment_methods", {
    type: "card",
    "card[number]": cardNumber,
    "card[exp_month]": "12",
    "card[exp_year]": "2035",
    "card[cvc]": "123",
  });
  return paymentMethod.id;
}

/** Every Stripe object the emulator answers with has an id; that is all these callers read. */
const stripeObjectSchema = z.object({ id: z.string() });

/** A request as Stripe.js makes it: form-encoded, with the publishable key. */
async function stripeJsPost(emulatorUrl: string, path: string, form: Record<string, string>) {
  const response = await fetch(`${emulatorUrl}${path}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${PUBLISHABLE_KEY}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return readJson(response, stripeObjectSchema);
}
