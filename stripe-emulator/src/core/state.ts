import { randomBytes } from "node:crypto";
import type Stripe from "stripe";

// What the emulator's state is made of: the objects it stores (the SDK's types plus private
// fields), the small state beside them, ids and the public view. `Store` (core/store/) keeps them.

/** One line of a subscription invoice before it has an id or an invoice (billing/invoice-build.ts). */
export interface LineSpec {
  amount: number;
  description: string;
  period: { start: number; end: number };
  price: Stripe.Price;
  quantity: number;
  proration: boolean;
  subscriptionItem: string;
}

/** A stored Stripe object. Fields starting with "_" are private and never leave the emulator. */
export type StripeObject = { id: string; object: string };

/**
 * Emulator-only fields that ride along on stored objects, by kind: named "_…", so
 * `publicView` drops them before anything leaves the emulator.
 */
interface PrivateFieldsOf {
  account_link: { _account: string; _refresh_url: string; _return_url: string; _used: boolean };
  "checkout.session": {
    /** The subscription a session in subscription mode starts, as it was asked for. */
    _price?: string;
    _quantity?: number;
    _subscription_data?: {
      application_fee_percent: number | null;
      destination: string | null;
      on_behalf_of: string | null;
      metadata: Record<string, string>;
      /** A free trial, counted from the session's completion as Stripe does. */
      trial_period_days?: number | null;
    };
    /** Set once the session is completed (a retried completion finds them). */
    _customer?: string;
    _subscription?: string;
    /** The coupons of `discounts`, applied to the subscription its completion starts. */
    _coupons?: string[];
    /** `customer_update`: what completion may write onto the session's existing customer. */
    _customer_update?: {
      address: "auto" | "never";
      name: "auto" | "never";
      shipping: "auto" | "never";
    };
    /**
     * What the page collected (the cardholder's name, shipping, phone), kept until the payment
     * completes the session.
     */
    _collected?: {
      name: string | null;
      shipping: { name: string; address: Stripe.Address } | null;
      phone: string | null;
    };
  };
  /** Stripe returns `applies_to` only when it is expanded. */
  coupon: { _applies_to?: Stripe.Coupon.AppliesTo };
  invoice: {
    _payment_intent?: string;
    /** The invoice's InvoicePayments, newest first (Stripe lists them at their own URL). */
    _payments?: Stripe.InvoicePayment[];
    /** When the first renewal attempt failed, for the dunning schedule. */
    _first_failed_at?: number;
    /** An update under error_if_incomplete: a failed charge undoes it, so nothing is dunned. */
    _undo_on_failure?: boolean;
    /** A renewal kept as a draft until then (settings.renewalDraftSeconds), then finalized. */
    _finalize_at?: number;
    /** The platform's fee set on the draft (`application_fee_amount`), over the percentage. */
    _application_fee_amount?: number;
  };
  login_link: { _account: string };
  payment_intent: {
    _invoice?: string | null;
    _return_url?: string | null;
    _authenticated?: boolean;
  };
  /** The card number the PaymentMethod was made from: its test behaviour follows from it. */
  payment_method: { _number?: string; _authenticated?: boolean };
  setup_intent: {
    _return_url?: string | null;
    /** The subscription whose `pending_setup_intent` this is. */
    _subscription?: string | null;
  };
  subscription: {
    /** `customer.subscription.trial_will_end` was sent for the current trial. */
    _trial_will_end_sent?: boolean;
    /** Proration lines an update made with create_prorations, for the next renewal invoice. */
    _pending_prorations?: LineSpec[];
  };
}

type PrivateFields<K extends ObjectKind> = K extends keyof PrivateFieldsOf
  ? PrivateFieldsOf[K]
  : unknown;

/** The SDK's own type (stripe-node 18, API version basil) for each kind of object stored. */
interface StoredTypes {
  account: Stripe.Account;
  // The SDK's link types have no id: the emulator gives them one to find them by.
  account_link: Stripe.AccountLink & { id: string };
  application_fee: Stripe.ApplicationFee;
  "billing_portal.session": Stripe.BillingPortal.Session;
  charge: Stripe.Charge;
  "checkout.session": Stripe.Checkout.Session;
  coupon: Stripe.Coupon;
  customer: Stripe.Customer;
  discount: Stripe.Discount;
  dispute: Stripe.Dispute;
  event: Stripe.Event;
  // Only a preview invoice has no id, and previews are never stored.
  invoice: Stripe.Invoice & { id: string };
  invoice_payment: Stripe.InvoicePayment;
  login_link: Stripe.LoginLink & { id: string };
  payment_intent: Stripe.PaymentIntent;
  payment_method: Stripe.PaymentMethod;
  price: Stripe.Price;
  product: Stripe.Product;
  refund: Stripe.Refund;
  setup_intent: Stripe.SetupIntent;
  subscription: Stripe.Subscription;
  transfer: Stripe.Transfer;
}

export type ObjectKind = keyof StoredTypes;

/** What the store holds for a kind: the SDK's type, plus the emulator's private fields. */
export type Stored<K extends ObjectKind> = StoredTypes[K] & PrivateFields<K>;

export interface WebhookEndpointRecord {
  id: string;
  url: string;
  secret: string;
  connect: boolean;
  enabledEvents: string[];
  created?: number;
  description?: string | null;
  metadata?: Record<string, string>;
  disabled?: boolean;
  /** Given in EmulatorOptions rather than created through the API. */
  fromOptions?: boolean;
}

interface EmulatorSettings {
  /** What happens when the last retry of a renewal fails (Stripe's dunning setting). */
  afterFinalRetry: "cancel" | "unpaid";
  /**
   * How long a renewal stays a draft after `invoice.created` before it is finalized and
   * charged. Stripe waits about an hour; 0 (the default here) finalizes at once, as the
   * emulator always did, so tests that stop a minute past a period's end still see the charge.
   */
  renewalDraftSeconds?: number;
}

/**
 * The small part of the state that is always in memory and written whole (a few KB) when it
 * changes. Objects, idempotency records and webhook deliveries are records of the Store.
 */
export interface EmulatorState {
  /** Seconds added to the real clock by "advance" calls. */
  clockOffset: number;
  balances: Record<string, { available: number; pending: number }>;
  webhookEndpoints: WebhookEndpointRecord[];
  settings: EmulatorSettings;
}

export function emptyState(): EmulatorState {
  return {
    clockOffset: 0,
    balances: {},
    webhookEndpoints: [],
    settings: { afterFinalRetry: "cancel" },
  };
}

/** The balance key of the platform itself (application fees, charges it keeps). */
export const PLATFORM_BALANCE = "platform";

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

/** Drops private fields before an object is sent to a client. */
export function publicView(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(publicView);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (!key.startsWith("_")) out[key] = publicView(inner);
    }
    return out;
  }
  return value;
}
