import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import type { Stored } from "../core/state";

export function subscriptionOfInvoice(
  em: Emulator,
  invoice: Stored<"invoice">,
): Stored<"subscription"> | undefined {
  const id = invoice.parent?.subscription_details?.subscription as string | undefined;
  return id ? em.store.get(id, "subscription") : undefined;
}

export function setSubscriptionStatus(
  em: Emulator,
  subscription: Stripe.Subscription,
  status: Stripe.Subscription.Status,
  alsoChanged: Record<string, unknown> = {},
) {
  const previous = subscription.status;
  if (previous === status) return;
  subscription.status = status;
  if (status === "canceled") {
    subscription.canceled_at ??= em.store.now();
    subscription.ended_at = em.store.now();
    // A canceled subscription's open invoices are no longer retried.
    for (const invoice of em.store.listWhere(
      "invoice",
      "status",
      "open",
      (i) => i.parent?.subscription_details?.subscription === subscription.id,
    )) {
      invoice.next_payment_attempt = null;
      em.store.put(invoice);
    }
  }
  em.store.put(subscription);
  em.webhooks.emit(
    status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated",
    subscription,
    { previous: { ...alsoChanged, status: previous } },
  );
}
