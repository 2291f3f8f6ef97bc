import { CreditCard, Lock, Timer } from "lucide-react";
import type { ReactNode } from "react";
import { Benefit } from "./benefit";
import { StepHeading } from "./step-heading";

interface PaymentStepProps {
  /** The payment setup control, composed in by the app (features don't import each other). */
  paymentSetup: ReactNode;
  shouldFocus: boolean;
}

export function PaymentStep({ paymentSetup, shouldFocus }: PaymentStepProps) {
  return (
    <div className="space-y-6">
      <StepHeading
        shouldFocus={shouldFocus}
        text="Connect a Stripe account so subscribers can pay you. Payouts arrive daily."
      >
        Set up payments
      </StepHeading>
      <ul className="grid gap-3 md:grid-cols-3">
        <Benefit
          icon={<Lock className="size-5" aria-hidden />}
          title="Secure payment processing"
          text="Card details are handled by Stripe and never touch our servers."
        />
        <Benefit
          icon={<Timer className="size-5" aria-hidden />}
          title="Fast setup"
          text="Takes under 5 minutes."
        />
        <Benefit
          icon={<CreditCard className="size-5" aria-hidden />}
          title="All major cards"
          text="Visa, Mastercard, American Express and more."
        />
      </ul>
      {paymentSetup}
    </div>
  );
}
