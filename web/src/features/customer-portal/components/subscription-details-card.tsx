import { formatCadencePrice, formatSubscriptionPrice } from "@contracts/cadence";
import type { CustomerPortal } from "@contracts/customer-portal";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { subscriptionKind } from "@/lib/price-words";
import { useDateFormat } from "../lib/portal-dates";
import { SubscriptionStatus } from "./subscription-status";

export function SubscriptionDetailsCard({ portal }: { portal: CustomerPortal }) {
  const { offering, subscriber } = portal;
  const dateOf = useDateFormat();
  const { discount, trialEndsAt } = subscriber;
  // The first charge after the trial is discounted if the discount still runs then.
  const isFirstChargeDiscounted =
    discount !== null &&
    trialEndsAt !== null &&
    (discount.endsAt === null || discount.endsAt > trialEndsAt);
  const firstCharge = formatCadencePrice(
    isFirstChargeDiscounted && discount ? discount.discountedCents : subscriber.priceCents,
    subscriber.cadence,
  );
  return (
    <section aria-labelledby="details-heading">
      <Card className="p-5">
        <h2 id="details-heading" className="text-base font-semibold text-gray-950">
          Subscription Details
        </h2>
        <div className="mt-4 flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div>
            <p className="tabular text-2xl font-semibold text-gray-950">
              {formatSubscriptionPrice(subscriber.priceCents, subscriber.cadence)}
            </p>
            <p className="text-sm text-gray-600">
              {subscriber.priceCents === 0
                ? "Free subscription"
                : subscriptionKind(subscriber.cadence)}
            </p>
          </div>
          <SubscriptionStatus portal={portal} />
        </div>
        {trialEndsAt ? (
          <p className="tabular mt-3 text-sm font-medium text-brand-800">
            Free trial until <time dateTime={trialEndsAt}>{dateOf(trialEndsAt)}</time>: your first
            charge of {firstCharge} is on <time dateTime={trialEndsAt}>{dateOf(trialEndsAt)}</time>.
          </p>
        ) : null}
        {discount ? (
          <p className="tabular mt-3 text-sm text-gray-700">
            {discount.summary}
            {discount.endsAt ? (
              <>
                {" "}
                until <time dateTime={discount.endsAt}>{dateOf(discount.endsAt)}</time>
              </>
            ) : null}
            : you pay {formatCadencePrice(discount.discountedCents, subscriber.cadence)}.
          </p>
        ) : null}
        <p className="mt-3 text-sm text-gray-600">
          Started{" "}
          <time dateTime={subscriber.createdAt} className="tabular text-gray-800">
            {dateOf(subscriber.createdAt)}
          </time>
        </p>
        <p className="mt-4 border-t border-gray-100 pt-4 text-sm whitespace-pre-line break-words text-gray-700">
          {offering.description}
        </p>
        {subscriber.paymentStatus === "past_due" ? (
          <Alert tone="warning" className="mt-4">
            Your last payment didn't go through. Update your payment method to keep your
            subscription.
          </Alert>
        ) : null}
      </Card>
    </section>
  );
}
