import type Stripe from "stripe";

// Billing periods and the dunning schedule.

/** Smart-retry-like schedule for failed renewals: days after the first failure. */
export const RETRY_DAYS = [3, 5, 7];

const DAY_SECONDS = 86_400;

/** Stripe's longest billing interval is three years, in whatever unit the price counts. */
export const MAX_INTERVAL_COUNT: Record<Stripe.Price.Recurring.Interval, number> = {
  day: 1095,
  week: 156,
  month: 36,
  year: 3,
};

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The end of a period that starts at `unix` and lasts `count` intervals. Months and years keep
 * the day of the month of `anchor` (the subscription's billing_cycle_anchor), clamped to the
 * month's last day: an anchor on Jan 31 gives Feb 28, then Mar 31, as on Stripe; Feb 29 plus a
 * year is Feb 28.
 */
export function addInterval(
  unix: number,
  interval: Stripe.Price.Recurring.Interval,
  count = 1,
  anchor: number = unix,
): number {
  if (interval === "day") return unix + count * DAY_SECONDS;
  if (interval === "week") return unix + count * 7 * DAY_SECONDS;
  const months = interval === "year" ? 12 * count : count;
  const from = new Date(unix * 1000);
  const target = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const day = Math.min(new Date(anchor * 1000).getUTCDate(), daysInMonth(year, month));
  const next = Date.UTC(
    year,
    month,
    day,
    from.getUTCHours(),
    from.getUTCMinutes(),
    from.getUTCSeconds(),
  );
  return Math.floor(next / 1000);
}

/** The end of a subscription period that starts at `start`, by the item's price. */
export function periodEndOf(
  price: Pick<Stripe.Price, "recurring">,
  start: number,
  anchor: number = start,
): number {
  const recurring = price.recurring;
  return addInterval(start, recurring?.interval ?? "month", recurring?.interval_count ?? 1, anchor);
}
