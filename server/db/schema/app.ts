import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { cadences } from "../../../contracts/cadence";
import { planIds } from "../../../contracts/plans";
import { promoDurations } from "../../../contracts/promotions";
import { questionKinds } from "../../../contracts/service-details";
import { user } from "./auth";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const cadenceCheck = (column: AnyPgColumn) =>
  sql`${column} in (${sql.join(
    cadences.map((cadence) => sql.raw(`'${cadence}'`)),
    sql`, `,
  )})`;

/** A creator's recurring offering. The spec calls this table "subscriptions"; see ADR 003. */
export const offerings = pgTable(
  "offerings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    category: text("category").notNull(),
    subcategory: text("subcategory").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** How often it bills new subscribers (contracts/cadence.ts, ADR 032). */
    cadence: text("cadence", { enum: cadences }).notNull().default("month"),
    /** Free days before the first charge for new subscribers: 0 (none), 7, 14 or 30. */
    trialDays: integer("trial_days").notNull().default(0),
    /** The longest pause customers may ask for, in the offering's periods; 0: no pausing. */
    maxPausePeriods: integer("max_pause_periods").notNull().default(4),
    /** The service happens at the customer's address: sign-up asks for it and a phone (issue 22). */
    onSite: boolean("on_site").notNull().default(false),
    /** Postal codes or their first characters, normalized (contracts/service-details.ts); empty: anywhere. */
    serviceArea: text("service_area").array().notNull().default(sql`'{}'::text[]`),
    /** The most live subscribers at once (held seats included); null: no limit. */
    capacity: integer("capacity"),
    customUrl: text("custom_url").notNull().unique(),
    isActive: boolean("is_active").notNull().default(true),
    creatorName: text("creator_name"),
    creatorEmail: text("creator_email"),
    stripeProductId: text("stripe_product_id").unique(),
    stripePriceId: text("stripe_price_id").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // DESC NULLS FIRST is what a query's desc() means in PostgreSQL; drizzle-kit's bare .desc()
    // writes NULLS LAST, which the planner cannot use for that ORDER BY. See docs/architecture.md.
    index("offerings_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    check("offerings_price_non_negative", sql`${t.priceCents} >= 0`),
    check("offerings_cadence", cadenceCheck(t.cadence)),
    check("offerings_trial_days", sql`${t.trialDays} in (0, 7, 14, 30)`),
    check("offerings_max_pause_periods", sql`${t.maxPausePeriods} between 0 and 8`),
    check("offerings_capacity", sql`${t.capacity} is null or ${t.capacity} between 1 and 10000`),
  ],
);

/** The address columns a subscriber, a sign-up and a waitlist entry share (issue 22). */
const serviceAddressColumns = () => ({
  phone: text("phone"),
  addressLine1: text("address_line1"),
  addressLine2: text("address_line2"),
  addressCity: text("address_city"),
  addressState: text("address_state"),
  addressPostalCode: text("address_postal_code"),
  addressCountry: text("address_country"),
});

/**
 * An offering's sign-up question (issue 22). Deleting one only marks it: its answers stay in
 * the export under its label. An edit changes the label for old answers too (they stay readable).
 */
export const offeringQuestions = pgTable(
  "offering_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offeringId: uuid("offering_id")
      .notNull()
      .references(() => offerings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    kind: text("kind", { enum: questionKinds }).notNull(),
    required: boolean("required").notNull().default(false),
    choices: text("choices").array().notNull().default(sql`'{}'::text[]`),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("offering_questions_offering_idx").on(t.offeringId, t.position)],
);

