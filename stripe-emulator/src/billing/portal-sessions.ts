import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, type Stored } from "../core/state";
import { attachPaymentMethod, createCardPaymentMethod } from "./payment-methods";
import { setSubscriptionStatus } from "./subscription-status";

/** A billing portal session: its page (routes/hosted-pages.ts) lets the customer manage billing. */
export function createPortalSession(
  em: Emulator,
  input: { customer: string; onBehalfOf: string | null; returnUrl: string | null },
  account: string | null,
): Stored<"billing_portal.session"> {
  const id = newId("bps");
  const session: Stripe.BillingPortal.Session = {
    id,
    object: "billing_portal.session",
    configuration: "bpc_emulator_default",
    created: em.store.now(),
    customer: input.customer,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: input.onBehalfOf,
    return_url: input.returnUrl,
    url: `${em.baseUrl}/billing_portal/${id}`,
  };
  return em.store.put(session, account);
}

/**
 * The portal's card form: the new card becomes the customer's default and every subscription's
 * still running (`customer.subscription.updated` for each). A declined card throws.
 */
export function replaceDefaultCard(
  em: Emulator,
  customer: Stored<"customer">,
  card: { number: string; expMonth: number; expYear: number; cvc?: string },
) {
  const account = em.store.ownerOf(customer.id);
  const pm = createCardPaymentMethod(
    em,
    card,
    { name: customer.name, email: customer.email },
    account,
  );
  attachPaymentMethod(em, pm, customer.id, account);
  customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: pm.id };
  em.store.put(customer);
  for (const sub of em.store.list(
    "subscription",
    (s) => s.customer === customer.id && s.status !== "canceled",
  )) {
    const previous = { default_payment_method: sub.default_payment_method };
    sub.default_payment_method = pm.id;
    em.store.put(sub);
    em.webhooks.emit("customer.subscription.updated", sub, { previous });
  }
}

/** The portal's cancel button: ends one of the customer's running subscriptions at once. */
export function cancelFromPortal(
  em: Emulator,
  customer: Stored<"customer">,
  subscriptionId: string,
): boolean {
  const sub = em.store.get(subscriptionId, "subscription");
  if (!sub || sub.customer !== customer.id || sub.status === "canceled") return false;
  sub.cancellation_details = { comment: null, feedback: null, reason: "cancellation_requested" };
  setSubscriptionStatus(em, sub, "canceled");
  return true;
}
