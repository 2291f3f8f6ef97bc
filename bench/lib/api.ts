import { randomUUID } from "node:crypto";

/** Just enough of a client to set up benchmark data through the real API. */
export class BenchClient {
  cookie = "";
  forwardedFor = "198.18.0.1";
  constructor(
    readonly baseUrl: string,
    readonly origin: string,
  ) {}

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        Origin: this.origin,
        Cookie: this.cookie,
        "X-Forwarded-For": this.forwardedFor,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookies = response.headers.getSetCookie();
    if (setCookies.length > 0) this.cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

export async function createSellingCreator(baseUrl: string, origin: string, emulatorUrl: string) {
  const client = new BenchClient(baseUrl, origin);
  const { user } = await client.call<{ user: { id: string } }>("POST", "/api/auth/sign-up/email", {
    email: `bench-${randomUUID().slice(0, 8)}@example.com`,
    password: "bench-password",
    name: "Bench Creator",
  });
  await client.call("POST", "/api/onboarding/complete", {
    businessName: "Bench Lawns",
    businessType: "services",
    monthlyRevenue: "0-1k",
    goals: [],
  });
  const { account } = await client.call<{ account: { stripeAccountId: string } }>(
    "POST",
    "/api/connect/account",
    {},
  );
  await fetch(`${emulatorUrl}/_emulator/accounts/${account.stripeAccountId}/complete_onboarding`, {
    method: "POST",
  });
  await client.call("POST", "/api/connect/account/refresh", {});
  const { offering } = await client.call<{ offering: { id: string; customUrl: string } }>(
    "POST",
    "/api/offerings",
    {
      title: "Weekly Lawn Care",
      category: "home-property",
      subcategory: "Lawn Care",
      description: "Mowing, edging and clippings removed, every week, all season long.",
      priceCents: 2500,
    },
  );
  return { client, userId: user.id, offering };
}

export async function subscribeOnce(
  baseUrl: string,
  origin: string,
  emulatorUrl: string,
  customUrl: string,
) {
  const pmResponse = await fetch(`${emulatorUrl}/v1/payment_methods`, {
    method: "POST",
    headers: {
      Authorization: "Bearer pk_test_emulator",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      type: "card",
      "card[number]": "4242424242424242",
      "card[exp_month]": "12",
      "card[exp_year]": "2035",
      "card[cvc]": "123",
    }),
  });
  const pm = (await pmResponse.json()) as { id: string };
  const client = new BenchClient(baseUrl, origin);
  client.forwardedFor = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const start = await client.call<{ subscriptionId: string; clientSecret: string | null }>(
    "POST",
    "/api/public/subscribe",
    {
      customUrl,
      attemptId: randomUUID(),
      name: "Bench Customer",
      email: `c-${randomUUID().slice(0, 8)}@example.com`,
      paymentMethodId: pm.id,
    },
  );
  if (start.clientSecret) {
    const intentId = start.clientSecret.split("_secret_")[0];
    await fetch(`${emulatorUrl}/v1/payment_intents/${intentId}/confirm`, {
      method: "POST",
      headers: {
        Authorization: "Bearer pk_test_emulator",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ client_secret: start.clientSecret, payment_method: pm.id }),
    });
  }
  return client.call<{ subscriberId: string }>("POST", "/api/public/subscribe/finalize", {
    customUrl,
    subscriptionId: start.subscriptionId,
  });
}
