import { randomUUID } from "node:crypto";
import type { UpdateServiceAddressInput } from "../../../contracts/customer-portal";
import { formatServiceAddress } from "../../../contracts/service-details";
import { renderCreatorSubscriptionChangeEmail } from "../../integrations/email/templates/creator-subscription-change";
import { toAppError } from "../../integrations/stripe/stripe-errors";
import { AppError } from "../../lib/errors";
import { dashboardPath } from "../../lib/public-links";
import { findCreatorContact } from "../billing/billing-repository";
import { assertInServiceArea } from "../service-details/service-details-check";
import { stripeCustomerDetails } from "../service-details/stripe-customer-details";
import { updateSubscriberAddress } from "../service-details/subscriber-address-repository";
import {
  type CustomerPortalDeps,
  requireSubscriber,
  type SubscriberRef,
} from "./customer-portal-service";

/**
 * The customer moves where the service happens (issue 22): inside the service area only, the
 * same rule as at sign-up. Stripe's copy first (if Stripe can't be reached nothing changes),
 * then our record and the business's e-mail in one transaction.
 */
export async function updateServiceAddress(
  deps: CustomerPortalDeps,
  ref: SubscriberRef,
  input: UpdateServiceAddressInput,
) {
  const { subscriber, offering } = await requireSubscriber(deps.db, ref);
  if (!offering.onSite) {
    throw new AppError("conflict", "This subscription doesn't take place at an address.");
  }
  if (subscriber.paymentStatus === "cancelled") {
    throw new AppError("conflict", "This subscription has ended: there is no address to change.");
  }
  assertInServiceArea(offering, input.address);
  if (subscriber.stripeCustomerId) {
    try {
      await deps.stripe.customers.update(
        subscriber.stripeCustomerId,
        stripeCustomerDetails(subscriber.name, input),
      );
    } catch (error) {
      throw toAppError(error, "We couldn't save your address just now. Please try again.");
    }
  }
  await deps.db.transaction(async (tx) => {
    await updateSubscriberAddress(tx, subscriber.id, input.address, input.phone);
    const creator = await findCreatorContact(tx, offering.userId);
    if (!creator) return;
    await deps.mailer.enqueue(tx, {
      kind: "creator_subscription_change",
      // Each change is news: the business needs the latest address, not the first.
      dedupeKey: `creator-address-change:${subscriber.id}:${randomUUID()}`,
      userId: offering.userId,
      subscriberId: subscriber.id,
      ...(await renderCreatorSubscriptionChangeEmail({
        to: creator.email,
        businessName: creator.businessName,
        subscriberName: subscriber.name,
        subscriberEmail: subscriber.email,
        offeringTitle: offering.title,
        change: {
          kind: "address_changed",
          address: formatServiceAddress(input.address),
          phone: input.phone,
        },
        dashboardUrl: `${deps.publicUrl}${dashboardPath}`,
        settingsUrl: `${deps.publicUrl}${dashboardPath}?tab=settings`,
      })),
    });
  });
  return { address: input.address, phone: input.phone };
}
