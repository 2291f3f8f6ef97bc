import type Stripe from "stripe";
import type { CreatorPlan, PlanInvoice } from "../../../contracts/plan-billing";
import { AppError } from "../../lib/errors";
import { periodInForceAt } from "./plan-period-repository";
import { findPlanCustomer, nextPeriodAfter } from "./plan-subscription-repository";
import { isLivePlanSubscription, isPlanPaymentFailing } from "./plan-subscription-state";
import type { PlanSyncDeps } from "./plan-subscription-sync";

// The Account tab's plan card: the plan in force from our periods (what fees follow), the rest
// from Stripe as it is now (the plan subscription, its card and invoices).

const SHOWN_INVOICES = 24;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function invoiceRow(invoice: Stripe.Invoice): PlanInvoice | null {
  const status =
    invoice.status === "paid"
      ? "paid"
      : invoice.status === "open" || invoice.status === "uncollectible"
        ? "due"
        : invoice.status === "void"
          ? "void"
          : null;
  if (!status || !invoice.id) return null;
  const paidAt = invoice.status_transitions?.paid_at;
  return {
    id: invoice.id,
    date: iso(paidAt ?? invoice.created),
    amountCents: status === "paid" ? invoice.amount_paid : invoice.total,
    status,
    description: invoice.lines.data[0]?.description ?? "Regulars plan",
    url: invoice.hosted_invoice_url ?? null,
  };
}

function cardOf(subscription: Stripe.Subscription): CreatorPlan["card"] {
  const method = subscription.default_payment_method;
  const card = method && typeof method !== "string" ? method.card : null;
  if (!card) return null;
  return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

function problemOf(subscription: Stripe.Subscription): CreatorPlan["paymentProblem"] {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string" || invoice.status !== "open") return null;
  const next = invoice.next_payment_attempt;
  return {
    message: next
      ? "We couldn't charge your card for your plan. We'll try again automatically."
      : "We couldn't charge your card for your plan, and there are no more retries.",
    nextAttemptAt: next ? iso(next) : null,
  };
}

export async function getCreatorPlan(deps: PlanSyncDeps, userId: string): Promise<CreatorPlan> {
  const now = await deps.clock.now();
  const period = await periodInForceAt(deps.db, userId, now);
  const plan = period?.plan ?? "free";
  const scheduled = await nextPeriodAfter(deps.db, userId, now);
  const scheduledChange = scheduled
    ? { plan: scheduled.plan, at: scheduled.effectiveAt.toISOString() }
    : null;
  const base: CreatorPlan = {
    plan,
    since: period?.effectiveAt.toISOString() ?? null,
    status: "none",
    nextCharge: null,
    scheduledChange,
    card: null,
    paymentProblem: null,
    invoices: [],
  };
  const customer = await findPlanCustomer(deps.db, userId);
  if (!customer?.stripeSubscriptionId) return base;
  let subscription: Stripe.Subscription;
  let invoices: Stripe.Invoice[];
  try {
    [subscription, invoices] = await Promise.all([
      deps.stripe.subscriptions.retrieve(customer.stripeSubscriptionId, {
        expand: ["default_payment_method", "latest_invoice"],
      }),
      deps.stripe.invoices
        .list({ customer: customer.stripeCustomerId, limit: SHOWN_INVOICES })
        .then((page) => page.data),
    ]);
  } catch (error) {
    throw new AppError(
      "payment_provider_error",
      "Your plan's billing can't be shown right now. Please try again in a moment.",
      { cause: error },
    );
  }
  const rows = invoices.flatMap((invoice) => invoiceRow(invoice) ?? []);
  if (!isLivePlanSubscription(subscription.status)) return { ...base, invoices: rows };
  const item = subscription.items.data[0];
  const isPastDue = isPlanPaymentFailing(subscription.status);
  return {
    ...base,
    status: isPastDue ? "past_due" : "active",
    nextCharge:
      item && !subscription.cancel_at_period_end
        ? { at: iso(item.current_period_end), amountCents: item.price.unit_amount ?? 0 }
        : null,
    card: cardOf(subscription),
    paymentProblem: isPastDue ? problemOf(subscription) : null,
    invoices: rows,
  };
}
