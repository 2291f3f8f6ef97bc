import type { PublicOffering } from "@contracts/landing";
import { formatMonthlyPrice } from "@contracts/money";
import type { SubscriberInfo } from "@contracts/subscribe";
import { Elements } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { TestModeBadge } from "@/components/ui/test-mode-badge";
import { publicConfig } from "@/config/boot-data";
import { paths } from "@/config/paths";
import { getStripe } from "@/lib/stripe";
import { clearStoredSubscriberId, storeSubscriberId } from "../../lib/stored-subscriber";
import { InfoStep } from "./info-step";
import { PaymentStep } from "./payment-step";
import { SuccessStep } from "./success-step";
import { UnconfirmedStep } from "./unconfirmed-step";

type Step =
  | { name: "info"; info?: SubscriberInfo }
  | { name: "payment"; info: SubscriberInfo }
  | { name: "success"; subscriberId: string }
  // Charged, not yet recorded: the webhooks finish it; paying again would charge twice.
  | { name: "unconfirmed" };

export interface SubscribeDialogProps {
  offering: PublicOffering;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Lets the page show "Already subscribed?" without a reload. */
  onSubscribed?: (subscriberId: string) => void;
}

/** Info, then card, then success: the spec's subscribe modal. */
export function SubscribeDialog({
  offering,
  open,
  onOpenChange,
  onSubscribed,
}: SubscribeDialogProps) {
  const [step, setStep] = useState<Step>({ name: "info" });
  const [isBusy, setIsBusy] = useState(false);
  const [isStripeUnavailable, setIsStripeUnavailable] = useState(false);
  // Loaded once per page, when the dialog first opens: the landing page itself stays light.
  const [stripePromise] = useState<Promise<Stripe | null>>(() =>
    getStripe()
      .then((stripe) => {
        if (!stripe) setIsStripeUnavailable(true);
        return stripe;
      })
      .catch(() => {
        setIsStripeUnavailable(true);
        return null;
      }),
  );

  function changeOpen(next: boolean) {
    // Closing mid-payment would hide a charge (or a 3-D Secure challenge) from the customer.
    if (!next && isBusy) return;
    onOpenChange(next);
    if (!next && step.name === "success") setStep({ name: "info" });
  }

  const isSuccess = step.name === "success";
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={isSuccess ? "Payment Successful!" : `Subscribe to ${offering.title}`}
      description={
        isSuccess ? undefined : (
          <span className="tabular">
            {formatMonthlyPrice(offering.priceCents)} · cancel anytime
          </span>
        )
      }
    >
      {!isSuccess && publicConfig.paymentMode === "emulator" ? (
        <div className="mb-4">
          <TestModeBadge />
        </div>
      ) : null}
      {step.name === "info" ? (
        <InfoStep
          defaultValues={step.info}
          onContinue={(info) => setStep({ name: "payment", info })}
        />
      ) : null}
      {step.name === "payment" ? (
        <Elements stripe={stripePromise}>
          <PaymentStep
            offering={offering}
            info={step.info}
            isStripeUnavailable={isStripeUnavailable}
            onBack={() => setStep({ name: "info", info: step.info })}
            onBusyChange={setIsBusy}
            onUnconfirmed={() => setStep({ name: "unconfirmed" })}
            onSubscribed={(subscriberId) => {
              storeSubscriberId(subscriberId);
              onSubscribed?.(subscriberId);
              setStep({ name: "success", subscriberId });
            }}
          />
        </Elements>
      ) : null}
      {step.name === "unconfirmed" ? <UnconfirmedStep onClose={() => changeOpen(false)} /> : null}
      {step.name === "success" ? (
        <SuccessStep
          title={offering.title}
          onManage={() => {
            // The spec clears the stored id here: the e-mail link is the way back from now on.
            clearStoredSubscriberId();
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

// The landing page lazy-loads this module only when a customer shows intent to subscribe.
export default SubscribeDialog;
