import type Stripe from "stripe";
import type { ConnectAccount, ConnectStatus } from "../../../contracts/connect";
import type { Db } from "../../db/client";
import { toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import {
  type ConnectAccountRow,
  findConnectAccountByUserId,
  insertConnectAccount,
  updateConnectAccountFlags,
} from "./connect-repository";

export interface ConnectDeps {
  db: Db;
  stripe: Stripe;
  publicUrl: string;
}

function toStatus(row: ConnectAccountRow, currentlyDue: string[]): ConnectAccount {
  return {
    stripeAccountId: row.stripeAccountId,
    chargesEnabled: row.chargesEnabled,
    payoutsEnabled: row.payoutsEnabled,
    detailsSubmitted: row.detailsSubmitted,
    onboardingCompleted: row.onboardingCompleted,
    currentlyDue,
  };
}

/** Stores Stripe's view of the account's flags; used on load, on refresh and by webhooks. */
export async function syncAccountFromStripe(db: Db, account: Stripe.Account) {
  return updateConnectAccountFlags(db, account.id, {
    chargesEnabled: Boolean(account.charges_enabled),
    payoutsEnabled: Boolean(account.payouts_enabled),
    detailsSubmitted: Boolean(account.details_submitted),
  });
}

export async function getConnectStatus(deps: ConnectDeps, userId: string): Promise<ConnectStatus> {
  const row = await findConnectAccountByUserId(deps.db, userId);
  if (!row) return { account: null };
  let account: Stripe.Account;
  try {
    account = await deps.stripe.accounts.retrieve(row.stripeAccountId);
  } catch (error) {
    throw toAppError(error, "Could not check your payment account status. Please try again.");
  }
  const updated = (await syncAccountFromStripe(deps.db, account)) ?? row;
  return { account: toStatus(updated, account.requirements?.currently_due ?? []) };
}

export async function createConnectAccount(
  deps: ConnectDeps,
  user: { id: string; email: string },
): Promise<ConnectStatus> {
  const existing = await findConnectAccountByUserId(deps.db, user.id);
  if (existing) return getConnectStatus(deps, user.id);
  let account: Stripe.Account;
  try {
    account = await deps.stripe.accounts.create(
      {
        type: "express",
        country: "US",
        email: user.email,
        default_currency: "usd",
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        settings: { payouts: { schedule: { interval: "daily" } } },
        metadata: { regulars_user_id: user.id },
      },
      // A double click sends the same key, so Stripe returns the same account.
      { idempotencyKey: `connect-account-${user.id}` },
    );
  } catch (error) {
    throw toAppError(error, "Failed to create payment account");
  }
  const row = await insertConnectAccount(deps.db, {
    userId: user.id,
    stripeAccountId: account.id,
    country: account.country ?? "US",
    currency: account.default_currency ?? "usd",
  });
  if (!row) throw new AppError("internal", "Failed to create payment account");
  return { account: toStatus(row, account.requirements?.currently_due ?? []) };
}

async function requireAccount(deps: ConnectDeps, userId: string) {
  const row = await findConnectAccountByUserId(deps.db, userId);
  if (!row) {
    throw new AppError("conflict", "Set up your payment account first.");
  }
  return row;
}

export async function createAccountLink(
  deps: ConnectDeps,
  userId: string,
  purpose: "dashboard" | "embedded",
): Promise<string> {
  const row = await requireAccount(deps, userId);
  const returnUrl =
    purpose === "embedded"
      ? `${deps.publicUrl}/connect-complete.html`
      : `${deps.publicUrl}/dashboard?connect_setup=complete`;
  try {
    const link = await deps.stripe.accountLinks.create({
      account: row.stripeAccountId,
      type: "account_onboarding",
      refresh_url: `${deps.publicUrl}/dashboard`,
      return_url: returnUrl,
      collection_options: { fields: "eventually_due" },
    });
    return link.url;
  } catch (error) {
    throw toAppError(error, "Could not start payment setup. Please try again.");
  }
}

export async function createAccountSession(deps: ConnectDeps, userId: string): Promise<string> {
  const row = await requireAccount(deps, userId);
  try {
    const session = await deps.stripe.accountSessions.create({
      account: row.stripeAccountId,
      components: { account_onboarding: { enabled: true } },
    });
    return session.client_secret;
  } catch (error) {
    throw toAppError(error, "Could not start payment setup. Please try again.");
  }
}

export async function createLoginLink(deps: ConnectDeps, userId: string): Promise<string> {
  const row = await requireAccount(deps, userId);
  if (!row.onboardingCompleted) {
    throw new AppError("conflict", "Complete your payment setup to open the Stripe dashboard.");
  }
  try {
    const link = await deps.stripe.accounts.createLoginLink(row.stripeAccountId);
    return link.url;
  } catch (error) {
    throw toAppError(error, "Failed to open Stripe dashboard");
  }
}
