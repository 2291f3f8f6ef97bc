import type Stripe from "stripe";
import type { BillingDeps } from "../billing/billing-sync";
import { syncStripeSubscription } from "../billing/billing-sync";
import { SUBSCRIPTION_METADATA } from "../billing/subscription-metadata";
import { declinedFirstPaymentKey, recordCardFailure } from "../card-attempts/card-attempt-limits";
import { syncAccountFromStripe } from "../connect/connect-service";
import { setDraftInvoiceFee } from "../plans/draft-invoice-fee";
import { handlePlanEvent } from "../plans/plan-webhooks";
import { recordDispute, recordRefundsOfPaymentIntent } from "../refunds/refund-service";

function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const ref = invoice.parent?.subscription_details?.subscription;
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

/**
 * A declined first payment counts towards the card-testing limits even when the browser never
 * reported it at finalize (a tester confirming with Stripe directly). The event has no client
 * address, so it counts per offering and e-mail; a finalize report of the same decline adds
 * the address to the same row.
 */
async function countDeclinedFirstPayment(deps: BillingDeps, invoice: Stripe.Invoice) {
  if (invoice.billing_reason !== "subscription_create") return;
  const dedupeKey = declinedFirstPaymentKey(invoice);
  if (!dedupeKey) return;
  const metadata = invoice.parent?.subscription_details?.metadata ?? {};
  await recordCardFailure(deps.db, {
    dedupeKey,
    source: "webhook",
    offeringId: metadata[SUBSCRIPTION_METADATA.offeringId] ?? null,
    email: metadata[SUBSCRIPTION_METADATA.subscriberEmail] ?? invoice.customer_email,
  });
}

/**
 * Events are pointers: each handler re-fetches the object from Stripe and writes current
 * state, so duplicates, reordering and parallel deliveries all converge on the same rows.
 */
export async function handleStripeEvent(
  deps: BillingDeps,
  event: Stripe.Event,
): Promise<"handled" | "ignored"> {
  // The creators' own plan subscriptions (ADR 038) never reach the subscribers' sync.
  const planOutcome = await handlePlanEvent(deps, event);
  if (planOutcome) return planOutcome;
  switch (event.type) {
    case "invoice.paid":
    case "invoice.payment_succeeded": {
      const subscriptionId = subscriptionIdOfInvoice(event.data.object);
      if (!subscriptionId) return "ignored";
      await syncStripeSubscription(deps, subscriptionId);
      return "handled";
    }
    case "invoice.created": {
      const outcome = await setDraftInvoiceFee(deps, event.data.object.id!);
      return outcome === "set" ? "handled" : "ignored";
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = subscriptionIdOfInvoice(invoice);
      if (!subscriptionId || !invoice.id) return "ignored";
      // The attempt's number and next retry are this event's own facts; a re-fetch would
      // show only the latest attempt when several were made before the events arrived.
      await syncStripeSubscription(deps, subscriptionId, {
        failedAttempt: {
          invoiceId: invoice.id,
          attemptCount: invoice.attempt_count,
          amountDueCents: invoice.amount_due,
          nextAttemptAt: invoice.next_payment_attempt
            ? new Date(invoice.next_payment_attempt * 1000)
            : null,
        },
      });
      await countDeclinedFirstPayment(deps, invoice);
      return "handled";
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      await syncStripeSubscription(deps, event.data.object.id);
      return "handled";
    case "customer.subscription.trial_will_end":
      await syncStripeSubscription(deps, event.data.object.id, { trialWillEnd: true });
      return "handled";
    case "checkout.session.completed": {
      const session = await deps.stripe.checkout.sessions.retrieve(event.data.object.id);
      const subscription = session.subscription;
      if (!subscription) return "ignored";
      await syncStripeSubscription(
        deps,
        typeof subscription === "string" ? subscription : subscription.id,
      );
      return "handled";
    }
    case "charge.refunded": {
      // Our payment is found by its payment intent; the refunds are re-fetched from Stripe.
      const intent = event.data.object.payment_intent;
      if (!intent) return "ignored";
      const isOurs = await recordRefundsOfPaymentIntent(
        deps,
        typeof intent === "string" ? intent : intent.id,
      );
      return isOurs ? "handled" : "ignored";
    }
    case "charge.dispute.created":
    case "charge.dispute.closed":
    case "charge.dispute.funds_withdrawn":
    case "charge.dispute.funds_reinstated":
      return (await recordDispute(deps, event.data.object.id)) ? "handled" : "ignored";
    case "account.updated": {
      const account = await deps.stripe.accounts.retrieve(event.data.object.id);
      await syncAccountFromStripe(deps.db, account);
      return "handled";
    }
    default:
      return "ignored";
  }
}
