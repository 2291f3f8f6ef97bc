import { z } from "zod";
import type {
  CancelSubscriberInput,
  ListSubscribersQuery,
  SubscriberDetail,
  SubscriberFilter,
  SubscriberListItem,
  SubscriberPage,
  SubscriberPayments,
} from "../../../contracts/subscribers";
import { SUBSCRIBER_PAGE_SIZE } from "../../../contracts/subscribers";
import { AppError } from "../../lib/errors";
import { customerPortalUrl } from "../../lib/public-links";
import { updateSubscriberStatus } from "../billing/billing-repository";
import type { BillingDeps } from "../billing/billing-sync";
import { CANCELLATION_COMMENTS } from "../billing/lifecycle-emails";
import { syncAfterChange } from "../billing/sync-after-change";
import { findManageKeyOfSubscriber } from "../customer-portal/customer-portal-repository";
import { subscriberDiscountOf } from "../promotions/subscriber-discount";
import { listPaymentsWithAdjustments } from "../refunds/refund-repository";
import { toSubscriberPayment } from "../refunds/refund-service";
import { addressOfRow } from "../service-details/address-columns";
import {
  findSubscriberOfCreator,
  listAnswersOfSubscriber,
  listEmailsSentToSubscriber,
  listSubscriberPage,
  type SubscriberKey,
  type SubscriberQuery,
  type SubscriberRow,
} from "./subscriber-repository";

export type SubscriberDeps = BillingDeps;

export const SUBSCRIBER_NOT_FOUND = "That subscriber was not found.";
const EMAILS_SHOWN = 100;

/** Stripe statuses that will charge again at the period's end. */
const RENEWING = new Set(["active", "trialing", "past_due"]);

export function queryOf(userId: string, filter: SubscriberFilter): SubscriberQuery {
  return {
    userId,
    q: filter.q,
    offeringId: filter.offering,
    status: filter.status,
    postalCode: filter.postalCode,
    sort: filter.sort ?? "joined",
  };
}

export function toListItem(row: SubscriberRow): SubscriberListItem {
  const isLive = row.status !== "cancelled";
  const periodEnd = row.currentPeriodEnd?.toISOString() ?? null;
  const isEnding = isLive && Boolean(row.cancelAtPeriodEnd);
  const renews =
    isLive && !isEnding && row.priceCents > 0 && RENEWING.has(row.stripeStatus ?? "active");
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    offeringId: row.offeringId,
    offeringTitle: row.offeringTitle,
    priceCents: row.priceCents,
    cadence: row.cadence,
    trialEndsAt: row.stripeStatus === "trialing" ? (row.trialEndsAt?.toISOString() ?? null) : null,
    discount: subscriberDiscountOf(row),
    status: row.status,
    joinedAt: row.joinedAt.toISOString(),
    nextBillingAt: renews
      ? ((row.pausedAt ? row.pausedUntil : row.currentPeriodEnd)?.toISOString() ?? null)
      : null,
    endsAt: isEnding ? periodEnd : null,
    pause: isLive && row.pausedAt ? { until: row.pausedUntil?.toISOString() ?? null } : null,
    pendingSwitch:
      isLive && row.pendingSwitchTitle && row.pendingSwitchAt
        ? {
            offeringTitle: String(row.pendingSwitchTitle),
            effectiveAt: new Date(row.pendingSwitchAt as Date).toISOString(),
          }
        : null,
  };
}

// The cursor is opaque to clients: the sort it belongs to, the last row's sort key as the
// database wrote it (microseconds included) and its id, as base64url JSON.
const cursorSchema = z.object({
  s: z.enum(["joined", "name"]),
  k: z.string().max(400),
  i: z.uuid(),
});

function encodeCursor(sort: SubscriberQuery["sort"], key: SubscriberKey): string {
  return Buffer.from(JSON.stringify({ s: sort, k: key.key, i: key.id })).toString("base64url");
}

function decodeCursor(cursor: string, sort: SubscriberQuery["sort"]): SubscriberKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  const result = cursorSchema.safeParse(parsed);
  if (
    !result.success ||
    result.data.s !== sort ||
    (sort === "joined" && Number.isNaN(Date.parse(result.data.k)))
  ) {
    throw new AppError(
      "validation_failed",
      "That page link is out of date. Go back to the first page of the list.",
    );
  }
  return { key: result.data.k, id: result.data.i };
}

