import type Stripe from "stripe";
import type { PortalInvoice, PortalInvoices } from "../../../contracts/subscription-control";
import { paymentIntentIdOf } from "../../integrations/stripe/invoice-payment-intent";
import { AppError } from "../../lib/errors";
import {
  type CustomerPortalDeps,
  requireSubscriber,
  type SubscriberRef,
} from "../customer-portal/customer-portal-service";

// The self-service page's invoices (issue 21): Stripe's, newest first, each with its page at
// Stripe (the business's name is on it: invoices carry on_behalf_of). Two Stripe calls however
// many invoices: the invoices, and the customer's charges for the card each was paid with.

const SHOWN = 24;

function statusOf(invoice: Stripe.Invoice): PortalInvoice["status"] | null {
  switch (invoice.status) {
    case "paid":
      return "paid";
    case "open":
    case "uncollectible":
      return "due";
    case "void":
      // A renewal voided by a pause had nothing to collect; one voided by a cancellation did.
      return invoice.billing_reason === "subscription_cycle" &&
        invoice.amount_paid === 0 &&
        !invoice.payments?.data.length
        ? "skipped"
        : "void";
    default:
      return null;
  }
}

export async function listPortalInvoices(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
): Promise<PortalInvoices> {
  const { subscriber } = await requireSubscriber(deps.db, ref);
  if (!subscriber.stripeSubscriptionId || !subscriber.stripeCustomerId) return { invoices: [] };
  const { stripeSubscriptionId: subscription, stripeCustomerId: customer } = subscriber;
  let invoices: Stripe.Invoice[];
  let charges: Stripe.Charge[];
  try {
    [invoices, charges] = await Promise.all([
      deps.stripe.invoices
        .list({ subscription, limit: SHOWN, expand: ["data.payments"] })
        .then((page) => page.data),
      deps.stripe.charges.list({ customer, limit: 100 }).then((page) => page.data),
    ]);
  } catch (error) {
    throw new AppError(
      "payment_provider_error",
      "Your invoices can't be shown right now. Please try again in a moment.",
      { cause: error },
    );
  }
  const cardByIntent = new Map<string, PortalInvoice["card"]>();
  for (const charge of charges) {
    const card = charge.payment_method_details?.card;
    const intent =
      typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
    if (card && intent && !cardByIntent.has(intent)) {
      cardByIntent.set(intent, { brand: card.brand ?? "card", last4: card.last4 ?? "" });
    }
  }
  const rows: PortalInvoice[] = [];
  for (const invoice of invoices) {
    const status = statusOf(invoice);
    // A trial's or a free offering's $0 invoice is not a payment.
    if (!status || (status === "paid" && invoice.amount_paid === 0 && invoice.total === 0))
      continue;
    const paidAt = invoice.status_transitions?.paid_at;
    const intent = paymentIntentIdOf(invoice);
    rows.push({
      id: invoice.id!,
      date: new Date((paidAt ?? invoice.created) * 1000).toISOString(),
      amountCents: status === "paid" ? invoice.amount_paid : invoice.total,
      status,
      card: status === "paid" && intent ? (cardByIntent.get(intent) ?? null) : null,
      url: invoice.hosted_invoice_url ?? null,
    });
  }
  return { invoices: rows };
}
