import type Stripe from "stripe";
import type {
  CreateOfferingInput,
  Offering,
  UpdateOfferingInput,
} from "../../../contracts/offerings";
import type { Db } from "../../db/client";
import { toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import { requireCompletedOnboarding } from "../connect/connect-service";
import {
  findOfferingForCreator,
  insertOffering,
  listOfferingsForCreator,
  type OfferingRow,
  updateOfferingForCreator,
} from "./offering-repository";
import { createCustomUrl } from "./slug";

export interface OfferingDeps {
  db: Db;
  stripe: Stripe;
}

export function toOffering(row: OfferingRow): Offering {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    subcategory: row.subcategory,
    description: row.description,
    priceCents: row.priceCents,
    customUrl: row.customUrl,
    isActive: row.isActive,
    creatorName: row.creatorName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listOfferings(deps: OfferingDeps, userId: string) {
  const rows = await listOfferingsForCreator(deps.db, userId);
  return rows.map(toOffering);
}

function monthlyPriceParams(productId: string, priceCents: number): Stripe.PriceCreateParams {
  return {
    product: productId,
    currency: "usd",
    unit_amount: priceCents,
    recurring: { interval: "month" },
  };
}

export async function createOffering(
  deps: OfferingDeps,
  creator: { id: string; email: string; name: string },
  input: CreateOfferingInput,
  requestKey: string,
): Promise<Offering> {
  await requireCompletedOnboarding(deps.db, creator.id);
  const customUrl = createCustomUrl(input.title);
  let product: Stripe.Product;
  let price: Stripe.Price;
  try {
    product = await deps.stripe.products.create(
      {
        name: input.title,
        description: input.description,
        metadata: { regulars_user_id: creator.id, regulars_custom_url: customUrl },
      },
      { idempotencyKey: `${requestKey}-product` },
    );
    price = await deps.stripe.prices.create(monthlyPriceParams(product.id, input.priceCents), {
      idempotencyKey: `${requestKey}-price`,
    });
  } catch (error) {
    throw toAppError(error, "Could not create the subscription with Stripe. Please try again.");
  }
  const row = await insertOffering(deps.db, {
    userId: creator.id,
    title: input.title,
    category: input.category,
    subcategory: input.subcategory,
    description: input.description,
    priceCents: input.priceCents,
    customUrl,
    isActive: true,
    creatorName: creator.name.trim() || null,
    creatorEmail: creator.email,
    stripeProductId: product.id,
    stripePriceId: price.id,
  });
  return toOffering(row);
}

async function requireOwnOffering(deps: OfferingDeps, userId: string, offeringId: string) {
  const row = await findOfferingForCreator(deps.db, userId, offeringId);
  if (!row) throw new AppError("not_found", "That subscription was not found.");
  return row;
}

/**
 * Stripe prices are immutable: a new price is created and the old one archived, so existing
 * subscribers keep paying what they signed up for.
 */
export async function updateOffering(
  deps: OfferingDeps,
  userId: string,
  offeringId: string,
  input: UpdateOfferingInput,
): Promise<Offering> {
  const existing = await requireOwnOffering(deps, userId, offeringId);
  let stripePriceId = existing.stripePriceId;
  try {
    if (existing.stripeProductId) {
      await deps.stripe.products.update(existing.stripeProductId, {
        name: input.title,
        description: input.description,
      });
      if (input.priceCents !== existing.priceCents) {
        const price = await deps.stripe.prices.create(
          monthlyPriceParams(existing.stripeProductId, input.priceCents),
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
  const row = await updateOfferingForCreator(deps.db, userId, offeringId, {
    title: input.title,
    description: input.description,
    priceCents: input.priceCents,
    stripePriceId,
  });
  if (!row) throw new AppError("not_found", "That subscription was not found.");
  return toOffering(row);
}

export async function setOfferingActive(
  deps: OfferingDeps,
  userId: string,
  offeringId: string,
  isActive: boolean,
): Promise<Offering> {
  const row = await updateOfferingForCreator(deps.db, userId, offeringId, { isActive });
  if (!row) throw new AppError("not_found", "That subscription was not found.");
  return toOffering(row);
}