export async function listSubscribers(
  deps: SubscriberDeps,
  userId: string,
  input: ListSubscribersQuery,
): Promise<SubscriberPage> {
  const query = queryOf(userId, input);
  const limit = input.limit ?? SUBSCRIBER_PAGE_SIZE;
  const after = input.cursor ? decodeCursor(input.cursor, query.sort) : null;
  // One more than asked says whether there is a next page, without counting.
  const rows = await listSubscriberPage(deps.db, query, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    subscribers: page.map(toListItem),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor(query.sort, { key: last.sortKey, id: last.id })
        : null,
  };
}

async function requireSubscriber(deps: SubscriberDeps, userId: string, subscriberId: string) {
  const row = await findSubscriberOfCreator(deps.db, userId, subscriberId);
  if (!row) throw new AppError("not_found", SUBSCRIBER_NOT_FOUND);
  return row;
}

export async function getSubscriberDetail(
  deps: SubscriberDeps,
  userId: string,
  subscriberId: string,
): Promise<SubscriberDetail> {
  const row = await requireSubscriber(deps, userId, subscriberId);
  const emails = await listEmailsSentToSubscriber(deps.db, row.id, EMAILS_SHOWN);
  // The link as the subscriber has it: its key, which the subscriber can replace (ADR 022).
  const manageKey = (await findManageKeyOfSubscriber(deps.db, row.id)) ?? "";
  const answers = await listAnswersOfSubscriber(deps.db, row.id);
  const item = toListItem(row);
  return {
    subscriber: {
      ...item,
      manageUrl: customerPortalUrl(deps.publicUrl, row.customUrl, manageKey),
      canCancel: item.status !== "cancelled",
      phone: row.phone,
      address: addressOfRow(row),
      answers,
    },
    emails: emails.map((email) => ({ ...email, createdAt: email.createdAt.toISOString() })),
  };
}

export async function listSubscriberPayments(
  deps: SubscriberDeps,
  userId: string,
  subscriberId: string,
): Promise<SubscriberPayments> {
  const row = await requireSubscriber(deps, userId, subscriberId);
  const payments = await listPaymentsWithAdjustments(deps.db, userId, row.id);
  return { payments: payments.map(toSubscriberPayment) };
}

/**
 * The creator ends a subscription, now or when the paid period runs out. Stripe first, with
 * the creator's cancellation comment, so the e-mails the change causes (written by the sync
 * below or by the webhook, whichever comes first, once) say the business cancelled. No
 * transaction is open during the Stripe call.
 */
export async function cancelSubscriber(
  deps: SubscriberDeps,
  userId: string,
  subscriberId: string,
  input: CancelSubscriberInput,
): Promise<SubscriberListItem> {
  const row = await requireSubscriber(deps, userId, subscriberId);
  if (row.status === "cancelled") {
    throw new AppError("conflict", `${row.name}'s subscription is already cancelled.`);
  }
  if (input.when === "period_end" && row.cancelAtPeriodEnd) return toListItem(row);
  const stripeSubscriptionId = row.stripeSubscriptionId;
  if (!stripeSubscriptionId) {
    // Nothing at Stripe to stop (no such subscriber is made today): end it here.
    await updateSubscriberStatus(deps.db, row.id, "cancelled");
    return toListItem(await requireSubscriber(deps, userId, subscriberId));
  }
  const details = { comment: CANCELLATION_COMMENTS.creator };
  try {
    const current = await deps.stripe.subscriptions.retrieve(stripeSubscriptionId);
    if (current.status !== "canceled" && current.status !== "incomplete_expired") {
      if (input.when === "now") {
        await deps.stripe.subscriptions.cancel(stripeSubscriptionId, {
          cancellation_details: details,
        });
      } else if (!current.cancel_at_period_end) {
        await deps.stripe.subscriptions.update(stripeSubscriptionId, {
          cancel_at_period_end: true,
          // A pause and a scheduled end don't mix: the rest of the period runs to its end.
          ...(current.pause_collection ? { pause_collection: "" as const } : {}),
          cancellation_details: details,
        });
      }
    }
  } catch (error) {
    throw new AppError(
      "payment_provider_error",
      "Stripe could not cancel this subscription right now. Nothing has changed; please try again.",
      { cause: error },
    );
  }
  const isSynced = await syncAfterChange(deps, stripeSubscriptionId);
  if (!isSynced && input.when === "now") await updateSubscriberStatus(deps.db, row.id, "cancelled");
  return toListItem(await requireSubscriber(deps, userId, subscriberId));
}
