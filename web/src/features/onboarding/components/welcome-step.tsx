import { BarChart3, Sparkles, Users } from "lucide-react";
import { Benefit } from "./benefit";
import { StepHeading } from "./step-heading";

export function WelcomeStep({ shouldFocus }: { shouldFocus: boolean }) {
  return (
    <div className="space-y-6">
      <StepHeading
        shouldFocus={shouldFocus}
        text="Let's get your subscription business ready. It only takes a few minutes."
      >
        Welcome to Regulars!
      </StepHeading>
      <ul className="space-y-3">
        <Benefit
          icon={<Sparkles className="size-5" aria-hidden />}
          title="Easy setup"
          text="Create a subscription and its landing page in minutes."
        />
        <Benefit
          icon={<Users className="size-5" aria-hidden />}
          title="Grow your audience"
          text="Share one link; customers subscribe without creating an account."
        />
        <Benefit
          icon={<BarChart3 className="size-5" aria-hidden />}
          title="Maximize revenue"
          text="Predictable monthly income, with analytics to help it grow."
        />
      </ul>
    </div>
  );
}
