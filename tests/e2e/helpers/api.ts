import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { e2eEmulatorUrl } from "../../../playwright.config";

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** A creator ready to sell, set up through the API (the UI journey is tested elsewhere). */
export async function createSellingCreator(
  request: APIRequestContext,
  baseURL: string,
  offering: { title: string; priceCents: number },
) {
  const headers = { Origin: baseURL };
  const email = uniqueEmail("seller");
  const signUp = await request.post("/api/auth/sign-up/email", {
    headers,
    data: { email, password: "seller-pass", name: "Sam Seller" },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${await signUp.text()}`);
  await request.post("/api/onboarding/complete", {
    headers,
    data: {
      businessName: "Sam's Lawns",
      businessType: "services",
      monthlyRevenue: "0-1k",
      goals: [],
    },
  });
  const created = await request.post("/api/connect/account", { headers, data: {} });
  const { account } = (await created.json()) as { account: { stripeAccountId: string } };
  await request.post(
    `${e2eEmulatorUrl}/_emulator/accounts/${account.stripeAccountId}/complete_onboarding`,
  );
  await request.post("/api/connect/account/refresh", { headers, data: {} });
  const response = await request.post("/api/offerings", {
    headers,
    data: {
      title: offering.title,
      category: "home-property",
      subcategory: "Lawn Care",
      description: "Mowing and edging every week.",
      priceCents: offering.priceCents,
    },
  });
  if (response.status() !== 201) throw new Error(`offering failed: ${await response.text()}`);
  return {
    email,
    offering: (
      (await response.json()) as { offering: { id: string; customUrl: string; title: string } }
    ).offering,
  };
}

/** A paying subscriber through the real card path, as Stripe.js would do it. */
export async function subscribeThroughApi(
  request: APIRequestContext,
  baseURL: string,
  customUrl: string,
  name: string,
) {
  const pm = await request.post(`${e2eEmulatorUrl}/v1/payment_methods`, {
    headers: { Authorization: "Bearer pk_test_emulator" },
    form: {
      type: "card",
      "card[number]": "4242424242424242",
      "card[exp_month]": "12",
      "card[exp_year]": "2034",
      "card[cvc]": "123",
    },
  });
  const paymentMethodId = ((await pm.json()) as { id: string }).id;
  const start = await request.post("/api/public/subscribe", {
    headers: { Origin: baseURL },
    data: {
      customUrl,
      attemptId: randomUUID(),
      name,
      email: uniqueEmail("customer"),
      paymentMethodId,
    },
  });
  const { subscriptionId, clientSecret } = (await start.json()) as {
    subscriptionId: string;
    clientSecret: string;
  };
  await request.post(
    `${e2eEmulatorUrl}/v1/payment_intents/${clientSecret.split("_secret_")[0]}/confirm`,
    {
      headers: { Authorization: "Bearer pk_test_emulator" },
      form: { client_secret: clientSecret, payment_method: paymentMethodId },
    },
  );
  const finalize = await request.post("/api/public/subscribe/finalize", {
    headers: { Origin: baseURL },
    data: { customUrl, subscriptionId },
  });
  return ((await finalize.json()) as { subscriberId: string }).subscriberId;
}
