import { CheckCircle2, Rocket, Users } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Benefit } from "./benefit";
import { StepHeading } from "./step-heading";

interface AllSetStepProps {
  isCompleting: boolean;
  error: string | null;
  onGetStarted: () => void;
  shouldFocus: boolean;
}

export function AllSetStep({ isCompleting, error, onGetStarted, shouldFocus }: AllSetStepProps) {
  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 className="size-12 text-brand-700" aria-hidden />
        <StepHeading shouldFocus={shouldFocus} text="Here's what to do next.">
          You're all set!
        </StepHeading>
      </div>
      <ul className="mx-auto max-w-md space-y-3">
        <Benefit
          icon={<Rocket className="size-5" aria-hidden />}
          title="Create your first product"
          text="Add a subscription with a title, a service type and a monthly price."
        />
        <Benefit
          icon={<Users className="size-5" aria-hidden />}
          title="Invite your first subscribers"
          text="Share your landing page link with your customers."
        />
      </ul>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex justify-center">
        <Button
          size="lg"
          onClick={onGetStarted}
          disabled={isCompleting}
          className="w-full sm:w-auto"
        >
          {isCompleting ? "Completing..." : "Get Started"}
        </Button>
      </div>
    </div>
  );
}
