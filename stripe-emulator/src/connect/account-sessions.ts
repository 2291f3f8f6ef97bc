import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, type Stored } from "../core/state";

/** Each component asked for: `enabled` and its features, "true"/"false" in a form body. */
export type ComponentParams = Record<
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

/** An Account Session for the embedded components: every component listed, as on Stripe. */
export function newAccountSession(
  em: Emulator,
  account: Stored<"account">,
  requested: ComponentParams,
): Stripe.AccountSession {
  const now = em.store.now();
  // Every component is listed, as on Stripe; those asked for with enabled=true are on.
  const components = Object.fromEntries(
    Object.keys(COMPONENT_FEATURES).map((name) => {
      const asked = requested[name];
      const features = { ...COMPONENT_FEATURES[name] };
      if (account.controller?.losses?.payments !== "stripe")
        for (const f of PAYOUT_FEATURES_WHERE_STRIPE_LIABLE) if (f in features) features[f] = false;
      // Form bodies carry "true"/"false"; the session answers booleans.
      for (const [feature, value] of Object.entries(asked?.features ?? {}))
        if (feature in features) features[feature] = value === true || value === "true";
      return [name, { enabled: asked?.enabled === true || asked?.enabled === "true", features }];
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
}
