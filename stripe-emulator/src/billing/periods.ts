// Billing periods and the dunning schedule.

const MONTH_SECONDS = 30 * 24 * 3600;
/** Smart-retry-like schedule for failed renewals: days after the first failure. */
export const RETRY_DAYS = [3, 5, 7];

export function addMonth(unix: number): number {
  const d = new Date(unix * 1000);
  const next = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  // Jan 31 + 1 month: clamp to the month's last day, as Stripe does.
  if (next.getUTCDate() !== d.getUTCDate()) next.setUTCDate(0);
  return Math.floor(next.getTime() / 1000) || unix + MONTH_SECONDS;
}
