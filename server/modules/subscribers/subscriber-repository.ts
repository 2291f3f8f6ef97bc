import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  like,
  ne,
  not,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { normalizePostalCode } from "../../../contracts/service-details";
import type { SubscriberStatusFilter } from "../../../contracts/subscribers";
import type { Db } from "../../db/client";
import {
  creatorEarnings,
  emailOutbox,
  offeringQuestions,
  offerings,
  paymentSubscriptions,
  subscriberAnswers,
  subscriberPauses,
  subscriberSwitches,
  subscribers,
} from "../../db/schema/app";

// Every query is scoped by subscribers.user_id (the offering's creator, copied by a trigger):
// one creator's subscribers are one range of subscribers_user_created_idx and
// subscribers_user_name_idx; search is served by the trigram indexes. docs/architecture.md.

export interface SubscriberQuery {
  userId: string;
  q?: string | undefined;
  offeringId?: string | undefined;
  status?: SubscriberStatusFilter | undefined;
  /** Service address postal codes starting with this, compared normalized (issue 22). */
  postalCode?: string | undefined;
  sort: "joined" | "name";
}

/** Where the previous page ended: the sort key as the database wrote it, and the id. */
export interface SubscriberKey {
  key: string;
  id: string;
}

/** LIKE's wildcards typed by someone are literal characters. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** created_at with its microseconds, so a cursor names exactly one position. */
const joinedKey = sql<string>`to_char(${subscribers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const nameKey = sql<string>`lower(${subscribers.name})`;

function filterOf(query: SubscriberQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(subscribers.userId, query.userId)];
  if (query.offeringId) conditions.push(eq(subscribers.offeringId, query.offeringId));
  // A subquery, not the list's join: the payments export filters with this too.
  const payment = (condition: SQL) =>
    sql`exists (select 1 from ${paymentSubscriptions} where ${paymentSubscriptions.stripeSubscriptionId} = ${subscribers.stripeSubscriptionId} and ${condition})`;
  if (query.status === "trial") {
    conditions.push(payment(sql`${paymentSubscriptions.status} = 'trialing'`));
  } else if (query.status === "ending") {
    conditions.push(
      ne(subscribers.paymentStatus, "cancelled"),
      payment(sql`${paymentSubscriptions.cancelAtPeriodEnd}`),
    );
  } else if (query.status === "paused") {
    conditions.push(
      ne(subscribers.paymentStatus, "cancelled"),
      sql`exists (select 1 from ${subscriberPauses} where ${subscriberPauses.subscriberId} = ${subscribers.id} and ${subscriberPauses.endedAt} is null)`,
    );
  } else if (query.status) conditions.push(eq(subscribers.paymentStatus, query.status));
  if (query.q) {
    const pattern = likePattern(query.q);
    // Search finds a postal code too, compared as filtered: "94110-12" finds "94110 1234".
    const postal = normalizePostalCode(query.q);
    conditions.push(
      or(
        ilike(subscribers.name, pattern),
        ilike(subscribers.email, pattern),
        postal ? like(subscribers.postalKey, likePattern(postal)) : undefined,
      ),
    );
  }
  if (query.postalCode !== undefined) {
    // A prefix on the generated postal_key (subscribers_user_postal_idx); "" would match all.
    const prefix = normalizePostalCode(query.postalCode);
    conditions.push(like(subscribers.postalKey, `${escapeLike(prefix)}%`));
  }
  return and(...conditions) as SQL;
}

/** Rows after `after` in the sort's order: newest first (joined) or A to Z (name). */
function afterKey(sort: SubscriberQuery["sort"], after: SubscriberKey | null): SQL | undefined {
  if (!after) return undefined;
  return sort === "joined"
    ? sql`(${subscribers.createdAt}, ${subscribers.id}) < (${after.key}::timestamptz, ${after.id}::uuid)`
    : sql`(lower(${subscribers.name}), ${subscribers.id}) > (${after.key}, ${after.id}::uuid)`;
}

function orderOf(sort: SubscriberQuery["sort"]) {
  return sort === "joined"
    ? [desc(subscribers.createdAt), desc(subscribers.id)]
    : [asc(nameKey), asc(subscribers.id)];
}

const switchTo = alias(offerings, "switch_to");

/** A column of the downgrade waiting for its renewal (one at a time is allowed), or null. */
function pendingSwitch(column: AnyPgColumn) {
  return sql`(select ${column} from ${subscriberSwitches} join ${offerings} ${switchTo} on ${switchTo.id} = ${subscriberSwitches.toOfferingId} where ${subscriberSwitches.subscriberId} = ${subscribers.id} and ${subscriberSwitches.appliedAt} is null order by ${subscriberSwitches.createdAt} limit 1)`.mapWith(
    column,
  );
}

const listColumns = {
  id: subscribers.id,
  name: subscribers.name,
  email: subscribers.email,
  offeringId: subscribers.offeringId,
  offeringTitle: offerings.title,
  customUrl: offerings.customUrl,
  priceCents: subscribers.priceCents,
  cadence: subscribers.cadence,
  trialEndsAt: subscribers.trialEndsAt,
  discountPercentOff: subscribers.discountPercentOff,
  discountAmountOffCents: subscribers.discountAmountOffCents,
  discountEndsAt: subscribers.discountEndsAt,
  status: subscribers.paymentStatus,
  joinedAt: subscribers.createdAt,
  stripeSubscriptionId: subscribers.stripeSubscriptionId,
  stripeStatus: paymentSubscriptions.status,
  currentPeriodEnd: paymentSubscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: paymentSubscriptions.cancelAtPeriodEnd,
  pausedAt: subscriberPauses.startedAt,
  pausedUntil: subscriberPauses.until,
  pendingSwitchTitle: pendingSwitch(switchTo.title),
  pendingSwitchAt: pendingSwitch(subscriberSwitches.effectiveAt),
  phone: subscribers.phone,
  addressLine1: subscribers.addressLine1,
  addressLine2: subscribers.addressLine2,
  addressCity: subscribers.addressCity,
  addressState: subscribers.addressState,
  addressPostalCode: subscribers.addressPostalCode,
  addressCountry: subscribers.addressCountry,
};

function selectSubscribers(db: Db, sort: SubscriberQuery["sort"]) {
  return (
    db
      .select({ ...listColumns, sortKey: sort === "joined" ? joinedKey : nameKey })
      .from(subscribers)
      .innerJoin(offerings, eq(offerings.id, subscribers.offeringId))
      // Unique on both sides: at most one row per subscriber.
      .leftJoin(
        paymentSubscriptions,
        eq(paymentSubscriptions.stripeSubscriptionId, subscribers.stripeSubscriptionId),
      )
      // At most one open pause per subscriber (a partial unique index).
      .leftJoin(
        subscriberPauses,
        and(eq(subscriberPauses.subscriberId, subscribers.id), isNull(subscriberPauses.endedAt)),
      )
  );
}

export type SubscriberRow = Awaited<ReturnType<typeof listSubscriberPage>>[number];

/** One page in the sort's order, starting after `after`; `limit` rows at most. */
export function listSubscriberPage(
  db: Db,
  query: SubscriberQuery,
  after: SubscriberKey | null,
  limit: number,
) {
  return selectSubscribers(db, query.sort)
    .where(and(filterOf(query), afterKey(query.sort, after)))
    .orderBy(...orderOf(query.sort))
    .limit(limit);
}

export async function findSubscriberOfCreator(db: Db, userId: string, subscriberId: string) {
  const [row] = await selectSubscribers(db, "joined").where(
    and(eq(subscribers.userId, userId), eq(subscribers.id, subscriberId)),
  );
  return row ?? null;
}

/**
 * The subscriber's answers to sign-up questions with each question's current label and kind:
 * asked questions in the offering's order, then deleted ones (still readable).
 */
export function listAnswersOfSubscriber(db: Db, subscriberId: string) {
  return db
    .select({
      questionId: offeringQuestions.id,
      label: offeringQuestions.label,
      kind: offeringQuestions.kind,
      value: subscriberAnswers.value,
      isDeleted: sql<boolean>`${offeringQuestions.deletedAt} is not null`,
    })
    .from(subscriberAnswers)
    .innerJoin(offeringQuestions, eq(offeringQuestions.id, subscriberAnswers.questionId))
    .where(eq(subscriberAnswers.subscriberId, subscriberId))
    .orderBy(
      sql`${offeringQuestions.deletedAt} is not null`,
      asc(offeringQuestions.position),
      asc(offeringQuestions.createdAt),
      asc(offeringQuestions.id),
    );
}

/** The answers of a batch of subscribers (an export's), one row per answer. */
export function listAnswersOfSubscribers(db: Db, subscriberIds: string[]) {
  if (subscriberIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      subscriberId: subscriberAnswers.subscriberId,
      questionId: subscriberAnswers.questionId,
      value: subscriberAnswers.value,
    })
    .from(subscriberAnswers)
    .where(inArray(subscriberAnswers.subscriberId, subscriberIds));
}

/**
 * The messages the subscriber was sent: kind, subject, when and whether it went out. Never the
 * body; the creator's own notices about this subscriber (creator_*) went to the creator.
 */
export function listEmailsSentToSubscriber(db: Db, subscriberId: string, limit: number) {
  return db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      subject: emailOutbox.subject,
      createdAt: emailOutbox.createdAt,
      status: emailOutbox.status,
    })
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.subscriberId, subscriberId), not(ilike(emailOutbox.kind, "creator\\_%"))),
    )
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

/** Where the previous batch of payments ended, in creator_earnings_user_date_idx's order. */
export interface PaymentKey {
  paidAt: string;
  createdAt: string;
  id: string;
}

const microseconds = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The payments of the subscribers matching `query`, newest first, `limit` after `after`: walks
 * creator_earnings_user_date_idx, joining each payment's subscriber by primary key.
 */
export function listPaymentBatch(
  db: Db,
  query: SubscriberQuery,
  after: PaymentKey | null,
  limit: number,
) {
  return db
    .select({
      id: creatorEarnings.id,
      paidAt: creatorEarnings.paymentDate,
      paidAtKey: microseconds(creatorEarnings.paymentDate),
      createdAtKey: microseconds(creatorEarnings.createdAt),
      subscriberName: subscribers.name,
      subscriberEmail: subscribers.email,
      offeringTitle: offerings.title,
      amountCents: creatorEarnings.grossAmountCents,
      feePercent: creatorEarnings.platformFeePercent,
      feeCents: creatorEarnings.platformFeeCents,
      plan: creatorEarnings.plan,
      netCents: creatorEarnings.netAmountCents,
      kind: creatorEarnings.kind,
      stripeInvoiceId: creatorEarnings.stripeInvoiceId,
    })
    .from(creatorEarnings)
    .innerJoin(subscribers, eq(subscribers.id, creatorEarnings.subscriberId))
    .innerJoin(offerings, eq(offerings.id, creatorEarnings.offeringId))
    .where(
      and(
        eq(creatorEarnings.userId, query.userId),
        filterOf(query),
        after
          ? sql`(${creatorEarnings.paymentDate}, ${creatorEarnings.createdAt}, ${creatorEarnings.id}) < (${after.paidAt}::timestamptz, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(
      desc(creatorEarnings.paymentDate),
      desc(creatorEarnings.createdAt),
      desc(creatorEarnings.id),
    )
    .limit(limit);
}
