import { formatCents } from "@contracts/money";
import { type PaidPlanId, paidPlanIds, startPlanSchema } from "@contracts/plan-billing";
import { planById } from "@contracts/plans";
import { zodResolver } from "@hookform/resolvers/zod";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { Lock } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CardField } from "@/components/card-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-card";
import { Dialog } from "@/components/ui/dialog";
import { allowStripeOverlays } from "@/lib/allow-stripe-overlays";
import { paymentErrorMessage } from "@/lib/card-payment";
import { planFeeTerms, planPrice } from "@/lib/plan-words";
import { useStripeOnce } from "@/lib/stripe";
import { useBuyPlan } from "../api/plan-billing";

const buyPlanFormSchema = startPlanSchema.pick({ plan: true });
type BuyPlanForm = z.infer<typeof buyPlanFormSchema>;

const planChoices = paidPlanIds.map((id) => ({
  value: id,
  label: `${planById(id).name} · ${planPrice(id)}`,
  hint: planFeeTerms(id),
}));

/** The plan picked, its card and the charge: inside `<Elements>`, mounted while the dialog is open. */
function BuyPlanForm({
  initialPlan,
  isStripeUnavailable,
  onBusyChange,
  onBought,
}: {
  initialPlan: PaidPlanId;
  isStripeUnavailable: boolean;
  onBusyChange: (isBusy: boolean) => void;
  onBought: (plan: PaidPlanId) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const buy = useBuyPlan();
  const [isCardReady, setIsCardReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { handleSubmit, watch, setValue, formState } = useForm<BuyPlanForm>({
    resolver: zodResolver(buyPlanFormSchema),
    defaultValues: { plan: initialPlan },
  });
  const plan = watch("plan");
  const isPaying = formState.isSubmitting;
  const price = formatCents(planById(plan).monthlyPriceCents);

  const pay = handleSubmit(
    async (values) => {
      setError(null);
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) {
        setError("Card element not found");
        return;
      }
      onBusyChange(true);
      // Stripe's 3-D Secure challenge must take clicks above our modal dialog.
      const restorePointerEvents = allowStripeOverlays();
      try {
        // A fresh attempt per click: after a decline the creator fixes the card and tries anew.
        await buy.mutateAsync({ stripe, card, plan: values.plan, attemptId: crypto.randomUUID() });
        onBought(values.plan);
      } catch (caught) {
        setError(paymentErrorMessage(caught));
      } finally {
        restorePointerEvents();
        onBusyChange(false);
      }
    },
    (errors) => setError(errors.plan?.message ?? "Choose Premium or Professional"),
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
      <fieldset disabled={isPaying} className="space-y-2">
        <legend className="mb-1.5 block text-sm font-medium text-gray-800">Plan</legend>
        <ChoiceCards
          name="buy-plan"
          choices={planChoices}
          chosen={plan}
          onChoose={(value) => {
            setValue("plan", value);
            setError(null);
          }}
        />
      </fieldset>

      {isStripeUnavailable ? (
        <Alert tone="error">
          The card form could not load. Please reload the page and try again.
        </Alert>
      ) : (
        <CardField
          isDisabled={isPaying}
          onReady={() => setIsCardReady(true)}
          onTyped={() => setError(null)}
        />
      )}

      {error ? <Alert tone="error">{error}</Alert> : null}

      <Button
        type="submit"
        size="lg"
        className="tabular w-full"
        disabled={!stripe || !isCardReady || isPaying || isStripeUnavailable}
      >
        {isPaying ? "Processing..." : `Subscribe for ${price}/month`}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-center text-xs text-gray-600">
        <Lock className="size-3.5 shrink-0" aria-hidden /> Secured by Stripe. Billed monthly; leave
        anytime.
      </p>
    </form>
  );
}

/**
 * Buying Premium or Professional by card (issue 23), as a customer subscribes on a landing
 * page: the dialog refuses to close while a payment is under way.
 */
export function BuyPlanDialog({
  open,
  initialPlan,
  onOpenChange,
  onBought,
}: {
  open: boolean;
  initialPlan: PaidPlanId;
  onOpenChange: (open: boolean) => void;
  onBought: (plan: PaidPlanId) => void;
}) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (isBusy ? undefined : onOpenChange(next))}
      title="Choose your plan"
      description="Keep more of every payment your subscribers make."
      hideClose={isBusy}
    >
      <StripeElements>
        {(isStripeUnavailable) => (
          <BuyPlanForm
            // A dialog opened on another plan starts over on it.
            key={initialPlan}
            initialPlan={initialPlan}
            isStripeUnavailable={isStripeUnavailable}
            onBusyChange={setIsBusy}
            onBought={onBought}
          />
        )}
      </StripeElements>
    </Dialog>
  );
}

/** Stripe.js, loaded when the dialog first opens (its content mounts only while open). */
function StripeElements({ children }: { children: (isStripeUnavailable: boolean) => ReactNode }) {
  const { stripePromise, isStripeUnavailable } = useStripeOnce();
  return <Elements stripe={stripePromise}>{children(isStripeUnavailable)}</Elements>;
}
