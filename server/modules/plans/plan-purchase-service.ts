import type {
  CreatorPlan,
  StartPlanInput,
  StartPlanResponse,
} from "../../../contracts/plan-billing";
import { planById } from "../../../contracts/plans";
import { toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import { dashboardPath } from "../../lib/public-links";
import { getCreatorPlan } from "./plan-account-view";
import { planInForceAt } from "./plan-period-repository";
import { platformPlanPriceId } from "./plan-prices";
import {
  findPlanCustomer,
  lockPlanPurchase,
  savePlanCustomer,
  savePlanSubscription,
} from "./plan-subscription-repository";
import {
  CREATOR_PLAN_KIND,
  isLivePlanSubscription,
  PLAN_METADATA,
} from "./plan-subscription-state";
import { type PlanSyncDeps, syncPlanSubscription } from "./plan-subscription-sync";

// Buying a plan (issue 23, ADR 038): the creator becomes a customer of the platform account,
// with a monthly subscription to the plan's price. Nothing is in force until its first invoice
// is paid: the browser confirms it (3-D Secure when the bank asks), then confirmPlan records it.

const UNREACHABLE =
  "We couldn't reach our payment provider. Nothing was charged; please try again.";
const NOT_PAID =
  "Your payment didn't go through, so your plan hasn't changed. Please try again or use another card.";

export interface PlanBuyer {
  id: string;
  email: string;
  name: string;
}

type SavedPlanCustomer = Awaited<ReturnType<typeof findPlanCustomer>>;

/** The creator's platform customer, made on the first purchase and kept. */
async function ensureCustomer(
  deps: PlanSyncDeps,
  buyer: PlanBuyer,
  saved: SavedPlanCustomer,
): Promise<string> {
  if (saved) return saved.stripeCustomerId;
  const customer = await deps.stripe.customers.create(
    {
      email: buyer.email,
      // A creator who hasn't named their business yet has no name to give.
      ...(buyer.name ? { name: buyer.name } : {}),
      metadata: { [PLAN_METADATA.kind]: CREATOR_PLAN_KIND, [PLAN_METADATA.userId]: buyer.id },
    },
    { idempotencyKey: `plan-customer:${buyer.id}` },
  );
  await savePlanCustomer(deps.db, buyer.id, customer.id);
  // Two first purchases at once: the one saved first is the customer.
  return (await findPlanCustomer(deps.db, buyer.id))!.stripeCustomerId;
}

/**
 * A plan already bought can't be bought again (it is changed instead); an attempt abandoned at
 * the card step (still incomplete) is cancelled, so it can never be paid late beside this one.
 */
async function clearPreviousAttempt(deps: PlanSyncDeps, userId: string, saved: SavedPlanCustomer) {
  if (!saved?.stripeSubscriptionId) return;
  const previous = await deps.stripe.subscriptions.retrieve(saved.stripeSubscriptionId);
  if (isLivePlanSubscription(previous.status)) {
    const name = planById(await planInForceAt(deps.db, userId, await deps.clock.now())).name;
    throw new AppError(
      "conflict",
      `You already have a paid plan (${name} now). Use "Change plan" to switch.`,
    );
  }
  if (previous.status === "incomplete") await deps.stripe.subscriptions.cancel(previous.id);
}

export async function startPlan(
  deps: PlanSyncDeps,
  buyer: PlanBuyer,
  input: StartPlanInput,
): Promise<StartPlanResponse> {
  // One purchase of a creator at a time: a second tab waits, then finds the first's plan.
  return deps.db.transaction(async (tx) => {
    await lockPlanPurchase(tx, buyer.id);
    const locked = { ...deps, db: tx };
    try {
      const saved = await findPlanCustomer(tx, buyer.id);
      await clearPreviousAttempt(locked, buyer.id, saved);
      const customer = await ensureCustomer(locked, buyer, saved);
      await deps.stripe.paymentMethods.attach(
        input.paymentMethodId,
        { customer },
        { idempotencyKey: `plan-attach:${buyer.id}:${input.attemptId}` },
      );
      const subscription = await deps.stripe.subscriptions.create(
        {
          customer,
          items: [{ price: await platformPlanPriceId(deps.stripe, input.plan) }],
          default_payment_method: input.paymentMethodId,
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: {
            [PLAN_METADATA.kind]: CREATOR_PLAN_KIND,
            [PLAN_METADATA.userId]: buyer.id,
            [PLAN_METADATA.plan]: input.plan,
          },
          expand: ["latest_invoice.confirmation_secret"],
        },
        { idempotencyKey: `plan-subscription:${buyer.id}:${input.attemptId}` },
      );
      await savePlanSubscription(tx, buyer.id, subscription.id);
      const invoice = subscription.latest_invoice;
      const clientSecret =
        subscription.status === "incomplete" && invoice && typeof invoice !== "string"
          ? (invoice.confirmation_secret?.client_secret ?? null)
          : null;
      return { subscriptionId: subscription.id, clientSecret };
    } catch (error) {
      throw toAppError(error, UNREACHABLE);
    }
  });
}

/**
 * After the browser's confirmation: records the plan when its first invoice is paid. An
 * attempt that wasn't paid is cancelled, so the next one starts clean.
 */
export async function confirmPlan(
  deps: PlanSyncDeps,
  userId: string,
  subscriptionId: string,
): Promise<CreatorPlan> {
  const saved = await findPlanCustomer(deps.db, userId);
  // Someone else's subscription id is as unknown here as one that doesn't exist.
  if (saved?.stripeSubscriptionId !== subscriptionId) {
    throw new AppError("not_found", "That plan purchase wasn't found. Please start again.");
  }
  let outcome: Awaited<ReturnType<typeof syncPlanSubscription>>;
  try {
    outcome = await syncPlanSubscription(deps, subscriptionId);
    if (outcome.kind !== "ignored" && outcome.subscription.status === "incomplete") {
      await deps.stripe.subscriptions.cancel(subscriptionId);
      throw new AppError("payment_failed", NOT_PAID);
    }
  } catch (error) {
    throw toAppError(error, "We couldn't check your payment just now. Please refresh the page.");
  }
  return getCreatorPlan(deps, userId);
}

/**
 * "Update card": Stripe's own page for the plan customer's card (the hosted billing portal), so
 * the card never touches our pages twice; a plan past due is retried on the new card.
 */
export async function openPlanCardPortal(
  deps: PlanSyncDeps & { publicUrl: string },
  userId: string,
): Promise<{ url: string }> {
  const saved = await findPlanCustomer(deps.db, userId);
  if (!saved?.stripeSubscriptionId) {
    throw new AppError("conflict", "You have no paid plan, so there is no card to update.");
  }
  try {
    const session = await deps.stripe.billingPortal.sessions.create({
      customer: saved.stripeCustomerId,
      return_url: `${deps.publicUrl}${dashboardPath}?tab=settings`,
    });
    return { url: session.url };
  } catch (error) {
    throw toAppError(error, "Your card can't be updated right now. Please try again in a moment.");
  }
}
