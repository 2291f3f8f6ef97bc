import type Stripe from "stripe";
import type { ParamShape, Route } from "../core/context";
import { invalid } from "../core/errors";
import { requireAccount, requireObject } from "../core/lookup";
import {
  createdRange,
  metadataOf,
  optionalObject,
  optionalString,
  requiredString,
} from "../core/params";
import { newId, PLATFORM_BALANCE } from "../core/state";

const INITIAL_REQUIREMENTS = [
  "business_profile.mcc",
  "business_profile.url",
  "external_account",
  "individual.dob.day",
  "individual.first_name",
  "individual.last_name",
  "tos_acceptance.date",
];

/** Account settings as given (form values are strings): the payouts part the emulator models. */
interface SettingsParams {
  payouts?: { schedule?: { interval?: string } };
}
/** Checked against no shape (Stripe's is long), so only the fields named are trusted. */
type BusinessProfileParams = Partial<Stripe.Account.BusinessProfile> | undefined;
/** Each component asked for: `enabled` and its features, "true"/"false" in a form body. */
type ComponentParams = Record<
  string,
  { enabled?: boolean | string; features?: Record<string, boolean | string> } | undefined
>;

/**
 * Each embedded component's features with Stripe's defaults (API reference, "Create an Account
 * Session"); a session lists them whether or not the component is enabled. The payout features
 * default to on only where Stripe bears the account's losses (PAYOUT_FEATURES_WHERE_STRIPE_LIABLE).
 */
const PAYMENT_FEATURES = {
  capture_payments: true,
  destination_on_behalf_of_charge_management: false,
  dispute_management: true,
  refund_management: true,
};
const PAYOUT_FEATURES = {
  disable_stripe_user_authentication: false,
  edit_payout_schedule: true,
  external_account_collection: true,
  instant_payouts: true,
  standard_payouts: true,
};
/** "Defaults to true when controller.losses.payments is set to stripe, otherwise false." */
const PAYOUT_FEATURES_WHERE_STRIPE_LIABLE = [
  "edit_payout_schedule",
  "instant_payouts",
  "standard_payouts",
];
const ACCOUNT_FEATURES = {
  disable_stripe_user_authentication: false,
  external_account_collection: true,
};
const ISSUING_FEATURES = {
  card_management: false,
  card_spend_dispute_management: false,
  cardholder_management: false,
  spend_control_management: false,
};
const COMPONENT_FEATURES: Record<string, Record<string, boolean>> = {
  account_management: ACCOUNT_FEATURES,
  account_onboarding: ACCOUNT_FEATURES,
  balances: PAYOUT_FEATURES,
  disputes_list: PAYMENT_FEATURES,
  documents: {},
  financial_account: {
    ...ACCOUNT_FEATURES,
    send_money: true,
    transfer_balance: true,
  },
  financial_account_transactions: { card_spend_dispute_management: false },
  instant_payouts_promotion: { ...ACCOUNT_FEATURES, instant_payouts: true },
  issuing_card: ISSUING_FEATURES,
  issuing_cards_list: { ...ISSUING_FEATURES, disable_stripe_user_authentication: false },
  notification_banner: ACCOUNT_FEATURES,
  payment_details: PAYMENT_FEATURES,
  payment_disputes: {
    destination_on_behalf_of_charge_management: false,
    dispute_management: true,
    refund_management: true,
  },
  payments: PAYMENT_FEATURES,
  payouts: PAYOUT_FEATURES,
  payouts_list: {},
  tax_registrations: {},
  tax_settings: {},
};

const ACCOUNT_SETTINGS: ParamShape = {
  payouts: {
    schedule: { interval: true, delay_days: true, weekly_anchor: true, monthly_anchor: true },
    statement_descriptor: true,
    debit_negative_balances: true,
  },
  payments: "any",
  card_payments: "any",
  branding: "any",
  dashboard: "any",
};

