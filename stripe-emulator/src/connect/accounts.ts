import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, type Stored } from "../core/state";

const INITIAL_REQUIREMENTS = [
  "business_profile.mcc",
  "business_profile.url",
  "external_account",
  "individual.dob.day",
  "individual.first_name",
  "individual.last_name",
  "tos_acceptance.date",
];

/** A new Express account: nothing submitted yet, so charges and payouts are off. */
export function newAccount(
  em: Emulator,
  input: {
    type: Stripe.Account.Type;
    country: string;
    email: string | null;
    defaultCurrency: string;
    businessType: Stripe.Account.BusinessType | null;
    /** The capabilities asked for, inactive until onboarding. */
    capabilities: string[];
    payoutInterval: string;
    metadata: Record<string, string>;
  },
): Stripe.Account {
  // Typed with the SDK's basil type; settings list only the payouts part we model.
  const created: Stripe.Account = {
    id: newId("acct"),
    object: "account",
    type: input.type,
    country: input.country,
    email: input.email,
    default_currency: input.defaultCurrency,
    created: em.store.now(),
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    business_profile: {
      mcc: null,
      minority_owned_business_designation: null,
      name: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: null,
    },
    business_type: input.businessType,
    capabilities: Object.fromEntries(input.capabilities.map((c) => [c, "inactive"])),
    controller: {
      type: "application",
      is_controller: true,
      fees: { payer: "application_express" },
      losses: { payments: "application" },
      requirement_collection: "stripe",
      stripe_dashboard: { type: "express" },
    },
    requirements: {
      currently_due: [...INITIAL_REQUIREMENTS],
      eventually_due: [...INITIAL_REQUIREMENTS],
      past_due: [],
      pending_verification: [],
      disabled_reason: "requirements.past_due",
      current_deadline: null,
      errors: [],
      alternatives: [],
    },
    future_requirements: {
      currently_due: [],
      eventually_due: [],
      past_due: [],
      pending_verification: [],
      disabled_reason: null,
      current_deadline: null,
      errors: [],
      alternatives: [],
    },
    settings: {
      branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
      card_payments: {
        decline_on: { avs_failure: false, cvc_failure: false },
        statement_descriptor_prefix: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      dashboard: { display_name: null, timezone: "Etc/UTC" },
      payments: {
        statement_descriptor: null,
        statement_descriptor_kana: null,
        statement_descriptor_kanji: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      payouts: {
        schedule: { interval: input.payoutInterval, delay_days: 2 },
        debit_negative_balances: true,
        statement_descriptor: null,
      },
    } as Stripe.Account.Settings,
    metadata: input.metadata,
    external_accounts: {
      object: "list",
      data: [],
      has_more: false,
      url: "/v1/accounts/external_accounts",
    },
    tos_acceptance: { date: null },
  };
  return created;
}

/** The platform itself, as `GET /v1/account` without a Stripe-Account header shows it. */
export const PLATFORM_ACCOUNT: Stripe.Account = {
  id: "acct_emulator_platform",
  object: "account",
  type: "standard",
  country: "US",
  email: "platform@emulator.invalid",
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
};

/** Applies an update (fields left undefined stay) and sends `account.updated`. */
export function updateAccount(
  em: Emulator,
  account: Stored<"account">,
  update: {
    email?: string;
    metadata?: Record<string, string>;
    payoutInterval?: string;
    /** Checked against no shape (Stripe's is long), so only the fields named are trusted. */
    businessProfile?: Partial<Stripe.Account.BusinessProfile>;
  },
) {
  if (update.email !== undefined) account.email = update.email;
  if (update.metadata !== undefined) account.metadata = { ...account.metadata, ...update.metadata };
  const payouts = account.settings?.payouts;
  if (update.payoutInterval && payouts)
    payouts.schedule = { ...payouts.schedule, interval: String(update.payoutInterval) };
  if (update.businessProfile)
    account.business_profile = { ...account.business_profile!, ...update.businessProfile };
  em.store.put(account);
  em.webhooks.emit("account.updated", account, { account: account.id });
  return account;
}
