import type Stripe from "stripe";
import { stripeAddressOf } from "./address-columns";
import type { CheckedServiceDetails } from "./service-details-check";

/**
 * The service address as Stripe keeps it on the customer: `shipping` (where the service
 * happens, with the phone) and `address`. Regulars' row is the record; this is Stripe's copy, so
 * receipts, the Dashboard and tax see the same place (research: write it to the Customer, not
 * only the payment method).
 */
export function stripeCustomerDetails(
  name: string,
  details: Pick<CheckedServiceDetails, "address" | "phone">,
): Pick<Stripe.CustomerCreateParams, "address" | "phone" | "shipping"> {
  if (!details.address) return {};
  const address = stripeAddressOf(details.address);
  return {
    address,
    ...(details.phone ? { phone: details.phone } : {}),
    shipping: { name, address, ...(details.phone ? { phone: details.phone } : {}) },
  };
}
