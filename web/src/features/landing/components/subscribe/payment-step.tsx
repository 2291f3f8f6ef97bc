import { formatCadencePrice } from "@contracts/cadence";
import type { PublicOffering } from "@contracts/landing";
import type { PromoCodeCheck } from "@contracts/promotions";
import { type SubscriberInfo, subscriberInfoSchema } from "@contracts/subscribe";
import { zodResolver } from "@hookform/resolvers/zod";
import { CardElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Lock } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { CardField } from "@/components/card-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { WrappableEmail } from "@/components/wrappable-email";
import { allowStripeOverlays } from "@/lib/allow-stripe-overlays";
import { PAYMENT_FAILED_MESSAGE, paymentErrorMessage } from "@/lib/card-payment";
import { trialLength } from "@/lib/price-words";
import {
  PaymentUnconfirmedError,
  subscribeByCard,
  TrialUsedError,
} from "../../api/subscribe-by-card";
import { firstChargeLabel } from "../../lib/promo-check-words";
import { type ServiceDetailsBody, waitlistReason } from "../../lib/service-details-body";
import { HostedCheckoutLink } from "./hosted-checkout-link";

/**
 * Step 2: the card, the charge (or with a free trial, saving the card for the first charge), and
 * 3-D Secure when the bank asks for it. Someone who already had this business's trial is told so
 * and may subscribe without it, charged today.
 */
export function PaymentStep({
  offering,
  info,
  promo,
  details,
  isStripeUnavailable,
  onBack,
  onWaitlist,
  onBusyChange,
  onSubscribed,
  onUnconfirmed,
  trialUsed,
  onTrialRefused,
}: {
  offering: PublicOffering;
  info: SubscriberInfo;
  /** The code applied in step 1, or null. */
  promo: PromoCodeCheck | null;
  /** The address, phone, answers and invitation from the steps before (issue 22). */
  details: ServiceDetailsBody;
  isStripeUnavailable: boolean;
  onBack: () => void;
  /** The server said the address is outside the area or every seat is taken: the waitlist. */
  onWaitlist: (reason: string) => void;
  onBusyChange: (isBusy: boolean) => void;
  onSubscribed: (manageKey: string, isTrial: boolean) => void;
  /**
   * The server's "already had a free trial" message once it was said (kept by the dialog, so
   * going back and forth doesn't offer the trial again): from then on the button goes without.
   */
  trialUsed: string | null;
  onTrialRefused: (message: string) => void;
  onUnconfirmed: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [isCardReady, setIsCardReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const price = formatCadencePrice(offering.priceCents, offering.cadence);
  // Words only: which intent confirms the card with a trial is the subscribe flow's business.
  const trial = trialUsed ? null : trialLength(offering.trialDays, offering.priceCents);
  const firstCharge = promo ? firstChargeLabel(promo) : price;
  // The step's only fields are the name and e-mail from step 1 (the card stays in Stripe's
  // iframe): checked again with the same contract before they go out with the card.
  const { handleSubmit, formState } = useForm<SubscriberInfo>({
    resolver: zodResolver(subscriberInfoSchema),
    values: info,
  });
  const isPaying = formState.isSubmitting;

  const pay = handleSubmit(
    async ({ name, email }) => {
      setError(null);
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) {
        setError("Card element not found");
        return;
      }
      onBusyChange(true);
      const restorePointerEvents = allowStripeOverlays();
      try {
        // A fresh attempt per click: after a decline the customer fixes the card and tries anew.
        // Going without the trial is a new attempt too: the server refuses an attemptId it
        // has seen with another body.
        const { manageKey, isTrial } = await subscribeByCard({
          stripe,
          card,
          customUrl: offering.customUrl,
          name,
          email,
          attemptId: crypto.randomUUID(),
          promoCode: promo?.code,
          withoutTrial: trialUsed !== null,
          details,
        });
        onSubscribed(manageKey, isTrial);
      } catch (caught) {
        const reason = waitlistReason(caught);
        if (reason) onWaitlist(reason);
        else if (caught instanceof PaymentUnconfirmedError) onUnconfirmed();
        else if (caught instanceof TrialUsedError) onTrialRefused(caught.message);
        else setError(paymentErrorMessage(caught));
      } finally {
        restorePointerEvents();
        onBusyChange(false);
      }
    },
    // Step 1 checked them with the same schema, so this only happens if that changes: say what.
    (errors) => setError(errors.name?.message ?? errors.email?.message ?? PAYMENT_FAILED_MESSAGE),
  );

  return (
    <form
      onSubmit={(event) => {
        if (!isPaying) return pay(event);
        event.preventDefault();
      }}
      className="space-y-4"
      noValidate
      aria-busy={isPaying}
    >
      <dl className="rounded-lg bg-gray-50 px-4 py-3 text-sm">
        <div className="flex items-start justify-between gap-4">
          <dt className="sr-only">Subscription</dt>
          <dd className="min-w-0 font-medium break-words text-gray-950">{offering.title}</dd>
          <dt className="sr-only">Price</dt>
          <dd className="tabular shrink-0 text-right font-semibold text-gray-950">
            {promo ? (
              <>
                <s className="block font-normal text-gray-500">
                  <span className="sr-only">Was </span>
                  {price}
                </s>
                <span className="sr-only">, now </span>
                {firstCharge}
              </>
            ) : (
              price
            )}
          </dd>
        </div>
        {promo ? (
          <>
            <dt className="sr-only">Promo code</dt>
            <dd className="mt-1 font-medium break-words text-brand-800">
              {promo.code}: {promo.summary}
            </dd>
          </>
        ) : null}
        {trial ? (
          <>
            <dt className="sr-only">Free trial</dt>
            <dd className="mt-1 font-medium text-brand-800">{trial}</dd>
          </>
        ) : null}
        <dt className="sr-only">Subscriber</dt>
        <dd className="mt-1 text-gray-600">{info.name}</dd>
        {/* Long addresses wrap anywhere rather than push the dialog wider than the phone. */}
        <dd className="text-gray-600 [overflow-wrap:anywhere]">
          <WrappableEmail email={info.email} />
        </dd>
      </dl>

      {isStripeUnavailable ? (
        <Alert tone="error">
          The card form could not load. Use the secure Stripe checkout page below instead.
        </Alert>
      ) : (
        <CardField
          isDisabled={isPaying}
          onReady={() => setIsCardReady(true)}
          onTyped={() => setError(null)}
        />
      )}

      {trialUsed ? <Alert tone="warning">{trialUsed}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}

      <Button
        type="submit"
        size="lg"
        className="tabular w-full"
        disabled={!stripe || !isCardReady || isPaying || isStripeUnavailable}
      >
        {isPaying
          ? "Processing..."
          : trialUsed
            ? "Subscribe without the trial"
            : trial
              ? "Start free trial"
              : `Subscribe for ${firstCharge}`}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-center text-xs text-gray-600">
        <Lock className="size-3.5 shrink-0" aria-hidden /> Secured by Stripe. Cancel anytime.
      </p>
      <div className="flex flex-col-reverse items-center gap-3 border-t border-gray-100 pt-4 text-sm sm:flex-row sm:justify-between">
        <button
          type="button"
          className="rounded px-1 text-gray-700 hover:underline disabled:text-gray-400"
          onClick={onBack}
          disabled={isPaying}
        >
          ← Back
        </button>
        <HostedCheckoutLink
          customUrl={offering.customUrl}
          info={info}
          promoCode={promo?.code}
          details={details}
          onWaitlist={onWaitlist}
          isDisabled={isPaying}
        />
      </div>
    </form>
  );
}
