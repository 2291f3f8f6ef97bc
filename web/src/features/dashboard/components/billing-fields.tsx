import { cadenceLabel, cadences } from "@contracts/cadence";
import { trialDayChoices } from "@contracts/offerings";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/input";
import { trialChoiceLabel } from "@/lib/price-words";

/** How often an offering bills and its free trial: the create and edit forms' two selects. */
export function BillingFields({
  idPrefix,
  cadence,
  trialDays,
}: {
  idPrefix: string;
  cadence: UseFormRegisterReturn<"cadence">;
  trialDays: UseFormRegisterReturn<"trialDays">;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`${idPrefix}-cadence`} label="Billing">
        <Select id={`${idPrefix}-cadence`} {...cadence}>
          {cadences.map((value) => (
            <option key={value} value={value}>
              {cadenceLabel(value)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`${idPrefix}-trial`}
        label="Free trial"
        hint="With a trial, the card is taken at sign-up and first charged when the trial ends."
      >
        <Select id={`${idPrefix}-trial`} {...trialDays}>
          {trialDayChoices.map((days) => (
            <option key={days} value={String(days)}>
              {trialChoiceLabel(days)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
