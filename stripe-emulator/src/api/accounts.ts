import type Stripe from "stripe";
import { type ComponentParams, newAccountSession } from "../connect/account-sessions";
import { newAccount, PLATFORM_ACCOUNT, updateAccount } from "../connect/accounts";
import { capabilitiesOf } from "../connect/capabilities";
import { createAccountLink, createLoginLink } from "../connect/links";
import { personsOf } from "../connect/onboarding";
import type { ParamShape, Route } from "../core/context";
import { invalid } from "../core/errors";
import { requireAccount } from "../core/lookup";
import { metadataOf, optionalObject, optionalString, requiredString } from "../core/params";
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

export const accountRoutes: Route[] = [
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
    handle: (em, { params }) => {
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
    handle: (em, { params }, path) => {
      const settings = optionalObject(params, "settings") as SettingsParams | undefined;
      return updateAccount(em, requireAccount(em, path.id), {
        email: optionalString(params, "email"),
        metadata: params.metadata === undefined ? undefined : metadataOf(params),
        payoutInterval: settings?.payouts?.schedule?.interval,
        businessProfile: optionalObject(params, "business_profile") as BusinessProfileParams,
      });
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
    handle: (em, { account }) => {
      if (account) return requireAccount(em, account);
      return PLATFORM_ACCOUNT;
    },
  },
  {
    method: "POST",
    path: "/v1/account_links",
    allowed: ["account", "type", "refresh_url", "return_url", "collect", "collection_options"],
    nested: { collection_options: { fields: true, future_requirements: true } },
    handle: (em, { params }) => {
      const account = requireAccount(em, requiredString(params, "account"));
      const type = requiredString(params, "type");
      if (type !== "account_onboarding" && type !== "account_update")
        throw invalid("type", `Invalid type: ${type}`);
      return createAccountLink(em, account, {
        refreshUrl: requiredString(params, "refresh_url"),
        returnUrl: requiredString(params, "return_url"),
      });
    },
  },
  {
    method: "POST",
    path: "/v1/account_sessions",
    allowed: ["account", "components"],
    nested: { components: "any" },
    handle: (em, { params }) => {
      const account = requireAccount(em, requiredString(params, "account"));
      const requested = (optionalObject(params, "components") ?? {}) as ComponentParams;
      return newAccountSession(em, account, requested);
    },
  },
  {
    method: "POST",
    path: "/v1/accounts/:id{acct_\\w+}/login_links",
    allowed: [],
    handle: (em, _req, path) => {
      return createLoginLink(em, requireAccount(em, path.id));
    },
  },
];
