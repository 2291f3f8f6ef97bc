import type Stripe from "stripe";
import type {
  CreateOfferingInput,
  Offering,
  SetOfferingStatusInput,
  UpdateOfferingInput,
} from "../../../contracts/offerings";
import { MAX_OFFERINGS_PER_CREATOR } from "../../../contracts/plans";
import type { Db } from "../../db/client";
import type { BillingClock } from "../../integrations/stripe/billing-clock";
import { isStripeMissing, toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import { CANCELLATION_COMMENTS } from "../billing/lifecycle-emails";
import { findCreatorName } from "../profile/profile-service";
import { offerSeats, type SeatOfferDeps } from "../seats/seat-offers";
import {
  archiveProductQuietly,
  ensureProductAndPrice,
  generatedForCreateRequest,
  priceParams,
} from "./offering-catalogue";
import { mayOpenSeats, requireOwnQuestions, toOffering, toOfferings } from "./offering-details";
import {
  countLiveSubscribersOfOffering,
  countOfferingsOfCreator,
  countPriceChangesSince,
  findOfferingForCreator,
  insertOffering,
  insertPriceChange,
  isStripeProductInUse,
  listLiveStripeSubscriptionIdsOfOffering,
  listOfferingsForCreator,
  lockOfferingForCreator,
  updateOfferingForCreator,
} from "./offering-repository";
import { replaceQuestions } from "./question-repository";

export interface OfferingDeps extends SeatOfferDeps {
  db: Db;
  stripe: Stripe;
  /** Billing's time: seats freed by an edit are held for the waitlist from then. */
  clock: BillingClock;
}

/**
 * Caps on what one creator can make Stripe do. Each offering is a Stripe Product and each price
 * change a new Stripe Price (prices are immutable), on the platform's shared Stripe account and
 * its rate limit. A real business needs a handful of each.
 */
export const CREATOR_LIMITS = {
  offeringsPerCreator: MAX_OFFERINGS_PER_CREATOR,
  priceChangesPerOffering: 10,
  priceChangeWindowHours: 24,
} as const;

export async function listOfferings(deps: OfferingDeps, userId: string) {
  const rows = await listOfferingsForCreator(deps.db, userId);
  return toOfferings(deps.db, rows);
}

export async function createOffering(
  deps: OfferingDeps,
  creator: { id: string; email: string; name: string },
  input: CreateOfferingInput,
  requestKey: string,
): Promise<Offering> {
  // No payment setup needed: a creator may finish it later (ADR 024); the landing page and the
  // subscribe API refuse subscriptions until Stripe enables charges.
  // Active or not: a deactivated offering can be edited and activated again instead.
  if ((await countOfferingsOfCreator(deps.db, creator.id)) >= CREATOR_LIMITS.offeringsPerCreator) {
    throw new AppError(
      "limit_reached",
      `You can have at most ${CREATOR_LIMITS.offeringsPerCreator} subscriptions. Edit or reactivate one you already have instead.`,
    );
  }
  const { customUrl, stripeProductId } = generatedForCreateRequest(requestKey, input);
  try {
    const { product, price } = await ensureProductAndPrice(
      deps.stripe,
      stripeProductId,
      {
        name: input.title,
        description: input.description,
        metadata: { regulars_user_id: creator.id, regulars_custom_url: customUrl },
      },
      { priceCents: input.priceCents, cadence: input.cadence },
    ).catch((error: unknown) => {
      throw toAppError(error, "Could not create the subscription with Stripe. Please try again.");
    });
    const creatorName = await findCreatorName(deps.db, creator);
    const row = await deps.db.transaction(async (tx) => {
      const inserted = await insertOffering(tx, {
        userId: creator.id,
        title: input.title,
        category: input.category,
        subcategory: input.subcategory,
        description: input.description,
        priceCents: input.priceCents,
        cadence: input.cadence,
        trialDays: input.trialDays,
        maxPausePeriods: input.maxPausePeriods,
        onSite: input.onSite,
        serviceArea: input.serviceArea,
        capacity: input.capacity,
        customUrl,
        isActive: true,
        creatorName,
        creatorEmail: creator.email,
        stripeProductId: product.id,
        stripePriceId: price.id,
      });
      await replaceQuestions(tx, inserted.id, input.questions);
      return inserted;
    });
    return toOffering(deps.db, row);
  } catch (error) {
    // A product no offering uses (made before a later step failed) is archived, so an attempt
    // given up on leaves nothing sellable; a retry of this request brings it back. One an
    // offering uses (a concurrent try of the same request got there first) is left alone.
    if (!(await isStripeProductInUse(deps.db, stripeProductId))) {
      await archiveProductQuietly(deps.stripe, stripeProductId);
    }
    throw error;
  }
}

async function requireOwnOffering(deps: OfferingDeps, userId: string, offeringId: string) {
  const row = await findOfferingForCreator(deps.db, userId, offeringId);
  if (!row) throw new AppError("not_found", "That subscription was not found.");
  return row;
}

/**
 * Stripe prices are immutable: a new amount or cadence is a new price and the old one is
 * archived, so existing subscribers keep paying what they signed up for, as often as they did.
 */
export async function updateOffering(
  deps: OfferingDeps,
  userId: string,
  offeringId: string,
  input: UpdateOfferingInput,
): Promise<Offering> {
  const existing = await requireOwnOffering(deps, userId, offeringId);
  // A foreign question id is refused before Stripe sees a new price.
  if (input.questions) await requireOwnQuestions(deps.db, offeringId, input.questions);
  const cadence = input.cadence ?? existing.cadence;
  const isPriceChange = input.priceCents !== existing.priceCents || cadence !== existing.cadence;
  if (isPriceChange) await requirePriceChangeAllowed(deps.db, offeringId);
  let stripePriceId = existing.stripePriceId;
  try {
    if (existing.stripeProductId) {
      await deps.stripe.products.update(existing.stripeProductId, {
        name: input.title,
        description: input.description,
      });
      if (isPriceChange) {
        const price = await deps.stripe.prices.create(
          priceParams(existing.stripeProductId, { priceCents: input.priceCents, cadence }),
        );
        if (existing.stripePriceId) {
          await deps.stripe.prices.update(existing.stripePriceId, { active: false });
        }
        stripePriceId = price.id;
      }
    }
  } catch (error) {
    throw toAppError(error, "Could not update the subscription with Stripe. Please try again.");
  }
  const now = await deps.clock.now();
  const isNewPrice = isPriceChange && stripePriceId !== existing.stripePriceId;
  const row = await deps.db
    .transaction(async (tx) => {
      const before = await lockOfferingForCreator(tx, userId, offeringId);
      if (!before) return null;
      // Again under the row lock: edits at once all passed the first count before any was saved.
      if (isNewPrice) await requirePriceChangeAllowed(tx, offeringId);
      const updated = await updateOfferingForCreator(tx, userId, offeringId, {
        title: input.title,
        description: input.description,
        priceCents: input.priceCents,
        cadence,
        trialDays: input.trialDays ?? before.trialDays,
        maxPausePeriods: input.maxPausePeriods ?? before.maxPausePeriods,
        onSite: input.onSite ?? before.onSite,
        serviceArea: input.serviceArea ?? before.serviceArea,
        capacity: input.capacity === undefined ? before.capacity : input.capacity,
        stripePriceId,
      });
      if (!updated) return null;
      if (input.questions) {
        // Again under the row lock: a concurrent edit may have deleted one since the first check.
        await requireOwnQuestions(tx, offeringId, input.questions);
        await replaceQuestions(tx, offeringId, input.questions);
      }
      // A raised capacity or a wider area: the waitlist hears of it in the same transaction.
      if (mayOpenSeats(before, updated)) await offerSeats(tx, deps, offeringId, now);
      if (isNewPrice && stripePriceId) {
        await insertPriceChange(
          tx,
          { offeringId, stripePriceId, priceCents: input.priceCents },
          new Date(Date.now() - CREATOR_LIMITS.priceChangeWindowHours * 3600_000),
        );
      }
      return updated;
    })
    .catch(async (error: unknown) => {
      // The new Stripe price was never saved: nobody must be sold it, and the old one, which
      // the offering still sells, is active again.
      if (isNewPrice && stripePriceId) {
        await deps.stripe.prices.update(stripePriceId, { active: false }).catch(() => undefined);
        if (existing.stripePriceId) {
          await deps.stripe.prices
            .update(existing.stripePriceId, { active: true })
            .catch(() => undefined);
        }
      }
      throw error;
    });
  if (!row) throw new AppError("not_found", "That subscription was not found.");
  return toOffering(deps.db, row);
}

/** At most `priceChangesPerOffering` in a sliding day; the refusal says when it frees up. */
async function requirePriceChangeAllowed(db: Db, offeringId: string) {
  const { priceChangesPerOffering: max, priceChangeWindowHours: hours } = CREATOR_LIMITS;
  const windowMs = hours * 3600_000;
  const { count, oldest } = await countPriceChangesSince(
    db,
    offeringId,
    new Date(Date.now() - windowMs),
  );
  if (count < max) return;
  const waitHours = oldest
    ? Math.max(1, Math.ceil((oldest.getTime() + windowMs - Date.now()) / 3600_000))
    : hours;
  throw new AppError(
    "rate_limited",
    `You can change a subscription's price at most ${max} times in ${hours} hours. Please try again in ${waitHours === 1 ? "an hour" : `${waitHours} hours`}.`,
  );
}

export async function countLiveSubscribers(
  deps: OfferingDeps,
  userId: string,
  offeringId: string,
): Promise<number> {
  await requireOwnOffering(deps, userId, offeringId);
  return countLiveSubscribersOfOffering(deps.db, userId, offeringId);
}

/**
 * Deactivating stops new sign-ups only: subscribers keep their self-service page and, unless
 * the creator chooses otherwise, their billing. With "cancel_at_period_end" every live Stripe
 * subscription is set to end when its paid period does, before the offering changes; if
 * Stripe refuses any, the offering stays active and a retry picks up where this one stopped.
 */
export async function setOfferingActive(
  deps: OfferingDeps,
  userId: string,
  offeringId: string,
  input: SetOfferingStatusInput,
): Promise<Offering> {
  if (!input.isActive && input.liveSubscribers === "cancel_at_period_end") {
    await requireOwnOffering(deps, userId, offeringId);
    const ids = await listLiveStripeSubscriptionIdsOfOffering(deps.db, userId, offeringId);
    await cancelAtPeriodEnd(deps.stripe, ids);
  }
  const row = await updateOfferingForCreator(deps.db, userId, offeringId, {
    isActive: input.isActive,
  });
  if (!row) throw new AppError("not_found", "That subscription was not found.");
  return toOffering(deps.db, row);
}

const STRIPE_CONCURRENCY = 4;
const ENDED = new Set<Stripe.Subscription.Status>(["canceled", "incomplete_expired"]);

/** Idempotent: an ended, missing or already scheduled subscription is left as it is. */
async function cancelAtPeriodEnd(stripe: Stripe, stripeSubscriptionIds: string[]) {
  let failed = 0;
  const queue = [...stripeSubscriptionIds];
  async function work() {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        const subscription = await stripe.subscriptions.retrieve(id);
        if (ENDED.has(subscription.status) || subscription.cancel_at_period_end) continue;
        await stripe.subscriptions.update(id, {
          cancel_at_period_end: true,
          cancellation_details: { comment: CANCELLATION_COMMENTS.creator },
        });
      } catch (error) {
        if (isStripeMissing(error)) continue;
        failed += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: STRIPE_CONCURRENCY }, work));
  if (failed > 0) {
    const total = stripeSubscriptionIds.length;
    throw new AppError(
      "payment_provider_error",
      `Stripe could not schedule the cancellation of ${failed} of ${total} subscriber${total === 1 ? "" : "s"}. ` +
        "The subscription is still active. Please try again.",
    );
  }
}
