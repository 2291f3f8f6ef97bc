import type Stripe from "stripe";
import type { Emulator } from "../core/context";
import { newId, type Stored } from "../core/state";

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
