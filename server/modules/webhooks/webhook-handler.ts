import type Stripe from "stripe";
import type { BillingDeps } from "../billing/billing-sync";
import { syncStripeSubscription } from "../billing/billing-sync";
import { syncAccountFromStripe } from "../connect/connect-service";

function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const ref = invoice.parent?.subscription_details?.subscription;
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

/**
 * Events are pointers: each handler re-fetches the object from Stripe and writes current
 * state, so duplicates, reordering and parallel deliveries all converge on the same rows.
 */
export async function handleStripeEvent(
  deps: BillingDeps,
  event: Stripe.Event,
): Promise<"handled" | "ignored"> {
  switch (event.type) {
    case "invoice.paid":
    case "invoice.payment_succeeded":
    case "invoice.payment_failed": {
      const subscriptionId = subscriptionIdOfInvoice(event.data.object);
      if (!subscriptionId) return "ignored";
      await syncStripeSubscription(deps, subscriptionId);
      return "handled";
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      await syncStripeSubscription(deps, event.data.object.id);
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
    case "account.updated": {
      const account = await deps.stripe.accounts.retrieve(event.data.object.id);
      await syncAccountFromStripe(deps.db, account);
      return "handled";
    }
    default:
      return "ignored";
  }
}
