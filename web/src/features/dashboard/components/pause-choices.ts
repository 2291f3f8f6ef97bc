import { type Cadence, stripeRecurringOf } from "@contracts/cadence";
import { MAX_PAUSE_PERIODS } from "@contracts/subscription-control";

/** The Pausing select's values: 0 (customers can't pause), then 1 to 8 of the offering's periods. */
export const pausePeriodChoices = Array.from({ length: MAX_PAUSE_PERIODS + 1 }, (_, n) => n);

/**
 * A choice as a length of time in the cadence chosen beside it: "Up to 4 months", and for the
 * cadences billed every few weeks or months the whole span ("Up to 3 × 2 weeks" reads as a sum
 * to work out, "Up to 6 weeks" doesn't).
 */
export function pauseChoiceLabel(periods: number, cadence: Cadence): string {
  if (periods <= 0) return "Customers can't pause";
  const { interval, interval_count: count } = stripeRecurringOf(cadence);
  const span = periods * count;
  return `Up to ${span} ${span === 1 ? interval : `${interval}s`}`;
}
