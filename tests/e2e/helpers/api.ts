import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { offeringResponseSchema } from "../../../contracts/offerings";
import { e2eEmulatorUrl } from "../../../playwright.config";
import { readConnectedAccount, readJson } from "../../support/read-json";
import { outboxReplySchema } from "../../support/reply-schemas";
import { subscribeOverHttp } from "../../support/subscribe-over-http";
import { testClientAddress } from "../fixtures";
import { signUpAndSignIn } from "./auth";

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** A creator ready to sell, set up through the API (the UI journey is tested elsewhere). */
export async function createSellingCreator(
  request: APIRequestContext,
  baseURL: string,
  offering: { title: string; priceCents: number },
) {
  const headers = { Origin: baseURL };
  const email = uniqueEmail("seller");
  const password = "seller-pass";
  await signUpAndSignIn(request, baseURL, { email, password, name: "Sam Seller" });
  // Landing pages show the creator's e-mail as contact only once it is verified.
  await verifyEmailFromOutbox(request, email);
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
  const account = await readConnectedAccount(created);
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
    password,
    offering: (await readJson(response, offeringResponseSchema)).offering,
  };
}

/** A paying subscriber through the real card path, as Stripe.js would do it. */
/**
 * A customer subscribed by card without the browser (the request context goes unused). Resolves
 * to the key of their self-service link, /customer/{customUrl}/{key} (ADR 022).
 */
export async function subscribeThroughApi(
  _request: APIRequestContext,
  baseURL: string,
  customUrl: string,
  name: string,
  email = uniqueEmail("customer"),
) {
  const { manageKey } = await subscribeOverHttp({
    baseUrl: baseURL,
    origin: baseURL,
    emulatorUrl: e2eEmulatorUrl,
    customUrl,
    name,
    email,
  });
  return manageKey;
}

/**
 * The newest link in the dev outbox's mail to `to` that starts with `prefix`, waiting up to 10 s
 * for it: mail asked for by address (a reset, "Lost your link?") is written by the job queue,
 * after the answer.
 */
export async function linkFromOutbox(request: APIRequestContext, to: string, prefix: string) {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await request.get("/api/dev/outbox");
    const { messages } = await readJson(response, outboxReplySchema);
    for (const message of messages) {
      if (message.to.toLowerCase() !== to.toLowerCase()) continue;
      const link = new RegExp(`https?://[^\\s]*${escaped}[^\\s)\\]>"]*`).exec(message.text)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no ${prefix} link e-mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Opens the verification link sign-up e-mailed, as the creator would from their inbox. */
export async function verifyEmailFromOutbox(request: APIRequestContext, email: string) {
  const link = await linkFromOutbox(request, email, "/api/auth/verify-email?");
  const url = new URL(link);
  // From an address of its own, as a creator's own browser would be: the suite opens many of
  // these links, and one address may open 10 a minute.
  const response = await request.get(url.pathname + url.search, {
    maxRedirects: 0,
    headers: { "X-Forwarded-For": testClientAddress() },
  });
  if (response.status() !== 302) throw new Error(`verify failed: ${response.status()}`);
}
