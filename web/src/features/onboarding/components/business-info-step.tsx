import { businessTypes, goals, monthlyRevenueBands } from "@contracts/onboarding-options";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OptionCard } from "./option-card";
import { StepHeading } from "./step-heading";
import type { OnboardingDraft } from "./use-onboarding-draft";

interface BusinessInfoStepProps {
  draft: OnboardingDraft;
  onChange: (patch: Partial<OnboardingDraft>) => void;
  shouldFocus: boolean;
}

function ChoiceGroup({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export function BusinessInfoStep({ draft, onChange, shouldFocus }: BusinessInfoStepProps) {
  return (
    <div className="space-y-6">
      <StepHeading shouldFocus={shouldFocus} text="This helps us tailor Regulars to you.">
        Tell us about your business
      </StepHeading>
      <Field id="business-name" label="Business name">
        <Input
          id="business-name"
          value={draft.businessName}
          placeholder="e.g. Green Thumb Lawn Care"
          autoComplete="organization"
          maxLength={120}
          required
          onChange={(e) => onChange({ businessName: e.target.value })}
        />
      </Field>
      <ChoiceGroup legend="Business type">
        {businessTypes.map((type) => (
          <OptionCard
            key={type.id}
            type="radio"
            name="business-type"
            value={type.id}
            checked={draft.businessType === type.id}
            onChange={() => onChange({ businessType: type.id })}
          >
            {type.label}
          </OptionCard>
        ))}
      </ChoiceGroup>
      <ChoiceGroup legend="Monthly revenue">
        {monthlyRevenueBands.map((band) => (
          <OptionCard
            key={band.id}
            type="radio"
            name="monthly-revenue"
            value={band.id}
            checked={draft.monthlyRevenue === band.id}
            onChange={() => onChange({ monthlyRevenue: band.id })}
          >
            {band.label}
          </OptionCard>
        ))}
      </ChoiceGroup>
      <ChoiceGroup legend="Goals (optional, choose any)">
        {goals.map((goal) => (
          <OptionCard
            key={goal.id}
            type="checkbox"
            name="goals"
            value={goal.id}
            checked={draft.goals.includes(goal.id)}
            onChange={(checked) =>
              onChange({
                goals: checked
                  ? [...draft.goals, goal.id]
                  : draft.goals.filter((id) => id !== goal.id),
              })
            }
          >
            {goal.label}
          </OptionCard>
        ))}
      </ChoiceGroup>
    </div>
  );
}
