import { formatCadencePrice } from "@contracts/cadence";
import type { PublicOffering } from "@contracts/landing";
import { isFreePrice } from "@contracts/offerings";
import type { PromoCodeCheck } from "@contracts/promotions";
import type { SubscriberInfo } from "@contracts/subscribe";
import { Elements } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { TestModeBadge } from "@/components/ui/test-mode-badge";
import { publicConfig } from "@/config/boot-data";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { trialOffer } from "@/lib/price-words";
import { getStripe } from "@/lib/stripe";
import { subscribeFree } from "../../api/subscribe-free";
import { firstChargeLabel } from "../../lib/promo-check-words";
import { clearStoredSubscriberId, storeSubscriberId } from "../../lib/stored-subscriber";
import { InfoStep } from "./info-step";
import { PaymentStep } from "./payment-step";
import { PromoCodeField } from "./promo-code-field";
import { SuccessStep } from "./success-step";
import { UnconfirmedStep } from "./unconfirmed-step";

type Step =
  | { name: "info"; info?: SubscriberInfo }
  | { name: "payment"; info: SubscriberInfo }
  // isTrial: a free trial began and nothing was charged yet.
  | { name: "success"; subscriberId: string; isTrial: boolean }
  // Charged, not yet recorded: the webhooks finish it; paying again would charge twice.
  | { name: "unconfirmed" };

export interface SubscribeDialogProps {
  offering: PublicOffering;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Lets the page show "Already subscribed?" without a reload. */
  onSubscribed?: (subscriberId: string) => void;
}

const FREE_FAILED_MESSAGE = "We couldn't start your subscription. Please try again.";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Info, then card, then success: the spec's subscribe modal. A free ($0.00) offering skips the
 * card: the info step subscribes, and no payment script is loaded.
 */
function SubscribeDialog({ offering, open, onOpenChange, onSubscribed }: SubscribeDialogProps) {
  const [step, setStep] = useState<Step>({ name: "info" });
  const [isBusy, setIsBusy] = useState(false);
  const [isStripeUnavailable, setIsStripeUnavailable] = useState(false);
  const isFree = isFreePrice(offering.priceCents);
  const [freeError, setFreeError] = useState<string | null>(null);
  // "Have a code?" in step 1: the checked code, sent with the card (or to Checkout).
  const [promo, setPromo] = useState<PromoCodeCheck | null>(null);
  // Told at sign-up that this customer already had the trial: it is no longer offered.
  const [trialUsed, setTrialUsed] = useState<string | null>(null);
  // One attempt per name and e-mail: a retry after an error can't subscribe twice.
  const freeAttempt = useRef<{ key: string; id: string } | null>(null);
  // Loaded once per page, when the dialog first opens: the landing page itself stays light.
  const [stripePromise] = useState<Promise<Stripe | null> | null>(() =>
    isFree
      ? null
      : getStripe()
          .then((stripe) => {
            if (!stripe) setIsStripeUnavailable(true);
            return stripe;
          })
          .catch(() => {
            setIsStripeUnavailable(true);
            return null;
          }),
  );

  function showSubscribed(subscriberId: string, isTrial = false) {
    storeSubscriberId(offering.customUrl, subscriberId);
    onSubscribed?.(subscriberId);
    setStep({ name: "success", subscriberId, isTrial });
  }

  async function subscribeWithoutCard(info: SubscriberInfo) {
    const key = `${info.name}\n${info.email}`;
    if (freeAttempt.current?.key !== key) freeAttempt.current = { key, id: crypto.randomUUID() };
    setFreeError(null);
    setIsBusy(true);
    try {
      const subscriberId = await subscribeFree({
        customUrl: offering.customUrl,
        name: info.name,
        email: info.email,
        attemptId: freeAttempt.current.id,
      });
      freeAttempt.current = null;
      showSubscribed(subscriberId);
    } catch (error) {
      setFreeError(error instanceof ApiError ? error.message : FREE_FAILED_MESSAGE);
    } finally {
      setIsBusy(false);
    }
  }

  function changeOpen(next: boolean) {
    // Closing mid-payment would hide a charge (or a 3-D Secure challenge) from the customer.
    if (!next && isBusy) return;
    onOpenChange(next);
    if (!next && step.name === "success") {
      setStep({ name: "info" });
      setPromo(null);
      setTrialUsed(null);
    }
  }

  const isSuccess = step.name === "success";
  const isTrialSuccess = step.name === "success" && step.isTrial;
  const trial = trialUsed
    ? null
    : trialOffer(offering.trialDays, offering.priceCents, offering.cadence);
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={
        isSuccess
          ? isFree
            ? "You're subscribed!"
            : isTrialSuccess
              ? "Free trial started!"
              : "Payment Successful!"
          : `Subscribe to ${offering.title}`
      }
      description={
        isSuccess ? undefined : (
          <span className="tabular">
            {isFree
              ? "Free, no card needed"
              : (trial ?? formatCadencePrice(offering.priceCents, offering.cadence))}{" "}
            · cancel anytime
            {trial ? (
              <span className="block">Your card is charged when the trial ends.</span>
            ) : null}
          </span>
        )
      }
    >
      {!isSuccess && publicConfig.paymentMode === "emulator" ? (
        <div className="mb-4">
          <TestModeBadge />
        </div>
      ) : null}
      {step.name === "info" && isFree ? (
        <InfoStep
          defaultValues={step.info}
          onContinue={subscribeWithoutCard}
          submitLabel="Subscribe for Free"
          busyLabel="Subscribing..."
          error={freeError}
        />
      ) : null}
      {step.name === "info" && !isFree ? (
        <InfoStep
          defaultValues={step.info}
          onContinue={(info) => setStep({ name: "payment", info })}
        >
          <PromoCodeField customUrl={offering.customUrl} applied={promo} onApplied={setPromo} />
        </InfoStep>
      ) : null}
      {step.name === "payment" ? (
        <Elements stripe={stripePromise}>
          <PaymentStep
            offering={offering}
            info={step.info}
            promo={promo}
            isStripeUnavailable={isStripeUnavailable}
            onBack={() => setStep({ name: "info", info: step.info })}
            onBusyChange={setIsBusy}
            onUnconfirmed={() => setStep({ name: "unconfirmed" })}
            trialUsed={trialUsed}
            onTrialRefused={setTrialUsed}
            onSubscribed={showSubscribed}
          />
        </Elements>
      ) : null}
      {step.name === "unconfirmed" ? <UnconfirmedStep onClose={() => changeOpen(false)} /> : null}
      {step.name === "success" ? (
        <SuccessStep
          title={offering.title}
          trial={
            step.isTrial
              ? {
                  firstCharge: promo
                    ? firstChargeLabel(promo)
                    : formatCadencePrice(offering.priceCents, offering.cadence),
                  // The server starts the trial now; a day either way is the time zone's.
                  firstChargeOn: new Date(Date.now() + offering.trialDays * DAY_MS),
                }
              : null
          }
          onManage={() => {
            // The spec clears the stored id here: the e-mail link is the way back from now on.
            clearStoredSubscriberId(offering.customUrl);
            window.location.assign(
              paths.customerPortal.getHref(offering.customUrl, step.subscriberId),
            );
          }}
          onClose={() => changeOpen(false)}
        />
      ) : null}
    </Dialog>
  );
}

// The landing page lazy-loads this module (React.lazy, so the default export only) when a
// customer shows intent to subscribe.
export default SubscribeDialog;
