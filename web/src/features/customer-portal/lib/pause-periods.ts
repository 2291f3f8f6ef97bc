import { type Cadence, stripeRecurringOf } from "@contracts/cadence";

// The words and dates of a pause, as the page previews them before asking the server. Stripe
// counts months from the renewal's day, clamped to a shorter month's end, and so does this.

function addMonths(from: Date, months: number): Date {
  const day = from.getUTCDate();
  const moved = new Date(from);
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0),
  ).getUTCDate();
  moved.setUTCDate(Math.min(day, lastDay));
  return moved;
}

/** The renewal `periods` periods after `iso` (ISO 8601 in, ISO 8601 out). */
export function renewalAfter(iso: string, cadence: Cadence, periods: number): string {
  const { interval, interval_count } = stripeRecurringOf(cadence);
  const from = new Date(iso);
  const steps = periods * interval_count;
  if (interval === "week") return new Date(from.getTime() + steps * 7 * 86_400_000).toISOString();
  return addMonths(from, interval === "year" ? steps * 12 : steps).toISOString();
}

/** The first renewal on or after a day (YYYY-MM-DD, the reader's own midnight): a pause's end. */
export function firstRenewalFrom(nextChargeAt: string, cadence: Cadence, day: string): string {
  const from = new Date(`${day}T00:00:00`).getTime();
  let periods = 0;
  let renewal = nextChargeAt;
  // A pause is at most a few years long; the bound only guards against a bad date.
  while (new Date(renewal).getTime() < from && periods < 520) {
    periods += 1;
    renewal = renewalAfter(nextChargeAt, cadence, periods);
  }
  return renewal;
}

/** A day as a date input writes it (YYYY-MM-DD), in the reader's time zone. */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
