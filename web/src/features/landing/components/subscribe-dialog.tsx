import type { PublicOffering } from "@contracts/landing";
import { formatMonthlyPrice } from "@contracts/money";
import { type SubscriberInfo, subscriberInfoSchema } from "@contracts/subscribe";
import { zodResolver } from "@hookform/resolvers/zod";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { CheckCircle2, Lock } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { TestModeBadge } from "@/components/ui/test-mode-badge";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { getStripe } from "@/lib/stripe";
import { SUBSCRIBER_STORAGE_KEY, startHostedCheckout, subscribeByCard } from "../api/subscribe";

type Step =
  | { name: "info" }
  | { name: "payment"; info: SubscriberInfo }
  | { name: "success"; subscriberId: string };

function InfoStep({
  defaultValues,
  onContinue,
}: {
  defaultValues?: SubscriberInfo;
  onContinue: (info: SubscriberInfo) => void;
}) {
  const { register, handleSubmit, formState } = useForm<SubscriberInfo>({
    resolver: zodResolver(subscriberInfoSchema),
    defaultValues,
  });
  return (
    <form onSubmit={handleSubmit(onContinue)} className="space-y-4" noValidate>
      <Field id="subscriber-name" label="Full Name" error={formState.errors.name?.message}>
        <Input
          id="subscriber-name"
          autoComplete="name"
          required
          aria-invalid={Boolean(formState.errors.name)}
          {...register("name")}
        />
      </Field>
      <Field id="subscriber-email" label="Email Address" error={formState.errors.email?.message}>
        <Input
          id="subscriber-email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={Boolean(formState.errors.email)}
          {...register("email")}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full">
        Continue to Payment
      </Button>
    </form>
  );
}

function PaymentStep({
  offering,
  info,
  onBack,
  onSubscribed,
}: {
  offering: PublicOffering;
  info: SubscriberInfo;
  onBack: () => void;
  onSubscribed: (id: string) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const [isRedirecting, setIsRedirecting] = useState(false);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) {
      setError("Card element not found");
      return;
    }
    setIsPaying(true);
    try {
      // A new attempt per click; the server makes a retry of the same attempt harmless.
      const subscriberId = await subscribeByCard({
        stripe,
        card,
        customUrl: offering.customUrl,
        ...info,
        attemptId: crypto.randomUUID(),
      });
      onSubscribed(subscriberId);
    } catch (e) {
      setError(errorMessage(e, "Payment failed. Please try again."));
    } finally {
      setIsPaying(false);
    }
  }

  async function hostedCheckout() {
    setError(null);
    setIsRedirecting(true);
    try {
      await startHostedCheckout(offering.customUrl);
    } catch (e) {
      setError(errorMessage(e, "Checkout is not available right now. Please try again."));
      setIsRedirecting(false);
    }
  }

  return (
    <form onSubmit={pay} className="space-y-4" noValidate>
      <div className="rounded-lg bg-gray-50 px-4 py-3 text-sm">
        <p className="font-medium text-gray-950">{offering.title}</p>
        <p className="text-gray-600">
          {info.name} · {info.email}
        </p>
      </div>
      <fieldset>
        <legend className="block text-sm font-medium text-gray-800">Card details</legend>
        <div className="mt-1.5 rounded-lg border border-gray-300 px-3 py-3 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/20">
          <CardElement
            options={{
              hidePostalCode: true,
              style: { base: { fontSize: "16px", color: "#111827" } },
            }}
          />
        </div>
      </fieldset>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || isPaying}>
        {isPaying ? "Processing..." : `Subscribe for ${formatMonthlyPrice(offering.priceCents)}`}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-gray-600">
        <Lock className="size-3.5" aria-hidden /> Payments are processed securely by Stripe. Cancel
        anytime.
      </p>
      <div className="flex items-center justify-between text-sm">
        <button type="button" className="text-gray-700 hover:underline" onClick={onBack}>
          ← Back
        </button>
        <button
          type="button"
          className="text-brand-700 hover:underline disabled:text-gray-400"
          onClick={hostedCheckout}
          disabled={isRedirecting}
        >
          {isRedirecting ? "Opening checkout..." : "Pay on a secure Stripe checkout page instead"}
        </button>
      </div>
    </form>
  );
}

export default function SubscribeDialog({
  offering,
  open,
  onOpenChange,
}: {
  offering: PublicOffering;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [step, setStep] = useState<Step>({ name: "info" });
  const [stripePromise] = useState(() => getStripe());
  const navigate = useNavigate();

  function close(next: boolean) {
    onOpenChange(next);
    if (!next && step.name === "success") setStep({ name: "info" });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={step.name === "success" ? "Payment Successful!" : `Subscribe to ${offering.title}`}
      description={
        step.name === "success"
          ? undefined
          : `${formatMonthlyPrice(offering.priceCents)} · cancel anytime`
      }
    >
      <div className="mb-4">
        <TestModeBadge />
      </div>
      {step.name === "info" ? (
        <InfoStep onContinue={(info) => setStep({ name: "payment", info })} />
      ) : null}
      {step.name === "payment" ? (
        <Elements stripe={stripePromise}>
          <PaymentStep
            offering={offering}
            info={step.info}
            onBack={() => setStep({ name: "info" })}
            onSubscribed={(subscriberId) => {
              localStorage.setItem(SUBSCRIBER_STORAGE_KEY, subscriberId);
              setStep({ name: "success", subscriberId });
            }}
          />
        </Elements>
      ) : null}
      {step.name === "success" ? (
        <div className="space-y-4 text-center">
          <CheckCircle2 className="mx-auto size-12 text-brand-600" aria-hidden />
          <p className="text-gray-800">
            Welcome to {offering.title}! Your subscription is now active.
          </p>
          <p className="text-sm text-gray-600">
            Check your e-mail for your confirmation and the link to manage your subscription.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <Button
              onClick={() => {
                localStorage.removeItem(SUBSCRIBER_STORAGE_KEY);
                navigate(paths.customerPortal.getHref(offering.customUrl, step.subscriberId));
              }}
            >
              Manage My Subscription
            </Button>
            <Button variant="secondary" onClick={() => close(false)}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
