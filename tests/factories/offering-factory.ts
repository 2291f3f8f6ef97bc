import {
  type CreateOfferingInput,
  type Offering,
  offeringResponseSchema,
} from "../../contracts/offerings";
import { type AppClient, jsonRequest } from "../setup/test-app";
import { readConnectedAccount, readJson } from "../support/read-json";
import { asCreator, createCreator, type TestCreator } from "./creator-factory";
import { completeConnectOnboarding } from "./stripe-browser";

export interface OnboardedCreator extends TestCreator {
  stripeAccountId: string;
}

/** A creator who finished the wizard and Stripe onboarding, ready to sell. */
export async function createOnboardedCreator(
  app: AppClient,
  overrides: { email?: string } = {},
): Promise<OnboardedCreator> {
  const creator = await createCreator(app, overrides);
  await app.request(
    "/api/onboarding/complete",
    asCreator(
      creator,
      jsonRequest("POST", {
        businessName: "Green Thumb Lawn Care",
        businessType: "services",
        monthlyRevenue: "0-1k",
        goals: ["launch"],
      }),
    ),
  );
  const created = await app.request(
    "/api/connect/account",
    asCreator(creator, jsonRequest("POST", {})),
  );
  const account = await readConnectedAccount(created);
  await completeConnectOnboarding(app, account.stripeAccountId);
  await app.request("/api/connect/account/refresh", asCreator(creator, jsonRequest("POST", {})));
  return { ...creator, stripeAccountId: account.stripeAccountId };
}

export const defaultOfferingInput: CreateOfferingInput = {
  title: "Weekly Lawn Care",
  category: "home-property",
  subcategory: "Lawn Care",
  description: "Mowing, edging and clippings removed, every week.",
  priceCents: 2500,
  cadence: "month",
  trialDays: 0,
  maxPausePeriods: 4,
  onSite: false,
  serviceArea: [],
  capacity: null,
  questions: [],
};

export async function createOffering(
  app: AppClient,
  creator: TestCreator,
  overrides: Partial<CreateOfferingInput> = {},
): Promise<Offering> {
  const response = await app.request(
    "/api/offerings",
    asCreator(creator, jsonRequest("POST", { ...defaultOfferingInput, ...overrides })),
  );
  if (response.status !== 201) {
    throw new Error(`createOffering failed: ${response.status} ${await response.text()}`);
  }
  return (await readJson(response, offeringResponseSchema)).offering;
}

/** Deletes the creator's account as they would from the Account tab (password, no 2FA). */
export async function deleteCreatorAccount(app: AppClient, creator: OnboardedCreator) {
  return app.request(
    "/api/account",
    asCreator(
      creator,
      jsonRequest("DELETE", { confirmUserId: creator.id, password: creator.password }),
    ),
  );
}
