import type Stripe from "stripe";
import { type ComponentParams, newAccountSession } from "../connect/account-sessions";
import { newAccount } from "../connect/accounts";
import { capabilitiesOf } from "../connect/capabilities";
import { personsOf } from "../connect/onboarding";
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
import { childId, requireChild } from "./children";
import { PAGE_PARAMS } from "./list-params";

/** Account settings as given (form values are strings): the payouts part the emulator models. */
interface SettingsParams {
  payouts?: { schedule?: { interval?: string } };
}
/** Checked against no shape (Stripe's is long), so only the fields named are trusted. */
type BusinessProfileParams = Partial<Stripe.Account.BusinessProfile> | undefined;

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
      const settings = optionalObject(params, "settings") as SettingsParams | undefined;
      const account = newAccount(em, {
        type: type as Stripe.Account.Type,
        country: optionalString(params, "country") ?? "US",
        email: optionalString(params, "email") ?? null,
        defaultCurrency: optionalString(params, "default_currency") ?? "usd",
        businessType:
          (optionalString(params, "business_type") as Stripe.Account.BusinessType | undefined) ??
          null,
        capabilities: Object.keys(optionalObject(params, "capabilities") ?? {}),
        payoutInterval: settings?.payouts?.schedule?.interval ?? "daily",
        metadata: metadataOf(params),
      });
      return em.store.put(account);
    },
  },
  {
    method: "GET",
    path: "/v1/accounts/:id{acct_\\w+}",
    allowed: ["expand"],
    handle: (em, _req, path) => requireAccount(em, path.id),
  },
  {
    method: "GET",
    path: "/v1/accounts/:id{acct_\\w+}/capabilities",
    allowed: ["expand"],
    handle: (em, _req, path) => capabilitiesOf(requireAccount(em, path.id)),
  },
  {
    method: "GET",
    path: "/v1/accounts/:id{acct_\\w+}/capabilities/:child{\\w+}",
    allowed: ["expand"],
    handle: (em, request, path) =>
      requireChild(capabilitiesOf(requireAccount(em, path.id)), childId(request), "capability"),
  },
  {
    method: "GET",
    path: "/v1/accounts/:id{acct_\\w+}/persons",
    allowed: ["relationship", ...PAGE_PARAMS],
    nested: { relationship: "any" },
    handle: (em, _req, path) => personsOf(requireAccount(em, path.id)),
  },
  {
    method: "GET",
    path: "/v1/accounts/:id{acct_\\w+}/persons/:child{person_\\w+}",
    allowed: ["expand"],
    handle: (em, request, path) =>
      requireChild(personsOf(requireAccount(em, path.id)), childId(request), "person"),
  },
  {
    method: "GET",
    path: "/v1/accounts/:id{acct_\\w+}/external_accounts",
    allowed: ["object", ...PAGE_PARAMS],
    handle: (em, _req, path) => requireAccount(em, path.id).external_accounts?.data ?? [],
  },
  {
    method: "GET",
    path: "/v1/accounts/:id{acct_\\w+}/external_accounts/:child{\\w+}",
    allowed: ["expand"],
    handle: (em, request, path) =>
      requireChild(
        requireAccount(em, path.id).external_accounts?.data,
        childId(request),
        "external account",
      ),
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
    allowed: ["created", ...PAGE_PARAMS],
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
      return newAccountSession(em, account, requested);
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
    allowed: ["charge", "created", ...PAGE_PARAMS],
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
    path: "/v1/application_fees/:id{fee_\\w+}/refunds",
    allowed: PAGE_PARAMS,
    handle: (em, { account }, path) =>
      requireObject(em, path.id, "application_fee", account).refunds.data,
  },
  {
    method: "GET",
    path: "/v1/application_fees/:id{fee_\\w+}/refunds/:child{fr_\\w+}",
    allowed: ["expand"],
    handle: (em, request, path) =>
      requireChild(
        requireObject(em, path.id, "application_fee", request.account).refunds.data,
        childId(request),
        "fee_refund",
      ),
  },
  {
    method: "GET",
    path: "/v1/transfers",
    allowed: ["destination", "created", ...PAGE_PARAMS],
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
    path: "/v1/transfers/:id{tr_\\w+}/reversals",
    allowed: PAGE_PARAMS,
    handle: (em, { account }, path) =>
      requireObject(em, path.id, "transfer", account).reversals.data,
  },
  {
    method: "GET",
    path: "/v1/transfers/:id{tr_\\w+}/reversals/:child{trr_\\w+}",
    allowed: ["expand"],
    handle: (em, request, path) =>
      requireChild(
        requireObject(em, path.id, "transfer", request.account).reversals.data,
        childId(request),
        "transfer_reversal",
      ),
  },
  {
    method: "GET",
    path: "/v1/charges",
    allowed: ["customer", "payment_intent", "transfer_group", "created", ...PAGE_PARAMS],
    handle(em, { params, account }) {
      const customer = optionalString(params, "customer");
      const intent = optionalString(params, "payment_intent");
      const group = optionalString(params, "transfer_group");
      return em.store.listFor(
        "charge",
        account,
        (c) =>
          (!customer || c.customer === customer) &&
          (!intent || c.payment_intent === intent) &&
          (!group || c.transfer_group === group),
        createdRange(params),
      );
    },
  },
  {
    method: "GET",
    path: "/v1/charges/:id{ch_\\w+}",
    allowed: ["expand"],
    handle: (em, { account }, path) => requireObject(em, path.id, "charge", account),
  },
];
