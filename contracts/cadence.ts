import { z } from "zod";
import { formatCents } from "./money";

// How often an offering bills (issue 20, ADR 032). Five cadences, each one Stripe recurring
// interval; every price the product shows, every e-mail and every metric reads them from here.

export const cadences = ["week", "two_weeks", "month", "three_months", "year"] as const;
export type Cadence = (typeof cadences)[number];

/** What every offering was before cadences, and what a create request that names none gets. */
export const DEFAULT_CADENCE: Cadence = "month";

interface CadenceFacts {
  /** The create form's choice. */
  label: string;
  /** Stripe's `recurring`. */
  interval: "week" | "month" | "year";
  intervalCount: number;
  /** After a price: "$25.00/week", "$45.00 every 2 weeks". */
  suffix: string;
  /** "billed weekly". */
  adverb: string;
  /** The period's noun for JSON-LD's unitText and "per …" phrases. */
  unit: string;
  /** Charges in a year: 52, 26, 12, 4, 1. Monthly revenue is price × perYear / 12. */
  perYear: number;
}

// A year is 52 weeks or 12 months; "every 3 months" is Stripe's month interval three times,
// with its month-end clamping.
const FACTS: Record<Cadence, CadenceFacts> = {
  week: {
    label: "Every week",
    interval: "week",
    intervalCount: 1,
    suffix: "/week",
    adverb: "weekly",
    unit: "week",
    perYear: 52,
  },
  two_weeks: {
    label: "Every 2 weeks",
    interval: "week",
    intervalCount: 2,
    suffix: " every 2 weeks",
    adverb: "every 2 weeks",
    unit: "2 weeks",
    perYear: 26,
  },
  month: {
    label: "Every month",
    interval: "month",
    intervalCount: 1,
    suffix: "/month",
    adverb: "monthly",
    unit: "month",
    perYear: 12,
  },
  three_months: {
    label: "Every 3 months",
    interval: "month",
    intervalCount: 3,
    suffix: " every 3 months",
    adverb: "every 3 months",
    unit: "3 months",
    perYear: 4,
  },
  year: {
    label: "Every year",
    interval: "year",
    intervalCount: 1,
    suffix: "/year",
    adverb: "yearly",
    unit: "year",
    perYear: 1,
  },
};

export const cadenceSchema = z.enum(cadences, {
  error:
    "Cadence must be one of: every week, every 2 weeks, every month, every 3 months, every year",
});

export function cadenceLabel(cadence: Cadence): string {
  return FACTS[cadence].label;
}

export function cadenceAdverb(cadence: Cadence): string {
  return FACTS[cadence].adverb;
}

export function cadenceUnit(cadence: Cadence): string {
  return FACTS[cadence].unit;
}

/** A number of periods as time: 3 weekly ones are "3 weeks", 2 of every 3 months "6 months". */
export function formatPeriods(periods: number, cadence: Cadence): string {
  const { interval, intervalCount } = FACTS[cadence];
  const count = periods * intervalCount;
  return `${count} ${interval}${count === 1 ? "" : "s"}`;
}

/** How many charges a year brings: weekly 52, every 2 weeks 26, monthly 12, … */
export function chargesPerYear(cadence: Cadence): number {
  return FACTS[cadence].perYear;
}

/** "$25.00/week", "$45.00 every 2 weeks", "$25.00/month", "$90.00 every 3 months". */
export function formatCadencePrice(cents: number, cadence: Cadence): string {
  return `${formatCents(cents)}${FACTS[cadence].suffix}`;
}

/** A price as its customer reads it: "Free" when nothing is billed, else with its cadence. */
export function formatSubscriptionPrice(cents: number, cadence: Cadence): string {
  return cents === 0 ? "Free" : formatCadencePrice(cents, cadence);
}

/**
 * One charge as a month's worth, for monthly revenue (docs/metrics.md): weekly × 52/12, every
 * 2 weeks × 26/12, every 3 months ÷ 3, yearly ÷ 12. Not rounded: sum first, round once.
 */
export function monthlyEquivalent(cents: number, cadence: Cadence): number {
  return (cents * FACTS[cadence].perYear) / 12;
}

/** Stripe's `recurring` for a cadence: a Price's interval and interval count. */
export function stripeRecurringOf(cadence: Cadence): {
  interval: "week" | "month" | "year";
  interval_count: number;
} {
  const { interval, intervalCount } = FACTS[cadence];
  return { interval, interval_count: intervalCount };
}

/**
 * The cadence of a Stripe recurring interval, or null for one Regulars doesn't sell (a price
 * made outside Regulars). "Every 12 months" is a year.
 */
export function cadenceOfRecurring(
  recurring: { interval: string; interval_count: number } | null | undefined,
): Cadence | null {
  if (!recurring) return null;
  const { interval, interval_count: count } = recurring;
  if (interval === "year" && count === 1) return "year";
  if (interval === "month" && count === 12) return "year";
  for (const cadence of cadences) {
    const facts = FACTS[cadence];
    if (facts.interval === interval && facts.intervalCount === count) return cadence;
  }
  return null;
}
