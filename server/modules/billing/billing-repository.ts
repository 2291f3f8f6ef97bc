import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  creatorEarnings,
  creatorEarningsMonthly,
  paymentSubscriptions,
  type SubscriberStatus,
  subscribers,
  userProfiles,
} from "../../db/schema/app";
import { user } from "../../db/schema/auth";

export async function findSubscriberByStripeSubscriptionId(db: Db, stripeSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(eq(subscribers.stripeSubscriptionId, stripeSubscriptionId));
  return row ?? null;
}

/**
 * Returns the new row, or null when another request or event already created it. A subscriber
 * first recorded already cancelled (a sync that catches up late) ends the moment it begins.
 */
export async function insertSubscriberOnce(db: Db, values: typeof subscribers.$inferInsert) {
  const [row] = await db
    .insert(subscribers)
    .values({
      ...values,
      cancelledAt: values.paymentStatus === "cancelled" ? (values.cancelledAt ?? sql`now()`) : null,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Cancelled is one-way: a late or reordered event never brings a subscriber back. Cancelling
 * dates it: `endedAt` is Stripe's (ended_at, else canceled_at), kept within the subscriber's
 * life (never before it began, never in the future), or now when Stripe gave none. The trial's
 * end follows Stripe's (a trial can be ended early).
 */
export async function updateSubscriberStatus(
  db: Db,
  subscriberId: string,
  status: SubscriberStatus,
  endedAt: Date | null = null,
  /** Left out: unchanged. */
  trialEndsAt?: Date | null,
) {
  await db
    .update(subscribers)
    .set({
      paymentStatus: status,
      ...(trialEndsAt === undefined ? {} : { trialEndsAt }),
      ...(status === "cancelled"
        ? {
            cancelledAt: sql`greatest(${subscribers.createdAt}, least(coalesce(${endedAt?.toISOString() ?? null}::timestamptz, now()), now()))`,
          }
        : {}),
    })
    .where(and(eq(subscribers.id, subscriberId), ne(subscribers.paymentStatus, "cancelled")));
}

/** A discount's end: set, or moved earlier (it ended sooner than planned), never later. */
export async function recordDiscountEnd(db: Db, subscriberId: string, endsAt: Date | null) {
  if (!endsAt) return;
  await db
    .update(subscribers)
    .set({ discountEndsAt: endsAt })
    .where(
      and(
        eq(subscribers.id, subscriberId),
        sql`(${subscribers.discountEndsAt} is null or ${subscribers.discountEndsAt} > ${endsAt.toISOString()}::timestamptz)`,
      ),
    );
}

export async function upsertPaymentSubscription(
  db: Db,
  values: typeof paymentSubscriptions.$inferInsert,
) {
  await db
    .insert(paymentSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: paymentSubscriptions.stripeSubscriptionId,
      set: {
        status: values.status,
        currentPeriodStart: values.currentPeriodStart,
        currentPeriodEnd: values.currentPeriodEnd,
        cancelAtPeriodEnd: values.cancelAtPeriodEnd ?? false,
        updatedAt: new Date(),
      },
    });
}

/**
 * One row per paid invoice (kind 'payment', unique per invoice id) or per adjustment (a refund
 * or dispute, unique per `stripeSourceId`), so repeats and races are harmless. Only a row
 * actually inserted moves the monthly rollup, in the same transaction; adjustments move the
 * sums but not the count of payments.
 */
export async function insertEarningOnce(db: Db, values: typeof creatorEarnings.$inferInsert) {
  const inserted = await db
    .insert(creatorEarnings)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: creatorEarnings.id });
  if (inserted.length === 0) return false;
  const month = monthOf(values.paymentDate as Date);
  await db
    .insert(creatorEarningsMonthly)
    .values({
      userId: values.userId,
      month,
      grossCents: values.grossAmountCents,
      feeCents: values.platformFeeCents,
      netCents: values.netAmountCents,
      discountCents: values.discountCents ?? 0,
      payments: (values.kind ?? "payment") === "payment" ? 1 : 0,
    })
    .onConflictDoUpdate({
      target: [creatorEarningsMonthly.userId, creatorEarningsMonthly.month],
      set: {
        grossCents: sql`${creatorEarningsMonthly.grossCents} + excluded.gross_cents`,
        feeCents: sql`${creatorEarningsMonthly.feeCents} + excluded.fee_cents`,
        netCents: sql`${creatorEarningsMonthly.netCents} + excluded.net_cents`,
        discountCents: sql`${creatorEarningsMonthly.discountCents} + excluded.discount_cents`,
        payments: sql`${creatorEarningsMonthly.payments} + excluded.payments`,
      },
    });
  return true;
}

/** First day of the payment's month in UTC, as YYYY-MM-01. */
function monthOf(date: Date): string {
  return `${date.toISOString().slice(0, 7)}-01`;
}

/** Where a creator's own e-mails go, and which of them they want. */
export async function findCreatorContact(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: user.email,
      name: user.name,
      businessName: userProfiles.businessName,
      notifyNewSubscriber: userProfiles.notifyNewSubscriber,
      notifyCancellation: userProfiles.notifyCancellation,
      notifyPaymentFailed: userProfiles.notifyPaymentFailed,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) return null;
  return {
    email: row.email,
    businessName: row.businessName ?? row.name,
    notifyNewSubscriber: row.notifyNewSubscriber ?? true,
    notifyCancellation: row.notifyCancellation ?? true,
    notifyPaymentFailed: row.notifyPaymentFailed ?? true,
  };
}
export type CreatorContact = NonNullable<Awaited<ReturnType<typeof findCreatorContact>>>;

/** Which of these invoices already have their earnings rows (payments or adjustments). */
export async function findRecordedInvoiceIds(db: Db, invoiceIds: string[]): Promise<Set<string>> {
  if (invoiceIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ invoiceId: creatorEarnings.stripeInvoiceId })
    .from(creatorEarnings)
    .where(inArray(creatorEarnings.stripeInvoiceId, invoiceIds));
  return new Set(rows.map((row) => row.invoiceId));
}
