import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { type Offering, offeringResponseSchema } from "../../../contracts/offerings";
import { e2eEmulatorUrl } from "../../../playwright.config";
import { readConnectedAccount, readJson } from "../../support/read-json";
import { subscribeOverHttp } from "../../support/subscribe-over-http";
import { signUpAndSignIn } from "./auth";
import { verifyEmailFromOutbox } from "./outbox";

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

/**
 * A paying customer, subscribed by card through the real card path without the browser (the
 * request context goes unused). Resolves to the key of their self-service link,
 * /customer/{customUrl}/{key} (ADR 022).
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
 * Edits an offering's service details (issue 22) through the API, as the edit dialog would: an
 * edit sends the title, description and price with whatever else changes.
 */
export async function setServiceDetails(
  request: APIRequestContext,
  baseURL: string,
  offering: Offering,
  details: {
    onSite?: boolean;
    serviceArea?: string[];
    capacity?: number | null;
    questions?: Array<{ label: string; kind: string; required?: boolean; choices?: string[] }>;
  },
): Promise<Offering> {
  const { title, description, priceCents } = offering;
  const response = await request.patch(`/api/offerings/${offering.id}`, {
    headers: { Origin: baseURL },
    data: { title, description, priceCents, ...details },
  });
  if (response.status() !== 200) throw new Error(`edit failed: ${await response.text()}`);
  return (await readJson(response, offeringResponseSchema)).offering;
}
