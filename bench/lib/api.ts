import { randomUUID } from "node:crypto";
import { subscribeOverHttp } from "../../tests/support/subscribe-over-http";
import { median } from "./results";

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
  const credentials = {
    email: `bench-${randomUUID().slice(0, 8)}@example.com`,
    password: "bench-password",
  };
  // Sign-up starts no session (it answers the same for any address, ADR 013); sign-in does.
  await client.call("POST", "/api/auth/sign-up/email", { ...credentials, name: "Bench Creator" });
  const { user } = await client.call<{ user: { id: string } }>(
    "POST",
    "/api/auth/sign-in/email",
    credentials,
  );
  const offering = await setUpSelling(client, emulatorUrl, "Bench Lawns");
  return { client, userId: user.id, offering };
}

/**
 * What a signed-in creator does before selling: onboarding answers, a Stripe account whose
 * onboarding the emulator completes (through `postToEmulator`, which may retry), one offering.
 */
export async function setUpSelling(
  client: BenchClient,
  emulatorUrl: string,
  businessName: string,
  postToEmulator: (url: string) => Promise<unknown> = (url) => fetch(url, { method: "POST" }),
) {
  await client.call("POST", "/api/onboarding/complete", {
    businessName,
    businessType: "services",
    monthlyRevenue: "0-1k",
    goals: [],
  });
  const { account } = await client.call<{ account: { stripeAccountId: string } }>(
    "POST",
    "/api/connect/account",
    {},
  );
  await postToEmulator(
    `${emulatorUrl}/_emulator/accounts/${account.stripeAccountId}/complete_onboarding`,
  );
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
  return offering;
}

/** One customer subscribing by card, from an address of their own (the per-address limits). */
export function subscribeOnce(
  baseUrl: string,
  origin: string,
  emulatorUrl: string,
  customUrl: string,
) {
  return subscribeOverHttp({
    baseUrl,
    origin,
    emulatorUrl,
    customUrl,
    name: "Bench Customer",
    forwardedFor: `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

/** The median of `runs` timed GETs (ms), after one untimed call that warms caches and plans. */
export async function timeCall(client: BenchClient, path: string, runs = 5) {
  await client.call("GET", path);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await client.call("GET", path);
    times.push(performance.now() - started);
  }
  return median(times);
}