export const subscriberStatuses = ["active", "past_due", "cancelled"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

export const subscribers = pgTable(
  "subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offeringId: uuid("offering_id")
      .notNull()
      .references(() => offerings.id, { onDelete: "cascade" }),
    /**
     * The offering's creator, copied so one creator's subscribers are one index range (the
     * Subscribers tab lists, searches and exports them across offerings). A trigger sets it
     * from the offering on every insert (migration 0011), so no writer can get it wrong, and a
     * writer may leave it out: it is sent as NULL, which the trigger replaces before NOT NULL
     * is checked.
     */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" })
      .$defaultFn(() => sql`null`),
    name: text("name").notNull(),
    email: text("email").notNull(),
    paymentStatus: text("payment_status", { enum: subscriberStatuses }).notNull().default("active"),
    /** What this subscriber pays: their Stripe price's amount, which a later price edit keeps. */
    priceCents: integer("price_cents").notNull(),
    /** How often that price is charged: their Stripe price's, which a later cadence edit keeps. */
    cadence: text("cadence", { enum: cadences }).notNull().default("month"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    /**
     * The secret in the subscriber's self-service link (/customer/{customUrl}/{manageKey}).
     * Not the row's id: the id names the subscriber everywhere (Stripe metadata, the creator's
     * tools, logs), while this key can be replaced, which ends every link made with the old
     * one (ADR 022). Rows from before it began with their id as key, so old links still work.
     */
    manageKey: uuid("manage_key").notNull().unique().defaultRandom(),
    createdAt: createdAt(),
    /**
     * When the subscription ended (Stripe's ended_at, else the moment we marked it cancelled).
     * Set exactly when payment_status is cancelled; churn and MRR history read it.
     */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * When the subscriber's free trial ends (Stripe's trial_end), or null without one. Kept
     * after it passes: monthly revenue counts a subscriber only from this moment (ADR 032).
     */
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    /** The promo code they signed up with, if any (kept as a record if the code is deleted). */
    promoCodeId: uuid("promo_code_id").references((): AnyPgColumn => promoCodes.id, {
      onDelete: "set null",
    }),
    /**
     * Their discount as Stripe applies it, synced from the subscription: percent or amount
     * off each charge until `discountEndsAt` (null: forever). Monthly revenue counts the
     * discounted price while it lasts (docs/metrics.md).
     */
    discountPercentOff: integer("discount_percent_off"),
    discountAmountOffCents: integer("discount_amount_off_cents"),
    discountEndsAt: timestamp("discount_ends_at", { withTimezone: true }),
    /** Where the service happens, for on-site offerings (issue 22); the record, Stripe has a copy. */
    ...serviceAddressColumns(),
    /** The postal code as compared and filtered on: capitals, no spaces or hyphens. */
    postalKey: text("postal_key").generatedAlwaysAs(
      sql`upper(regexp_replace(address_postal_code, '[[:space:]-]', '', 'g'))`,
    ),
  },
  (t) => [
    index("subscribers_user_postal_idx").on(t.userId, t.postalKey),
    // Churn and the MRR history need to know when: a cancelled subscriber always has a date,
    // and a subscription can't end before it began.
    check(
      "subscribers_cancelled_at",
      sql`(${t.paymentStatus} = 'cancelled') = (${t.cancelledAt} is not null) and ${t.cancelledAt} >= ${t.createdAt}`,
    ),
    check("subscribers_cadence", cadenceCheck(t.cadence)),
    // The dashboard's recent subscribers read the first few entries per offering, in the same
    // (created_at, id) order as the query, instead of sorting all of a creator's subscribers.
    index("subscribers_offering_created_idx").on(
      t.offeringId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The Subscribers tab: a creator's subscribers newest first, or by name, one page at a time
    // (keyset), across every offering. See docs/architecture.md.
    index("subscribers_user_created_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("subscribers_user_name_idx").on(t.userId, sql`lower(${t.name})`, t.id),
    index("subscribers_offering_name_idx").on(t.offeringId, sql`lower(${t.name})`, t.id),
    // Substring search (ILIKE '%jones%') on name and e-mail: trigram indexes (pg_trgm). No
    // pending list (fastupdate off): sign-ups are rare, and every search would otherwise scan
    // the unsorted pending entries until a vacuum merges them (40 ms at 100k rows; 0.3 ms after).
    index("subscribers_name_trgm_idx")
      .using("gin", t.name.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("subscribers_email_trgm_idx")
      .using("gin", t.email.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);

export const connectAccounts = pgTable("connect_accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  stripeAccountId: text("stripe_account_id").notNull().unique(),
  chargesEnabled: boolean("charges_enabled").notNull().default(false),
  payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
  detailsSubmitted: boolean("details_submitted").notNull().default(false),
  onboardingCompleted: boolean("onboarding_completed").notNull().default(false),
  country: text("country").notNull().default("US"),
  currency: text("currency").notNull().default("usd"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const paymentSubscriptions = pgTable(
  "payment_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offeringId: uuid("offering_id")
      .notNull()
      .references(() => offerings.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    stripeSubscriptionId: text("stripe_subscription_id").notNull().unique(),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    status: text("status").notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** Stripe's cancel_at_period_end: the subscription ends at currentPeriodEnd, unbilled. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("payment_subscriptions_subscriber_idx").on(t.subscriberId)],
);

/**
 * 'dispute_lost' is a zero-amount marker (the money already left with the 'dispute' row), so
 * the payment can say how its dispute ended.
 */
export const earningKinds = [
  "payment",
  "refund",
  "dispute",
  "dispute_won",
  "dispute_lost",
] as const;
export type EarningKind = (typeof earningKinds)[number];

export const creatorEarnings = pgTable(
  "creator_earnings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    offeringId: uuid("offering_id")
      .notNull()
      .references(() => offerings.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    grossAmountCents: integer("gross_amount_cents").notNull(),
    platformFeePercent: integer("platform_fee_percent").notNull(),
    /** The fee Stripe took on this payment (ADR 037), never recomputed from a percentage. */
    platformFeeCents: integer("platform_fee_cents").notNull(),
    /** The creator's plan in force when the invoice was made: what the fee followed. */
    plan: text("plan", { enum: planIds }).notNull().default("free"),
    netAmountCents: integer("net_amount_cents").notNull(),
    /**
     * What a promo code took off this payment (the invoice's discounts); gross is after it.
     * The platform's fee is a percentage of gross, so the platform shares the discount.
     */
    discountCents: integer("discount_cents").notNull().default(0),
    /**
     * 'payment' is a paid invoice. 'refund', 'dispute' (funds withdrawn) and 'dispute_won'
     * (funds reinstated) adjust it: negative (or reinstating) rows carrying the payment's
     * invoice and payment intent ids; the payment's own row is never edited.
     */
    kind: text("kind", { enum: earningKinds }).notNull().default("payment"),
    /** Only payments have one row per invoice; adjustments share their payment's invoice id. */
    stripeInvoiceId: text("stripe_invoice_id").notNull(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** An adjustment's Stripe object and kind (`re_…:refund`, `dp_…:dispute`): one row each. */
    stripeSourceId: text("stripe_source_id").unique(),
    paymentDate: timestamp("payment_date", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Serves "recent earnings" (newest first, ties by insertion, then id) by reading ten index
    // entries instead of sorting a creator's every payment. NULLS FIRST must match the query's
    // desc(), or PostgreSQL sorts all of them (1M rows: 370 ms instead of 1 ms).
    index("creator_earnings_user_date_idx").on(
      t.userId,
      t.paymentDate.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("creator_earnings_subscriber_idx").on(t.subscriberId),
    uniqueIndex("creator_earnings_payment_invoice_uidx")
      .on(t.stripeInvoiceId)
      .where(sql`${t.kind} = 'payment'`),
    index("creator_earnings_payment_intent_idx").on(t.stripePaymentIntentId),
    check(
      "creator_earnings_net",
      sql`${t.netAmountCents} = ${t.grossAmountCents} - ${t.platformFeeCents}`,
    ),
  ],
);

/**
 * The spec's creator_earnings_summary, kept per month: written in the same transaction as each
 * earnings row, so dashboard totals and charts read a handful of rows instead of every payment.
 */
export const creatorEarningsMonthly = pgTable(
  "creator_earnings_monthly",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    month: date("month").notNull(),
    grossCents: bigint("gross_cents", { mode: "number" }).notNull(),
    feeCents: bigint("fee_cents", { mode: "number" }).notNull(),
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    discountCents: bigint("discount_cents", { mode: "number" }).notNull().default(0),
    payments: integer("payments").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

export const userProfiles = pgTable("user_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  businessName: text("business_name").notNull(),
  businessType: text("business_type").notNull(),
  monthlyRevenue: text("monthly_revenue").notNull(),
  goals: jsonb("goals").$type<string[]>().notNull().default([]),
  onboardingCompleted: boolean("onboarding_completed").notNull().default(true),
  /** The creator's own e-mails; each can be turned off in the Account tab. */
  notifyNewSubscriber: boolean("notify_new_subscriber").notNull().default(true),
  notifyCancellation: boolean("notify_cancellation").notNull().default(true),
  notifyPaymentFailed: boolean("notify_payment_failed").notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * Each Stripe event id is recorded once (the primary key). An event counts as handled only once
 * `processed_at` is set, so a delivery cut short by a crash is processed again on retry.
 */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});

/**
 * Replays of a client's retried request return the first outcome instead of repeating it
 * (server/lib/idempotency.ts). Rows are deleted after 24 hours and with the account that owns
 * them; keys name the owner.
 */
export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    key: text("key").primaryKey(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
  },
  // Finds the expired ones to delete.
  (t) => [index("idempotency_records_created_idx").on(t.createdAt)],
);

export const emailStatuses = ["pending", "sent", "failed"] as const;

/**
 * Every message we send, written in the same transaction as the change that causes it. The
 * dedupe key names the cause (an invoice, an attempt, a cancellation), so a repeated webhook
 * or retried request never writes the same message twice. Delivery is a job on the queue.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dedupeKey: text("dedupe_key").unique(),
    kind: text("kind").notNull().default("other"),
    /** The creator it belongs to, so deleting an account deletes its mail (manage links). */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id").references(() => subscribers.id, { onDelete: "cascade" }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: emailStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /**
     * Set only on mail a stranger can cause by typing an address (the per-mailbox cap, ADR 023):
     * the mailbox it lands in, lower-cased, without a "+tag" (and Gmail's dots), so variants of
     * one inbox count together.
     */
    unsolicitedMailbox: text("unsolicited_mailbox"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    // Ascending serves both the oldest-first send queue and, read backwards, the newest-first
    // dev outbox; a DESC NULLS LAST index matched neither desc() (NULLS FIRST) nor asc().
    index("email_outbox_created_idx").on(t.createdAt),
    // Only unsent mail, so the send queue stays small however much mail has gone out.
    index("email_outbox_pending_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
    index("email_outbox_subscriber_idx").on(t.subscriberId),
    index("email_outbox_user_idx").on(t.userId),
    // The cap on mail nobody asked for counts one mailbox's recent messages (ADR 023).
    index("email_outbox_unsolicited_idx")
      .on(t.unsolicitedMailbox, t.createdAt)
      .where(sql`${t.unsolicitedMailbox} is not null`),
  ],
);

/**
 * Card payments that failed (a decline at attach, or at the first payment's confirmation),
 * kept for a day so the subscribe path can refuse a client, an offering or an e-mail that has
 * seen too many in the last hour (card testing). Rows, not a counter: the window slides, and
 * the dedupe key lets finalize and the invoice.payment_failed webhook report one decline once.
 */
export const failedCardAttempts = pgTable(
  "failed_card_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Names the failure: the attempt at start, the invoice and its attempt number later. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    clientAddress: text("client_address"),
    /** No foreign key: a count by id outlives nothing, and the rows are gone within a day. */
    offeringId: uuid("offering_id"),
    /** SHA-256 of the lowercased address: enough to count, nothing to read back. */
    emailHash: text("email_hash"),
    source: text("source", { enum: ["start", "finalize", "webhook"] }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("failed_card_attempts_address_idx").on(t.clientAddress, t.occurredAt),
    index("failed_card_attempts_offering_idx").on(t.offeringId, t.occurredAt),
    index("failed_card_attempts_email_idx").on(t.emailHash, t.occurredAt),
    index("failed_card_attempts_occurred_idx").on(t.occurredAt),
  ],
);

/**
 * Each price change of an offering (each one creates a Stripe Price), so a creator's changes
 * per offering per day can be capped. Written in the transaction that stores the new price.
 */
export const offeringPriceChanges = pgTable(
  "offering_price_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offeringId: uuid("offering_id")
      .notNull()
      .references(() => offerings.id, { onDelete: "cascade" }),
    stripePriceId: text("stripe_price_id").notNull(),
    priceCents: integer("price_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("offering_price_changes_offering_idx").on(t.offeringId, t.createdAt)],
);

/**
 * A self-service e-mail change waiting for the new address to confirm it. Only digests of the
 * two e-mailed tokens are kept: `confirm` (sent to the new address) applies the change, `undo`
 * (sent to the old one) withdraws it and replaces the manage link. A newer request replaces an
 * older one for the same subscriber.
 */
export const subscriberEmailChanges = pgTable(
  "subscriber_email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    confirmTokenHash: text("confirm_token_hash").notNull().unique(),
    undoTokenHash: text("undo_token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("subscriber_email_changes_subscriber_idx").on(t.subscriberId, t.createdAt)],
);

/**
 * What is left of a subscription whose business deleted its account: enough for the
 * subscriber's saved link to say the business closed it, instead of "Subscription Not Found".
 * No personal data, and no reference to the deleted rows.
 */
export const closedSubscriptions = pgTable("closed_subscriptions", {
  manageKey: uuid("manage_key").primaryKey(),
  customUrl: text("custom_url").notNull(),
  offeringTitle: text("offering_title").notNull(),
  businessName: text("business_name").notNull(),
  closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One free trial per customer per creator (issue 20, ADR 032): each trial a business gave, by
 * e-mail and card. Sign-up refuses a second trial to a known e-mail or card; a trial that got
 * through anyway (two sign-ups at once) loses it when it is recorded here, which is why the
 * e-mail is unique per creator.
 */
export const trialGrants = pgTable(
  "trial_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The creator: a trial is one per business, across its offerings. */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower-cased, so case never makes a second customer. */
    email: text("email").notNull(),
    /** Stripe's card fingerprint: the same card under another e-mail is the same customer. */
    cardFingerprint: text("card_fingerprint"),
    stripeSubscriptionId: text("stripe_subscription_id").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("trial_grants_user_email_idx").on(t.userId, t.email),
    index("trial_grants_user_card_idx").on(t.userId, t.cardFingerprint),
  ],
);

/**
 * A creator's promo code (issue 20, ADR 032): the text customers type, unique per creator,
 * and the Stripe coupon (on the platform account, limited to the chosen offerings' products)
 * it applies. Stripe's coupon holds the expiry and the use limit, so its clock decides them.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Capitals: customers' input is matched in capitals too. */
    code: text("code").notNull(),
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    duration: text("duration", { enum: promoDurations }).notNull(),
    durationInMonths: integer("duration_in_months"),
    /** The last day (UTC) it can be used. */
    expiresOn: date("expires_on"),
    maxRedemptions: integer("max_redemptions"),
    isActive: boolean("is_active").notNull().default(true),
    stripeCouponId: text("stripe_coupon_id").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promo_codes_user_code_idx").on(t.userId, t.code),
    check(
      "promo_codes_one_discount",
      sql`(${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null) or (${t.amountOffCents} > 0 and ${t.percentOff} is null)`,
    ),
    check(
      "promo_codes_months",
      sql`(${t.duration} = 'repeating') = (${t.durationInMonths} is not null) and coalesce(${t.durationInMonths}, 1) between 1 and 24`,
    ),
  ],
);

/** Which of the creator's offerings a code works for. */
export const promoCodeOfferings = pgTable(
  "promo_code_offerings",
  {
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    offeringId: uuid("offering_id")
      .notNull()
      .references(() => offerings.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.promoCodeId, t.offeringId] }),
    index("promo_code_offerings_offering_idx").on(t.offeringId),
  ],
);

/**
 * A subscriber's pauses (issue 21, ADR 033), synced from Stripe's pause_collection: basil keeps
 * a paused subscription `active`, so this is where "paused" lives. At most one is open (no
 * endedAt). Kept after they end: monthly revenue, past and present, leaves pauses out.
 */
export const subscriberPauses = pgTable(
  "subscriber_pauses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** Stripe's resumes_at; null for a pause with no end set. */
    resumesAt: timestamp("resumes_at", { withTimezone: true }),
    /** The first charge after the pause (the first renewal on or after resumesAt). */
    until: timestamp("until", { withTimezone: true }),
    /** When it ended: Stripe cleared it (its date, or when we saw it), or the subscription ended. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("subscriber_pauses_open_idx").on(t.subscriberId).where(sql`${t.endedAt} is null`),
    index("subscriber_pauses_subscriber_idx").on(t.subscriberId, t.startedAt),
    check("subscriber_pauses_order", sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);

/**
 * A subscriber's move to another offering of the same business (issue 21, ADR 033). The id is
 * the one written into the Stripe subscription's metadata with the change, so the request and
 * every webhook record it once. An upgrade applies at once; a downgrade at the renewal that
 * starts on effectiveAt. The subscriber row keeps its id and manage key: not churn, not new.
 */
export const subscriberSwitches = pgTable(
  "subscriber_switches",
  {
    id: uuid("id").primaryKey(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    fromOfferingId: uuid("from_offering_id").references(() => offerings.id, {
      onDelete: "set null",
    }),
    toOfferingId: uuid("to_offering_id").references(() => offerings.id, { onDelete: "set null" }),
    fromPriceCents: integer("from_price_cents").notNull(),
    toPriceCents: integer("to_price_cents").notNull(),
    /** The renewal it waits for (a downgrade); null: at once (an upgrade). */
    effectiveAt: timestamp("effective_at", { withTimezone: true }),
    /** When the subscriber row moved; null while it waits. */
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("subscriber_switches_subscriber_idx").on(t.subscriberId, t.createdAt)],
);

/**
 * The order of reads of one Stripe subscription (billing-sync.ts). A sync takes a ticket before
 * it reads Stripe and another as it writes (its read has arrived by then); it may write only if
 * every read already written had arrived before its own began (`writtenReadEnd` below its
 * start), so a read that overlapped or preceded a newer one is read again instead of undoing it.
 */
export const stripeSyncOrder = pgTable("stripe_sync_order", {
  stripeSubscriptionId: text("stripe_subscription_id").primaryKey(),
  lastTicket: bigint("last_ticket", { mode: "number" }).notNull(),
  writtenReadEnd: bigint("written_read_end", { mode: "number" }).notNull().default(0),
});

/** A subscriber's answer to one of the offering's sign-up questions (issue 22), as shown. */
export const subscriberAnswers = pgTable(
  "subscriber_answers",
  {
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => offeringQuestions.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.questionId] }),
    index("subscriber_answers_question_idx").on(t.questionId),
  ],
);

export const signupStates = ["open", "subscribed", "released"] as const;

/**
 * One sign-up attempt (issue 22): what the customer told us before the card step (address,
 * phone, answers), kept until Stripe's subscription is recorded as a subscriber, and the seat
 * it holds meanwhile on an offering with a capacity. Taken in the transaction that counts the
 * seats (offering row locked), released when the attempt fails or expires.
 */
export const signups = pgTable(
  "signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offeringId: uuid("offering_id")
      .notNull()
      .references(() => offerings.id, { onDelete: "cascade" }),
    /** The attempt it belongs to ("card:<attemptId>", "free:<attemptId>", "checkout:<id>"). */
    attemptKey: text("attempt_key").notNull().unique(),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    /** The waitlist invitation it uses: its seat is the invitation's, not another one. */
    waitlistEntryId: uuid("waitlist_entry_id").references((): AnyPgColumn => waitlistEntries.id, {
      onDelete: "set null",
    }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    ...serviceAddressColumns(),
    answers: jsonb("answers")
      .$type<Array<{ questionId: string; value: string }>>()
      .notNull()
      .default([]),
    state: text("state", { enum: signupStates }).notNull().default("open"),
    /** Holds a seat while open, until then (the billing clock: the emulator's in emulator mode). */
    holdsSeat: boolean("holds_seat").notNull().default(false),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("signups_open_holds_idx")
      .on(t.offeringId, t.holdExpiresAt)
      .where(sql`${t.state} = 'open' and ${t.holdsSeat}`),
    index("signups_created_idx").on(t.createdAt),
  ],
);

export const waitlistStatuses = ["waiting", "invited", "subscribed", "removed", "lapsed"] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

/**
 * A place on an offering's waitlist (issue 22), first come first served. When a seat frees,
 * the first waiting entry (inside the service area) is invited: an e-mailed link that holds the
 * seat for 48 hours on the billing clock; unused, it lapses and the next one is invited.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offeringId: uuid("offering_id")
      .notNull()
      .references(() => offerings.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    ...serviceAddressColumns(),
    answers: jsonb("answers")
      .$type<Array<{ questionId: string; value: string }>>()
      .notNull()
      .default([]),
    status: text("status", { enum: waitlistStatuses }).notNull().default("waiting"),
    /** SHA-256 of the invitation link's secret; the secret itself is only in the e-mail. */
    inviteTokenHash: text("invite_token_hash").unique(),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    inviteExpiresAt: timestamp("invite_expires_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("waitlist_entries_offering_idx").on(t.offeringId, t.createdAt, t.id),
    // One place per person per offering while they wait or hold an invitation.
    uniqueIndex("waitlist_entries_open_email_idx")
      .on(t.offeringId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('waiting', 'invited')`),
    check(
      "waitlist_entries_invited",
      sql`${t.status} <> 'invited' or (${t.inviteTokenHash} is not null and ${t.inviteExpiresAt} is not null)`,
    ),
  ],
);

/**
 * A creator's plan over time (issue 23, ADR 037): the plan in force at a moment is the latest
 * period that began at or before it, and Free before the first. Every change writes a period
 * (a purchase when its first invoice is paid, an upgrade at once, a downgrade or cancellation
 * at the end of the paid period, Free after the last failed retry); nothing else holds a plan.
 */
export const creatorPlanPeriods = pgTable(
  "creator_plan_periods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: planIds }).notNull(),
    effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
    /** The platform's Stripe subscription the plan is billed on; null for Free. */
    stripeSubscriptionId: text("stripe_subscription_id"),
    /**
     * When the re-pricing of the creator's subscriptions was queued, once the period began on
     * the billing clock; null until then (server/modules/plans/fee-repricing.ts).
     */
    repricingQueuedAt: timestamp("repricing_queued_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The periods begun but not yet re-priced: what the minute's sweep reads.
    index("creator_plan_periods_unrepriced_idx")
      .on(t.effectiveAt)
      .where(sql`${t.repricingQueuedAt} is null`),
    // One plan per moment: a second decision for the same moment replaces the first.
    uniqueIndex("creator_plan_periods_user_moment_uidx").on(t.userId, t.effectiveAt),
    check(
      "creator_plan_periods_billed",
      sql`(${t.plan} = 'free') = (${t.stripeSubscriptionId} is null)`,
    ),
  ],
);

/**
 * The creator as a customer of the platform's own Stripe account, billed for a paid plan
 * (issue 23, ADR 038): made at the first purchase and kept, so a second purchase reuses the
 * customer (and its cards and invoices). The plan in force is never read from here: it is
 * `creator_plan_periods`'.
 */
export const creatorPlanCustomers = pgTable("creator_plan_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  /** The newest plan subscription started (whatever its state); null before the first. */
  stripeSubscriptionId: text("stripe_subscription_id"),
  createdAt: createdAt(),
});
