import { type Cadence, cadenceLabel, cadences } from "@contracts/cadence";
import { trialDayChoices } from "@contracts/offerings";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/input";
import { trialChoiceLabel } from "@/lib/price-words";
import { pauseChoiceLabel, pausePeriodChoices } from "./pause-choices";

/**
 * How often an offering bills, its free trial and its longest pause: the create and edit forms'
 * three selects. The pause is counted in the offering's own periods, so its choices follow the
 * billing chosen above it (`chosenCadence`).
 */
export function BillingFields({
  idPrefix,
  chosenCadence,
  cadence,
  trialDays,
  maxPausePeriods,
}: {
  idPrefix: string;
  chosenCadence: Cadence;
  cadence: UseFormRegisterReturn<"cadence">;
  trialDays: UseFormRegisterReturn<"trialDays">;
  maxPausePeriods: UseFormRegisterReturn<"maxPausePeriods">;
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
      {/* The whole row, so the hint has room; the select keeps a column's width. */}
      <div className="sm:col-span-2">
        <Field
          id={`${idPrefix}-pause`}
          label="Pausing"
          hint={
            // No lone last word under the long sentence.
            <span className="block text-pretty">
              Customers can pause or skip a visit from their self-service page; nothing is charged
              while paused.
            </span>
          }
        >
          <Select id={`${idPrefix}-pause`} className="sm:w-[calc(50%-0.5rem)]" {...maxPausePeriods}>
            {pausePeriodChoices.map((periods) => (
              <option key={periods} value={String(periods)}>
                {pauseChoiceLabel(periods, chosenCadence)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </div>
  );
}
