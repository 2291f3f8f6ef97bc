import type Stripe from "stripe";
import {
  isInServiceArea,
  type ServiceAddress,
  serviceAddressSchema,
} from "../../../contracts/service-details";
import { sanitizeExternalText } from "../../../contracts/text";
import type { Db } from "../../db/client";
import { isUuid, SUBSCRIPTION_METADATA } from "../billing/subscription-metadata";
import type { OfferingRow } from "../offerings/offering-repository";
import { updateSubscriberAddress } from "../service-details/subscriber-address-repository";
import { completeSignup } from "./signup-repository";

/** The service address Stripe holds for the subscription's customer (hosted Checkout's form). */
function collectedAddressOf(
  subscription: Stripe.Subscription,
): { address: ServiceAddress; phone: string | null } | null {
  const customer = typeof subscription.customer === "string" ? null : subscription.customer;
  if (!customer || ("deleted" in customer && customer.deleted)) return null;
  const shipping = customer.shipping;
  if (!shipping?.address) return null;
  const clean = (value: string | null | undefined, max: number) =>
    sanitizeExternalText(value ?? "", max);
  const parsed = serviceAddressSchema.safeParse({
    line1: clean(shipping.address.line1, 200),
    line2: clean(shipping.address.line2, 200),
    city: clean(shipping.address.city, 100),
    state: clean(shipping.address.state, 100),
    postalCode: clean(shipping.address.postal_code, 12),
    country: shipping.address.country ?? "",
  });
  if (!parsed.success) return null;
  const phone = clean(shipping.phone ?? customer.phone, 30);
  return { address: parsed.data, phone: phone || null };
}

/**
 * A new subscriber takes over their sign-up (issue 22): its address, phone and answers, its
 * seat, the waitlist invitation it used. Hosted Checkout may have had the address changed on
 * Stripe's page: the customer's last word is kept when it is still inside the service area.
 */
export async function recordServiceDetails(
  tx: Db,
  offering: OfferingRow,
  subscription: Stripe.Subscription,
  subscriberId: string,
) {
  const signupId = subscription.metadata[SUBSCRIPTION_METADATA.signupId];
  const signup = await completeSignup(tx, {
    signupId: isUuid(signupId) ? signupId : null,
    stripeSubscriptionId: subscription.id,
    subscriberId,
  });
  if (!offering.onSite || !signup?.attemptKey.startsWith("checkout:")) return;
  const collected = collectedAddressOf(subscription);
  if (collected && isInServiceArea(collected.address.postalCode, offering.serviceArea)) {
    await updateSubscriberAddress(
      tx,
      subscriberId,
      collected.address,
      collected.phone ?? signup.phone,
    );
  }
}
