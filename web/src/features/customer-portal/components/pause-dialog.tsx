import { type Cadence, formatPeriods } from "@contracts/cadence";
import type { PauseRequest } from "@contracts/subscription-control";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { dayOf, firstRenewalFrom, renewalAfter } from "../lib/pause-periods";
import { useDateFormat } from "../lib/portal-dates";

const UNTIL = "until";
const selectClasses =
  "h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-950 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 sm:h-10 sm:text-sm";

/**
 * Confirms a skip (one period) or a pause (some periods, or until a day), saying when the next
 * charge will be before anything changes.
 */
export function PauseDialog({
  mode,
  cadence,
  maxPeriods,
  nextChargeAt,
  isPausing,
  onOpenChange,
  onConfirm,
}: {
  mode: "skip" | "pause";
  cadence: Cadence;
  maxPeriods: number;
  nextChargeAt: string | null;
  isPausing: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (request: PauseRequest) => void;
}) {
  const id = useId();
  const dateOf = useDateFormat();
  const [length, setLength] = useState("1");
  const [until, setUntil] = useState("");
  const isUntil = mode === "pause" && length === UNTIL;
  const tomorrow = dayOf(new Date(Date.now() + 86_400_000));
  // A day past the longest pause would skip more periods than the business allows.
  const lastDay = nextChargeAt
    ? dayOf(new Date(renewalAfter(nextChargeAt, cadence, maxPeriods)))
    : undefined;
  const isUntilValid = until !== "" && until >= tomorrow && (!lastDay || until <= lastDay);
  const periods = mode === "skip" || isUntil ? 1 : Number(length);

  let resumesAt: string | null = null;
  if (nextChargeAt && !isUntil) resumesAt = renewalAfter(nextChargeAt, cadence, periods);
  if (nextChargeAt && isUntil && isUntilValid)
    resumesAt = firstRenewalFrom(nextChargeAt, cadence, until);
  const nextCharge = resumesAt ? `Your next charge is on ${dateOf(resumesAt)}.` : null;

  const isSkip = mode === "skip";
  const lengths = Array.from({ length: maxPeriods }, (_, i) => i + 1);
  const confirmLabel = isSkip
    ? { idle: "Skip the next visit", working: "Skipping..." }
    : { idle: "Pause", working: "Pausing..." };
  const description = isSkip
    ? [nextChargeAt ? `You won't be charged on ${dateOf(nextChargeAt)}.` : null, nextCharge]
        .filter(Boolean)
        .join(" ")
    : "You're not charged while paused, and your subscription resumes by itself.";

  return (
    <Dialog
      open
      onOpenChange={(next) => (isPausing ? undefined : onOpenChange(next))}
      title={isSkip ? "Skip the next visit?" : "Pause your subscription"}
      description={description || undefined}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (isUntil) onConfirm({ until });
          else onConfirm({ periods });
        }}
      >
        {isSkip ? null : (
          <>
            <Field id={`${id}-length`} label="Pause for">
              <select
                id={`${id}-length`}
                className={selectClasses}
                value={length}
                onChange={(event) => setLength(event.target.value)}
                disabled={isPausing}
              >
                {lengths.map((n) => (
                  <option key={n} value={String(n)}>
                    {formatPeriods(n, cadence)}
                  </option>
                ))}
                <option value={UNTIL}>Until a date</option>
              </select>
            </Field>
            {isUntil ? (
              <Field
                id={`${id}-until`}
                label="Pause until"
                hint={lastDay ? `Up to ${dateOf(`${lastDay}T12:00:00`)}.` : undefined}
              >
                <input
                  id={`${id}-until`}
                  type="date"
                  className={selectClasses}
                  min={tomorrow}
                  max={lastDay}
                  value={until}
                  onChange={(event) => setUntil(event.target.value)}
                  disabled={isPausing}
                  required
                />
              </Field>
            ) : null}
            {nextCharge ? (
              <p className="tabular text-sm font-medium text-gray-950" aria-live="polite">
                {nextCharge}
              </p>
            ) : null}
          </>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isPausing}>
            Not now
          </Button>
          <Button type="submit" disabled={isPausing || (isUntil && !isUntilValid)}>
            {isPausing ? confirmLabel.working : confirmLabel.idle}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
