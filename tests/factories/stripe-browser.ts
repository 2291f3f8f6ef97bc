import { z } from "zod";
import type { AppClient } from "../setup/test-app";
import { readJson } from "../support/read-json";

/** Whatever the emulator answers is a JSON object; the callers pick the fields they check. */
const stripeObjectSchema = z.record(z.string(), z.unknown());

// What Stripe.js does in the browser, done over HTTP with the publishable key.

function emulator(app: AppClient) {
  const emulatorRuntime = app.runtime.emulator;
  if (!emulatorRuntime) throw new Error("These helpers need the Stripe emulator");
  return emulatorRuntime;
}

async function postForm(app: AppClient, path: string, fields: Record<string, string>) {
  const { url, publishableKey } = emulator(app);
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${publishableKey}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: await readJson(response, stripeObjectSchema) };
}

export const testCards = {
  success: "4242424242424242",
  threeDSecure: "4000002500003155",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  failsWhenCharged: "4000000000000341",
} as const;

export async function createPaymentMethod(app: AppClient, cardNumber: string): Promise<string> {
  const { status, body } = await postForm(app, "/v1/payment_methods", {
    type: "card",
    "card[number]": cardNumber,
    "card[exp_month]": "12",
    "card[exp_year]": String(new Date().getFullYear() + 3),
    "card[cvc]": "123",
  });
  if (status !== 200) throw new Error(`payment method failed: ${JSON.stringify(body)}`);
  return body.id as string;
}

export async function confirmCardPayment(
  app: AppClient,
  clientSecret: string,
  paymentMethodId: string,
) {
  const intentId = clientSecret.split("_secret_")[0]!;
  return postForm(app, `/v1/payment_intents/${intentId}/confirm`, {
    client_secret: clientSecret,
    payment_method: paymentMethodId,
  });
}

/** Stripe.js's confirmCardSetup: a free trial's card, saved for its first charge. */
export async function confirmCardSetup(
  app: AppClient,
  clientSecret: string,
  paymentMethodId: string,
) {
  const intentId = clientSecret.split("_secret_")[0]!;
  return postForm(app, `/v1/setup_intents/${intentId}/confirm`, {
    client_secret: clientSecret,
    payment_method: paymentMethodId,
  });
}

/** The 3-D Secure page's "Complete" or "Fail" button. */
export async function answerThreeDSecure(
  app: AppClient,
  paymentIntentId: string,
  outcome: "complete" | "fail",
) {
  const response = await fetch(`${emulator(app).url}/3ds/${paymentIntentId}/${outcome}`, {
    method: "POST",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`3DS ${outcome} failed: ${response.status}`);
}

export async function completeConnectOnboarding(app: AppClient, stripeAccountId: string) {
  const response = await fetch(
    `${emulator(app).url}/_emulator/accounts/${stripeAccountId}/complete_onboarding`,
    { method: "POST" },
  );
  if (!response.ok) throw new Error(`complete_onboarding failed: ${response.status}`);
}

/** The emulator's clock (Stripe's time, as a test clock would have it), in milliseconds. */
export async function emulatorNow(app: AppClient): Promise<number> {
  const response = await fetch(`${emulator(app).url}/_emulator/clock`);
  if (!response.ok) throw new Error(`clock read failed: ${response.status}`);
  const { now } = (await response.json()) as { now: number };
  return now * 1000;
}

export async function advanceEmulatorClock(app: AppClient, days: number) {
  const response = await fetch(`${emulator(app).url}/_emulator/clock/advance`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ days }),
  });
  if (!response.ok) throw new Error(`clock advance failed: ${response.status}`);
}