export const connectRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/accounts",
    allowed: [
      "type",
      "country",
      "email",
      "capabilities",
      "settings",
      "metadata",
      "business_type",
      "default_currency",
      "controller",
      "business_profile",
      "individual",
      "company",
      "tos_acceptance",
      "external_account",
    ],
    nested: {
      capabilities: "any",
      settings: ACCOUNT_SETTINGS,
      controller: "any",
      business_profile: "any",
      individual: "any",
      company: "any",
      tos_acceptance: "any",
    },
    handle(em, { params }) {
      const type = optionalString(params, "type") ?? "express";
      if (!["express", "standard", "custom"].includes(type))
        throw invalid("type", `Invalid type: ${type}`);
      const capabilities = optionalObject(params, "capabilities") ?? {};
      const settings = optionalObject(params, "settings") as SettingsParams | undefined;
      const interval = settings?.payouts?.schedule?.interval ?? "daily";
      // Typed with the SDK's basil type; settings list only the payouts part we model.
      const created: Stripe.Account = {
        id: newId("acct"),
        object: "account",
        type: type as Stripe.Account.Type,
        country: optionalString(params, "country") ?? "US",
        email: optionalString(params, "email") ?? null,
        default_currency: optionalString(params, "default_currency") ?? "usd",
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
        business_type:
          (optionalString(params, "business_type") as Stripe.Account.BusinessType | undefined) ??
          null,
        capabilities: Object.fromEntries(Object.keys(capabilities).map((c) => [c, "inactive"])),
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
            schedule: { interval, delay_days: 2 },
            debit_negative_balances: true,
            statement_descriptor: null,
          },
        } as Stripe.Account.Settings,
        metadata: metadataOf(params),
        external_accounts: {
          object: "list",
          data: [],
          has_more: false,
          url: "/v1/accounts/external_accounts",
        },
        tos_acceptance: { date: null },
      };
      return em.store.put(created);
    },
  },
  {
    method: "GET",
    path: "/v1/accounts/:id{acct_\\w+}",
    allowed: ["expand"],
    handle: (em, _req, path) => requireAccount(em, path.id),
  },
  {
    method: "POST",
    path: "/v1/accounts/:id{acct_\\w+}",
    allowed: ["email", "metadata", "settings", "business_profile", "default_currency"],
    nested: { settings: ACCOUNT_SETTINGS, business_profile: "any" },
    handle(em, { params }, path) {
      const account = requireAccount(em, path.id);
      const email = optionalString(params, "email");
      if (email !== undefined) account.email = email;
      if (params.metadata !== undefined)
        account.metadata = { ...account.metadata, ...metadataOf(params) };
      const settings = optionalObject(params, "settings") as SettingsParams | undefined;
      const interval = settings?.payouts?.schedule?.interval;
      const payouts = account.settings?.payouts;
      if (interval && payouts)
        payouts.schedule = { ...payouts.schedule, interval: String(interval) };
      const profile = optionalObject(params, "business_profile") as BusinessProfileParams;
      if (profile) account.business_profile = { ...account.business_profile!, ...profile };
      em.store.put(account);
      em.webhooks.emit("account.updated", account, { account: account.id });
      return account;
    },
  },
  {
    method: "GET",
    path: "/v1/accounts",
    allowed: ["limit", "starting_after", "ending_before", "created", "expand"],
    handle: (em) => em.store.list("account"),
  },
  {
    method: "GET",
    path: "/v1/account",
    allowed: ["expand"],
    handle(em, { account }) {
      if (account) return requireAccount(em, account);
      const platform: Stripe.Account = {
        id: "acct_emulator_platform",
        object: "account",
        type: "standard",
        country: "US",
        email: "platform@emulator.invalid",
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
      };
      return platform;
    },
  },
  {
    method: "POST",
    path: "/v1/account_links",
    allowed: ["account", "type", "refresh_url", "return_url", "collect", "collection_options"],
    nested: { collection_options: { fields: true, future_requirements: true } },
    handle(em, { params }) {
      const account = requireAccount(em, requiredString(params, "account"));
      const type = requiredString(params, "type");
      if (type !== "account_onboarding" && type !== "account_update")
        throw invalid("type", `Invalid type: ${type}`);
      const id = newId("acctlink");
      const now = em.store.now();
      const link = em.store.put({
        id,
        object: "account_link",
        created: now,
        expires_at: now + 300,
        url: `${em.baseUrl}/connect/onboarding/${id}`,
        _account: account.id,
        _refresh_url: requiredString(params, "refresh_url"),
        _return_url: requiredString(params, "return_url"),
        _used: false,
      });
      const view: Stripe.AccountLink = {
        object: "account_link",
        created: link.created,
        expires_at: link.expires_at,
        url: link.url,
      };
      return view;
    },
  },
  {
    method: "POST",
    path: "/v1/account_sessions",
    allowed: ["account", "components"],
    nested: { components: "any" },
    handle(em, { params }) {
      const account = requireAccount(em, requiredString(params, "account"));
      const requested = (optionalObject(params, "components") ?? {}) as ComponentParams;
      const now = em.store.now();
      // Every component is listed, as on Stripe; those asked for with enabled=true are on.
      const components = Object.fromEntries(
        Object.keys(COMPONENT_FEATURES).map((name) => {
          const asked = requested[name];
          const features = { ...COMPONENT_FEATURES[name] };
          if (account.controller?.losses?.payments !== "stripe")
            for (const f of PAYOUT_FEATURES_WHERE_STRIPE_LIABLE)
              if (f in features) features[f] = false;
          // Form bodies carry "true"/"false"; the session answers booleans.
          for (const [feature, value] of Object.entries(asked?.features ?? {}))
            if (feature in features) features[feature] = value === true || value === "true";
          return [
            name,
            { enabled: asked?.enabled === true || asked?.enabled === "true", features },
          ];
        }),
      ) as unknown as Stripe.AccountSession.Components;
      const session: Stripe.AccountSession = {
        object: "account_session",
        account: account.id,
        client_secret: `accs_secret__${newId("x").slice(2)}`,
        expires_at: now + 1800,
        livemode: false,
        components,
      };
      return session;
    },
  },
  {
    method: "POST",
    path: "/v1/accounts/:id{acct_\\w+}/login_links",
    allowed: [],
    handle(em, _req, path) {
      const account = requireAccount(em, path.id);
      const id = newId("lnk");
      em.store.put({ id, object: "login_link", _account: account.id, created: em.store.now() });
      const view: Stripe.LoginLink = {
        object: "login_link",
        created: em.store.now(),
        url: `${em.baseUrl}/express/${id}`,
      };
      return view;
    },
  },
  {
    method: "GET",
    path: "/v1/balance",
    allowed: [],
    handle(em, { account }) {
      const balance = em.store.balance(account ?? PLATFORM_BALANCE);
      const view: Stripe.Balance = {
        object: "balance",
        available: [
          { amount: balance.available, currency: "usd", source_types: { card: balance.available } },
        ],
        pending: [
          { amount: balance.pending, currency: "usd", source_types: { card: balance.pending } },
        ],
        livemode: false,
      };
      return view;
    },
  },
  {
    method: "GET",
    path: "/v1/application_fees",
    allowed: ["limit", "starting_after", "ending_before", "charge", "created", "expand"],
    handle(em, { params, account }) {
      const charge = optionalString(params, "charge");
      // Fees are the platform's; a connected account sees none of its own.
      if (account) return [];
      const created = createdRange(params);
      return charge
        ? em.store.listWhere(
            "application_fee",
            "charge",
            charge,
            (f) => !created || created(f.created),
          )
        : em.store.list("application_fee", undefined, created);
    },
  },
  {
    method: "GET",
    path: "/v1/application_fees/:id{fee_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "application_fee", account),
  },
  {
    method: "GET",
    path: "/v1/transfers",
    allowed: ["limit", "starting_after", "ending_before", "destination", "created", "expand"],
    handle(em, { params, account }) {
      const destination = optionalString(params, "destination");
      if (account) return [];
      const created = createdRange(params);
      return destination
        ? em.store.listWhere(
            "transfer",
            "destination",
            destination,
            (t) => !created || created(t.created),
          )
        : em.store.list("transfer", undefined, created);
    },
  },
  {
    method: "GET",
    path: "/v1/transfers/:id{tr_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "transfer", account),
  },
  {
    method: "GET",
    path: "/v1/charges/:id{ch_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "charge", account),
  },
];
