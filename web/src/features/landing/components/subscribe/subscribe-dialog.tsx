import { formatCadencePrice } from "@contracts/cadence";
import type { PublicOffering } from "@contracts/landing";
import { isFreePrice } from "@contracts/offerings";
import type { PromoCodeCheck } from "@contracts/promotions";
import type { ServiceAddress } from "@contracts/service-details";
import type { SubscriberInfo } from "@contracts/subscribe";
import type { Invitation } from "@contracts/waitlist";
import { Elements } from "@stripe/react-stripe-js";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog } from "@/components/ui/dialog";
import { TestModeBadge } from "@/components/ui/test-mode-badge";
import { publicConfig } from "@/config/boot-data";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { trialOffer } from "@/lib/price-words";
import {
  type ServiceAddressFormValues,
  serviceAddressFormValues,
} from "@/lib/service-address-form";
import { useStripeOnce } from "@/lib/stripe";
import { subscribeFree } from "../../api/subscribe-free";
import { type AnswerFormValues, answerFormValues } from "../../lib/answer-form";
import { firstChargeLabel } from "../../lib/promo-check-words";
import { type ServiceDetailsBody, waitlistReason } from "../../lib/service-details-body";
import { clearStoredSubscriberId, storeSubscriberId } from "../../lib/stored-subscriber";
import { WaitlistForm } from "../waitlist/waitlist-form";
import { InfoStep } from "./info-step";
import { PaymentStep } from "./payment-step";
import { PromoCodeField } from "./promo-code-field";
import { QuestionsStep } from "./questions-step";
import { ServiceAddressStep } from "./service-address-step";
import { SuccessStep } from "./success-step";
import { UnconfirmedStep } from "./unconfirmed-step";

type Step =
  | { name: "info"; info?: SubscriberInfo }
  // Issue 22: an on-site offering's address and phone, then the offering's questions.
  | { name: "address" | "questions"; info: SubscriberInfo }
  | { name: "payment"; info: SubscriberInfo }
  // Outside the area, or every seat taken: the same fields go to the waitlist instead.
  | { name: "waitlist"; info: SubscriberInfo; reason: string }
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
  /** A waitlist invitation being used: the form starts from it, and its seat is this sign-up's. */
  invite?: { token: string; invitation: Invitation } | null;
}

/** What the steps after name and e-mail hold: as typed (for Back), and as checked (to send). */
interface ServiceDetailsState {
  addressForm: ServiceAddressFormValues;
  answerForm: AnswerFormValues;
  place?: { address: ServiceAddress; phone: string };
  answers?: Record<string, string | boolean>;
}

const FREE_FAILED_MESSAGE = "We couldn't start your subscription. Please try again.";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Info, then card, then success: the spec's subscribe modal. An on-site offering asks its service
 * address and a phone after the info, and an offering with questions asks them next (issue 22).
 * A free ($0.00) offering skips the card: the last of those steps subscribes, and no payment
 * script is loaded. Outside the area or full, the same fields go to the waitlist instead.
 */
