import type { Cadence } from "../../../contracts/cadence";

// When a subscription renews, as Stripe counts: each period is a number of weeks or months
// from the one before, and a monthly date keeps the billing anchor's day of the month,
// clamped to the month's last day (an anchor on the 31st renews Feb 28, then Mar 31).

const STEP: Record<Cadence, { weeks: number } | { months: number }> = {
  week: { weeks: 1 },
  two_weeks: { weeks: 2 },
  month: { months: 1 },
  three_months: { months: 3 },
  year: { months: 12 },
};

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The k-th renewal after the one at `periodEnd` (k = 0 is `periodEnd` itself). `anchor` is the
 * subscription's billing_cycle_anchor, whose day of the month the monthly dates keep.
 */
export function nthRenewal(periodEnd: Date, anchor: Date, cadence: Cadence, k: number): Date {
  const step = STEP[cadence];
  if ("weeks" in step) return new Date(periodEnd.getTime() + k * step.weeks * 7 * 86_400_000);
  const target = periodEnd.getUTCMonth() + k * step.months;
  const year = periodEnd.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      periodEnd.getUTCHours(),
      periodEnd.getUTCMinutes(),
      periodEnd.getUTCSeconds(),
    ),
  );
}

/**
 * The first renewal on or after `date`, and how many renewals before it are passed over
 * (0 when it is the one at `periodEnd`).
 */
export function firstRenewalOnOrAfter(
  periodEnd: Date,
  anchor: Date,
  cadence: Cadence,
  date: Date,
): { at: Date; skipped: number } {
  // Ten years of weekly renewals is the furthest any caller looks.
  for (let k = 0; k < 600; k += 1) {
    const at = nthRenewal(periodEnd, anchor, cadence, k);
    if (at >= date) return { at, skipped: k };
  }
  throw new RangeError("The date is more than ten years of renewals away.");
}
