import { type Cadence, formatPeriods } from "@contracts/cadence";
import { MAX_PAUSE_PERIODS } from "@contracts/subscription-control";

/** The Pausing select's values: 0 (customers can't pause), then 1 to 8 of the offering's periods. */
export const pausePeriodChoices = Array.from({ length: MAX_PAUSE_PERIODS + 1 }, (_, n) => n);

/**
 * A choice as time in the cadence chosen beside it, worded as the self-service page words a
 * pause: "Up to 4 months"; for every 2 weeks the whole span, "Up to 6 weeks", not "3 × 2 weeks".
 */
export function pauseChoiceLabel(periods: number, cadence: Cadence): string {
  return periods <= 0 ? "Customers can't pause" : `Up to ${formatPeriods(periods, cadence)}`;
}
