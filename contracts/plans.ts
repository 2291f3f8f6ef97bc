export const planIds = ["free", "premium", "professional"] as const;
export type PlanId = (typeof planIds)[number];

export interface Plan {
  id: PlanId;
  name: string;
  monthlyPriceCents: number;
  /** The platform's share of each charge, card processing included (ADR 037). */
  feePercent: number;
  /** Professional: card processing is passed through at Stripe's cost on top of the fee. */
  passesProcessingThrough: boolean;
}

export const plans: readonly Plan[] = [
  {
    id: "free",
    name: "Free",
    monthlyPriceCents: 0,
    feePercent: 15,
    passesProcessingThrough: false,
  },
  {
    id: "premium",
    name: "Premium",
    monthlyPriceCents: 19_900,
    feePercent: 5,
    passesProcessingThrough: false,
  },
  {
    id: "professional",
    name: "Professional",
    monthlyPriceCents: 49_900,
    feePercent: 0,
    passesProcessingThrough: true,
  },
];

export function planById(id: PlanId): Plan {
  const plan = plans.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

/**
 * Stripe's standard US card rate, in hundredths of a percent and cents: what a Professional
 * creator's charge costs the platform to process, and so what it passes through (ADR 037).
 * Cards that cost more (international, conversion) are the platform's cost.
 */
export const CARD_PROCESSING = { basisPoints: 290, fixedCents: 30 } as const;

/**
 * How many subscriptions (offerings) one creator can have: each is a Stripe product on the
 * platform's shared account. The server enforces it; the plan copy says it.
 */
export const MAX_OFFERINGS_PER_CREATOR = 200;

/** The plan every creator starts on, and falls back to when a paid plan ends. */
export const FREE_PLAN_FEE_PERCENT = planById("free").feePercent;

/**
 * The platform's fee on one charge of `chargeCents` under `plan`: every fee we set on an
 * invoice, expect, record or reconcile comes from here (ADR 037). Nothing is charged on $0.
 * Free and Premium: the plan's share, rounded to the cent (half up, as splitPlatformFee).
 * Professional: Stripe's processing, never more than the charge itself.
 */
export function applicationFeeCents(plan: PlanId, chargeCents: number): number {
  if (chargeCents <= 0) return 0;
  const terms = planById(plan);
  if (!terms.passesProcessingThrough) return Math.round((chargeCents * terms.feePercent) / 100);
  const processing =
    Math.round((chargeCents * CARD_PROCESSING.basisPoints) / 10_000) + CARD_PROCESSING.fixedCents;
  return Math.min(chargeCents, processing);
}

/**
 * The `application_fee_percent` a subscription of `priceCents` carries under `plan`, for the
 * invoices Stripe finalizes at once (a first invoice, a switch's proration), which take their
 * fee from it. Stripe takes two decimals: Professional's pass-through is rounded up, so the
 * platform never pays processing on them (at most a hundredth of a percent over; a renewal's
 * own fee is set exactly on its draft). Capped at 100.
 */
export function subscriptionFeePercent(plan: PlanId, priceCents: number): number {
  const terms = planById(plan);
  if (!terms.passesProcessingThrough) return terms.feePercent;
  if (priceCents <= 0) return 0;
  // In hundredths of a percent: 2.90% plus the fixed 30¢ as a share of the price.
  const hundredths =
    CARD_PROCESSING.basisPoints + Math.ceil((CARD_PROCESSING.fixedCents * 10_000) / priceCents);
  return Math.min(10_000, hundredths) / 100;
}

/**
 * Whether `takenCents` is the right fee on a charge under `plan`: exactly `applicationFeeCents`,
 * except that an invoice Stripe finalized at once took Professional's pass-through as a
 * percentage rounded up (`subscriptionFeePercent`), which may be over by that rounding, never
 * under. The nightly reconciliation reports every fee that doesn't fit.
 */
export function feeFitsPlan(plan: PlanId, chargeCents: number, takenCents: number): boolean {
  const exact = applicationFeeCents(plan, chargeCents);
  if (takenCents === exact) return true;
  if (!planById(plan).passesProcessingThrough) return false;
  return takenCents > exact && takenCents - exact <= Math.ceil(chargeCents / 10_000) + 1;
}
