import { subscriptionFeePercent } from "../../../contracts/plans";
import type { Db } from "../../db/client";
import type { BillingClock } from "../../integrations/stripe/billing-clock";
import { periodInForceAt } from "./plan-period-repository";

/**
 * The `application_fee_percent` a new subscription of the creator's carries: its plan's now, on
 * the billing clock. Invoices Stripe finalizes at once (the first) take their fee from it.
 */
export async function newSubscriptionFeePercent(
  deps: { db: Db; clock: BillingClock },
  userId: string,
  priceCents: number,
): Promise<number> {
  const period = await periodInForceAt(deps.db, userId, await deps.clock.now());
  return subscriptionFeePercent(period?.plan ?? "free", priceCents);
}