function SubscribeDialog({
  offering,
  open,
  onOpenChange,
  onSubscribed,
  invite,
}: SubscribeDialogProps) {
  const invitation = invite?.invitation;
  const [step, setStep] = useState<Step>({
    name: "info",
    info: invitation ? { name: invitation.name, email: invitation.email } : undefined,
  });
  const [details, setDetails] = useState<ServiceDetailsState>(() => ({
    addressForm: serviceAddressFormValues(invitation?.address, invitation?.phone),
    answerForm: answerFormValues(offering.questions, invitation?.answers),
  }));
  const hasQuestions = offering.questions.length > 0;
  const [isBusy, setIsBusy] = useState(false);
  const isFree = isFreePrice(offering.priceCents);
  const [freeError, setFreeError] = useState<string | null>(null);
  // "Have a code?" in step 1: the checked code, sent with the card (or to Checkout).
  const [promo, setPromo] = useState<PromoCodeCheck | null>(null);
  // Told at sign-up that this customer already had the trial: it is no longer offered.
  const [trialUsed, setTrialUsed] = useState<string | null>(null);
  // One attempt per name, e-mail and details: a retry after an error can't subscribe twice.
  const freeAttempt = useRef<{ key: string; id: string } | null>(null);
  // Loaded once per page, when the dialog first opens: the landing page itself stays light.
  const { stripePromise, isStripeUnavailable } = useStripeOnce(!isFree);

  function showSubscribed(subscriberId: string, isTrial = false) {
    storeSubscriberId(offering.customUrl, subscriberId);
    onSubscribed?.(subscriberId);
    setStep({ name: "success", subscriberId, isTrial });
  }

  /** The body's issue-22 part, from what the steps checked (nothing an offering doesn't ask). */
  function detailsBody(current: ServiceDetailsState = details): ServiceDetailsBody {
    return {
      ...(offering.onSite && current.place ? current.place : {}),
      ...(hasQuestions && current.answers ? { answers: current.answers } : {}),
      ...(invite ? { inviteToken: invite.token } : {}),
    };
  }

  function showWaitlist(info: SubscriberInfo, reason: string) {
    setStep({ name: "waitlist", info, reason });
  }

  async function subscribeWithoutCard(
    info: SubscriberInfo,
    current: ServiceDetailsState = details,
  ) {
    const body = detailsBody(current);
    const key = `${info.name}\n${info.email}\n${JSON.stringify(body)}`;
    if (freeAttempt.current?.key !== key) freeAttempt.current = { key, id: crypto.randomUUID() };
    setFreeError(null);
    setIsBusy(true);
    try {
      const subscriberId = await subscribeFree({
        customUrl: offering.customUrl,
        name: info.name,
        email: info.email,
        attemptId: freeAttempt.current.id,
        ...body,
      });
      freeAttempt.current = null;
      showSubscribed(subscriberId);
    } catch (error) {
      const reason = waitlistReason(error);
      if (reason) showWaitlist(info, reason);
      else setFreeError(error instanceof ApiError ? error.message : FREE_FAILED_MESSAGE);
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
    // Reopened, the dialog offers to subscribe again; what was typed is kept.
    if (!next && step.name === "waitlist") setStep({ name: "info", info: step.info });
  }

  // The steps after name and e-mail, in order; the last one subscribes (free) or goes to the card.
  const detailSteps = [
    ...(offering.onSite ? (["address"] as const) : []),
    ...(hasQuestions ? (["questions"] as const) : []),
  ];
  const lastLabel = isFree ? "Subscribe for Free" : "Continue to Payment";
  const labelAfter = (index: number) => (index + 1 < detailSteps.length ? "Continue" : lastLabel);

  /** From step `index` (-1: name and e-mail) to the next, or to the end of the form. */
  async function advance(info: SubscriberInfo, index: number, current: ServiceDetailsState) {
    const next = detailSteps[index + 1];
    if (next) setStep({ name: next, info });
    else if (isFree) await subscribeWithoutCard(info, current);
    else setStep({ name: "payment", info });
  }

  function backFrom(info: SubscriberInfo, index: number) {
    const previous = detailSteps[index - 1];
    setFreeError(null);
    setStep(previous ? { name: previous, info } : { name: "info", info });
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
          : step.name === "waitlist"
            ? "Join the waitlist"
            : `Subscribe to ${offering.title}`
      }
      description={
        isSuccess ? undefined : step.name === "waitlist" ? (
          `${offering.title}: we'll e-mail you when a spot opens.`
        ) : (
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
      {!isSuccess && step.name !== "waitlist" && publicConfig.paymentMode === "emulator" ? (
        <div className="mb-4">
          <TestModeBadge />
        </div>
      ) : null}
      {invitation && !isSuccess && step.name !== "waitlist" ? (
        <Alert tone="success" className="mb-4">
          Your invitation holds a spot for you: subscribe before it expires.
        </Alert>
      ) : null}
      {step.name === "info" && isFree && detailSteps.length === 0 ? (
        <InfoStep
          defaultValues={step.info}
          onContinue={(info) => subscribeWithoutCard(info)}
          submitLabel="Subscribe for Free"
          busyLabel="Subscribing..."
          error={freeError}
        />
      ) : null}
      {step.name === "info" && (!isFree || detailSteps.length > 0) ? (
        <InfoStep
          defaultValues={step.info}
          submitLabel={detailSteps.length > 0 ? "Continue" : lastLabel}
          onContinue={(info) => advance(info, -1, details)}
        >
          {isFree ? null : (
            <PromoCodeField customUrl={offering.customUrl} applied={promo} onApplied={setPromo} />
          )}
        </InfoStep>
      ) : null}
      {step.name === "address" ? (
        <ServiceAddressStep
          serviceArea={offering.serviceArea}
          defaultValues={details.addressForm}
          submitLabel={labelAfter(detailSteps.indexOf("address"))}
          busyLabel="Subscribing..."
          error={freeError}
          onContinue={(place, addressForm) => {
            const current = { ...details, place, addressForm };
            setDetails(current);
            return advance(step.info, detailSteps.indexOf("address"), current);
          }}
          onBack={(addressForm) => {
            setDetails({ ...details, addressForm });
            backFrom(step.info, detailSteps.indexOf("address"));
          }}
          onJoinWaitlist={(addressForm, reason) => {
            setDetails({ ...details, addressForm });
            showWaitlist(step.info, reason);
          }}
        />
      ) : null}
      {step.name === "questions" ? (
        <QuestionsStep
          questions={offering.questions}
          defaultValues={details.answerForm}
          submitLabel={labelAfter(detailSteps.indexOf("questions"))}
          busyLabel="Subscribing..."
          error={freeError}
          onContinue={(answers, answerForm) => {
            const current = { ...details, answers, answerForm };
            setDetails(current);
            return advance(step.info, detailSteps.indexOf("questions"), current);
          }}
          onBack={(answerForm) => {
            setDetails({ ...details, answerForm });
            backFrom(step.info, detailSteps.indexOf("questions"));
          }}
        />
      ) : null}
      {step.name === "waitlist" ? (
        <WaitlistForm
          offering={offering}
          notice={step.reason}
          defaultValues={{ ...step.info, ...details.addressForm, answers: details.answerForm }}
          onClose={() => changeOpen(false)}
        />
      ) : null}
      {step.name === "payment" ? (
        <Elements stripe={stripePromise}>
          <PaymentStep
            offering={offering}
            info={step.info}
            promo={promo}
            details={detailsBody()}
            isStripeUnavailable={isStripeUnavailable}
            onBack={() => backFrom(step.info, detailSteps.length)}
            onWaitlist={(reason) => showWaitlist(step.info, reason)}
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
